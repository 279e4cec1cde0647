/**
 * The server the browser tests drive: the real Worker under `wrangler dev` (workerd, local D1/KV/R2)
 * on its own port and its own fresh state directory, so tests never touch the data `npm start` serves.
 * Expects a current `npm run build` (the Remix build and the service worker; scripts/test.ts builds both first).
 */
import { rmSync } from "node:fs";
import { DEV_ADMIN } from "./lib/dev-admin";
import { run } from "./lib/run";
import { seedLocalDatabase } from "./seed";

export const E2E_PORT = process.env.E2E_PORT ?? "8788";
/** The state directory: the browser tests' own; `npm run simulate:experiments` passes another. */
const persistTo = process.env.PERSIST_TO ?? ".wrangler/e2e-state";

rmSync(persistTo, { recursive: true, force: true });
await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { CI: "true" });
await seedLocalDatabase({ persistTo });
await run("npx", [
  "wrangler",
  "dev",
  "--port",
  E2E_PORT,
  "--ip",
  "127.0.0.1",
  // /__scheduled?cron=... fires a Cron Trigger by hand (README, Development); the email queue's consumer runs here too.
  "--test-scheduled",
  "--persist-to",
  persistTo,
  "--var",
  "ENVIRONMENT:development",
  "--var",
  `APP_ORIGIN:http://127.0.0.1:${E2E_PORT}`,
  "--var",
  `ADMIN_EMAILS:${DEV_ADMIN.email}`,
  "--show-interactive-dev-session=false",
]);
