import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { createDb } from "#db/client";
import { seedCollection } from "#db/seed/seed";
import { consoleErrors } from "./helpers";

// Each test file gets its own storage: migrate from the committed migrations, then seed.
beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await seedCollection(createDb(env.DB));
});

// A console.error during a test is a failure, not noise (tests that expect one say so).
beforeEach(() => {
  consoleErrors.length = 0;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const messages = consoleErrors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
    throw new Error(`console.error was called during the test:\n${messages.join("\n")}`);
  }
});
