/**
 * `npm test`: every check, in the order that fails fastest, as phases of steps; the steps of a phase run side by side
 * (they share no output: docs/decisions/028-test-harness.md). At the end it prints each step's time and the 10 slowest
 * files of the Worker and browser steps, from the runners' JSON reports. To add a step, add it to a phase below.
 * 1. format and lint, generated Worker types up to date
 * 2. type check, unit and Node tests (a real Redis; the deploy against a fake wrangler), build (the app, then the
 *    service worker)  3. the deploy's dry run (the bundle and its size against Workers' limits, the plan; no account)
 *    beside the Worker integration tests (workerd + local D1)  4. browser tests (Chromium against Miniflare).
 */
import { readFileSync, rmSync } from "node:fs";
import { run } from "./lib/run";

type Step = { name: string; command: string; args: string[] };
const step = (name: string, command: string, ...args: string[]): Step => ({ name, command, args });

// Outside test-results/, which Playwright empties when it starts. Cleared first: a summary never shows an old run.
const REPORTS = ".cache/test-reports";
const WORKER_REPORT = `${REPORTS}/worker.json`;
/** Written by playwright.config.ts's json reporter. */
const BROWSER_REPORT = `${REPORTS}/e2e.json`;
rmSync(REPORTS, { recursive: true, force: true });

const phases: Step[][] = [
  [step("Format and lint", "npx", "biome", "check", "."), step("Worker types up to date", "npx", "tsx", "scripts/check-worker-types.ts")],
  [
    step("Type check", "npx", "tsc", "--noEmit"),
    step("Unit and Node tests", "npx", "vitest", "run", "--config", "vitest.unit.config.ts"),
    step("Build", "npm", "run", "build"),
  ],
  [
    // The build is the one just made: the dry run bundles it as `npm run deploy` would (docs/decisions/029). It only
    // reads build/, as the Worker tests do, so the two run side by side.
    step("Deploy dry run", "npx", "tsx", "scripts/deploy.ts", "--dry-run", "--skip-build"),
    step(
      "Worker integration tests",
      "npx",
      "vitest",
      "run",
      "--config",
      "vitest.worker.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${WORKER_REPORT}`,
    ),
  ],
  [step("Browser tests", "npx", "playwright", "test")],
];

const timings: [string, number][] = [];
const startedAt = Date.now();

async function runStep({ name, command, args }: Step) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  await run(command, args).catch((error: Error) => {
    throw new Error(`${name} failed: ${error.message}`);
  });
  const seconds = (Date.now() - stepStart) / 1000;
  timings.push([name, seconds]);
  console.log(`✔ ${name} (${seconds.toFixed(1)} s)`);
}

try {
  for (const phase of phases) {
    const results = await Promise.allSettled(phase.map(runStep));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }
} catch (error) {
  console.error(`\n✖ ${(error as Error).message}`);
  printSummary();
  process.exit(1);
}
printSummary();
console.log(`\nAll test steps passed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

function printSummary() {
  console.log("\nStep times:");
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  printSlowest("Worker integration tests", WORKER_REPORT, workerFileTimes);
  printSlowest("Browser tests", BROWSER_REPORT, browserFileTimes);
}

function printSlowest(title: string, path: string, read: (report: unknown) => Map<string, number>) {
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return; // The step did not run (an earlier one failed).
  }
  const slowest = [...read(report)].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`\n10 slowest files, ${title}:`);
  for (const [file, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

/** vitest's JSON report: one entry per file, with its start and end. */
function workerFileTimes(report: unknown): Map<string, number> {
  const { testResults } = report as { testResults: { name: string; startTime: number; endTime: number }[] };
  return new Map(testResults.map((file) => [relative(file.name), file.endTime - file.startTime]));
}

type PlaywrightSuite = { file: string; suites?: PlaywrightSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };

/** Playwright's JSON report: the time of every test result (both projects, retries included), summed per file. */
function browserFileTimes(report: unknown): Map<string, number> {
  const totals = new Map<string, number>();
  const visit = (suite: PlaywrightSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) for (const result of test.results) totals.set(file, (totals.get(file) ?? 0) + result.duration);
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of (report as { suites: PlaywrightSuite[] }).suites) visit(suite, `tests/e2e/${suite.file}`);
  return totals;
}

function relative(path: string) {
  return path.startsWith(process.cwd()) ? path.slice(process.cwd().length + 1) : path;
}
