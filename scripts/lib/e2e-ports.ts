/** The browser tests' server (scripts/e2e-server.ts): the app's port, and beside it the port that fires Cron Triggers. */
export const E2E_PORT = process.env.E2E_PORT ?? "8788";

/** The control port of a test server started on `appPort` (unless E2E_CONTROL_PORT says otherwise). */
export function controlPortFor(appPort: string): string {
  return String(Number(appPort) + 10);
}

export const E2E_CONTROL_PORT = process.env.E2E_CONTROL_PORT ?? controlPortFor(E2E_PORT);

/** Answers 200 once the server on `controlPort` has migrated and seeded its database: what Playwright and scripts wait for. */
export function readyUrlFor(controlPort: string): string {
  return `http://127.0.0.1:${controlPort}/ready`;
}

export const E2E_READY_URL = readyUrlFor(E2E_CONTROL_PORT);
