/** The browser tests' server (scripts/e2e-server.ts): the app's port, and beside it the port that fires Cron Triggers. */
export const E2E_PORT = process.env.E2E_PORT ?? "8788";
export const E2E_CONTROL_PORT = process.env.E2E_CONTROL_PORT ?? String(Number(E2E_PORT) + 10);
