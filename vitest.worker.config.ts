import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { unstable_readConfig } from "wrangler";
import { defineConfig } from "vitest/config";
import { aliases } from "./vitest.shared.ts";

/**
 * Worker integration tests: the real Worker (worker/index.ts + the Remix build) in workerd,
 * with local D1/KV/R2 from wrangler.toml. D1 is migrated from the committed migrations and
 * seeded before each test file (storage is isolated per file). Run `remix build` first. Email queued by the app
 * is delivered by tests/worker/email-queue.ts through the Worker's queue() handler.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./db/migrations");
  // The queue consumers and crons as wrangler.toml declares them: the tests' queue runs by the same settings.
  const { queues, triggers } = unstable_readConfig({ config: "./wrangler.toml" });
  return {
    plugins: [
      cloudflareTest({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            ENVIRONMENT: "development",
            APP_ORIGIN: "http://localhost:8787",
            // Tests change the collection in D1 and expect the next page to show it at once.
            PUBLIC_CONTENT_TTL_SECONDS: "0",
            TEST_MIGRATIONS: migrations,
            TEST_QUEUE_CONSUMERS: queues.consumers ?? [],
            TEST_CRONS: triggers.crons ?? [],
          },
        },
      }),
    ],
    resolve: { alias: aliases },
    test: {
      include: ["tests/worker/**/*.test.ts"],
      // Integration tests draw PNGs, build the PDF and hash passwords in workerd: on a busy 2-core machine one can
      // pass 5 s without anything being wrong. A rate limit's burst may first wait up to 15 s for the next minute's
      // window (awayFromWindowEdge in tests/worker/helpers.ts).
      testTimeout: 40_000,
      setupFiles: ["./tests/worker/setup.ts"],
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
        },
      },
    },
  };
});
