import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_PORT, E2E_READY_URL } from "./scripts/lib/e2e-ports";

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real Worker in workerd, served
 * through Miniflare's API with no dev proxy in between (scripts/e2e-server.ts, docs/decisions/028-test-harness.md).
 * Every journey that submits a form or follows a link runs twice, with JavaScript and without. Two tags run once, with
 * JavaScript: `@js`, a check that needs a script by nature (speech, clipboard, hydration), and `@once`, a check of
 * what the server sends that no script changes (a page's sections, a redirect, a refusal), which the run with scripts
 * sees whole and checks for console errors besides.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(`Chromium not found at ${chromiumPath}. Install it with \`apt-get install -y chromium\` (Debian) or set CHROMIUM_PATH.`);
}

export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds the slowest-files summary at the end of `npm test` (scripts/test.ts).
  reporter: [["list"], ["json", { outputFile: ".cache/test-reports/e2e.json" }]],
  timeout: 30_000,
  // Signs the seeded admin in once for the run (after webServer is up); see the file for why.
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test keeps its trace of actions, requests and console, and a screenshot of the moment it failed. The
    // trace's DOM snapshots and screencast are off: recording them for every test (the library page has about 4,800
    // elements) took 30% of the step's time, 223 s against 153 s (docs/decisions/028-test-harness.md). For a full
    // trace of one test: `npx playwright test <file> --trace on`.
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false, sources: false },
    screenshot: "only-on-failure",
    // The app's service worker answers the pages' requests once it runs, where page.route() no longer sees them; only
    // the specs of the worker itself allow it (tests/e2e/offline.spec.ts, docs/decisions/025-installable-offline.md).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // A fake microphone that needs no permission prompt: Hear Again's recorder (tests/e2e/practice.spec.ts).
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
      ],
    },
  },
  projects: [
    { name: "javascript", use: { javaScriptEnabled: true } },
    // Tests tagged @js need a script by nature; tests tagged @once check what no script changes (see above).
    { name: "no-javascript", use: { javaScriptEnabled: false }, grepInvert: /@js\b|@once\b/ },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    // Answers once the database is migrated and seeded (scripts/e2e-server.ts).
    url: E2E_READY_URL,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { XDG_CONFIG_HOME: "/tmp/light-cards-e2e-config" },
  },
});
