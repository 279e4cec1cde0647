import { fileURLToPath } from "node:url";

/** The tsconfig path aliases, for vitest. */
export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "#db": fileURLToPath(new URL("./db", import.meta.url)),
};

/**
 * PBKDF2 iterations for passwords hashed in the tests (the Worker tests and the browser tests' server): a test cost.
 * Production ignores the setting and hashes at 100,000 (app/modules/config/config.server.ts).
 */
export const TEST_PASSWORD_HASH_ITERATIONS = "1000";
