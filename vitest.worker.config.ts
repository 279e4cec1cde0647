import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";
import { generateVapidKeys } from "./scripts/lib/vapid-keys.ts";
import { aliases, TEST_PASSWORD_HASH_ITERATIONS } from "./vitest.shared.ts";

/**
 * Worker integration tests: the real Worker (worker/index.ts + the Remix build) in workerd,
 * with local D1/KV/R2 from wrangler.toml. D1 is migrated from the committed migrations and
 * seeded before each test file (the files of one pool worker share its storage: see `isolate` below). Run `remix build` first. Email queued by the app
 * is delivered by tests/worker/email-queue.ts through the Worker's queue() handler.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./db/migrations");
  // The queue consumers and crons as wrangler.toml declares them: the tests' queue runs by the same settings.
  const { queues, triggers, ratelimits } = unstable_readConfig({ config: "./wrangler.toml" });
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
            // New passwords hash at a test cost; production always uses 100,000 (docs/decisions/028-test-harness.md).
            PASSWORD_HASH_ITERATIONS: TEST_PASSWORD_HASH_ITERATIONS,
            // Web Push's keys, a pair of the run's own (docs/decisions/046-web-push.md).
            ...(await generateVapidKeys()),
            TEST_MIGRATIONS: migrations,
            TEST_QUEUE_CONSUMERS: queues.consumers ?? [],
            TEST_CRONS: triggers.crons ?? [],
            TEST_RATE_LIMITS: ratelimits.map((binding: { name: string; simple: { limit: number; period: number } }) => ({
              name: binding.name,
              simple: binding.simple,
            })),
          },
        },
      }),
    ],
    resolve: { alias: aliases },
    test: {
      // The bench's counting Worker is tested here too: it wraps this Worker (bench/README.md).
      include: ["tests/worker/**/*.test.ts", "bench/**/*.test.ts"],
      // Integration tests draw PNGs, build the PDF and hash passwords in workerd: on a busy 2-core machine one can
      // pass 5 s without anything being wrong.
      testTimeout: 40_000,
      setupFiles: ["./tests/worker/setup.ts"],
      // One workerd per pool worker, booted once (the Worker's 2.8 MB build and its wasm, D1 migrated and seeded) and
      // shared by the files it runs, instead of one per file: the boot was most of the step's time. The files share
      // its storage too; they write their own rows (unique emails), and tests/worker/setup.ts resets what is shared.
      // docs/decisions/028-test-harness.md.
      isolate: false,
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
        },
      },
    },
  };
});
