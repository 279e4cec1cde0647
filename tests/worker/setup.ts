import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { createDb } from "#db/client";
import { seedCollection } from "#db/seed/seed";
import { restoreFetch } from "../fakes/fetch";
import { rateLimitClock } from "../fakes/ratelimits";
import { resetStripeRecords } from "../fakes/stripe";
import { consoleErrors } from "./helpers";

// The files of one pool worker share one workerd and its storage (vitest.worker.config.ts): each file migrates (a no-op
// once done) and seeds again, which puts back any collection row a file before it changed.
beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await seedCollection(createDb(env.DB));
});

// A console.error during a test is a failure, not noise (tests that expect one say so).
beforeEach(() => {
  // Every test starts at the start of a rate-limit window, with no attempts counted (tests/fakes/ratelimits.ts).
  rateLimitClock.restartAtWindowStart();
  consoleErrors.length = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  // The fakes' state goes with the test (the files share one module graph, so a fake's own hook would not do).
  restoreFetch();
  resetStripeRecords();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const messages = consoleErrors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
    throw new Error(`console.error was called during the test:\n${messages.join("\n")}`);
  }
});
