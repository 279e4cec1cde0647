/**
 * `npm test`: every check, in the order that fails fastest.
 * 1. format and lint  2. generated Worker types up to date  3. type check  4. unit and Node tests (a real Redis; the deploy against a fake wrangler)
 * 5. build (the app, then the service worker)  6. the deploy's dry run (bundle and its size against Workers' limits, the
 * plan; no account needed)  7. Worker integration tests (workerd + local D1)  8. browser tests (Chromium).
 */
import { run } from "./lib/run";

const steps: [string, string, string[]][] = [
  ["Format and lint", "npx", ["biome", "check", "."]],
  ["Worker types up to date", "npx", ["tsx", "scripts/check-worker-types.ts"]],
  ["Type check", "npx", ["tsc", "--noEmit"]],
  ["Unit and Node tests", "npx", ["vitest", "run", "--config", "vitest.unit.config.ts"]],
  ["Build", "npx", ["remix", "build"]],
  ["Service worker", "npx", ["tsx", "scripts/build-service-worker.ts"]],
  // The build is the one just made: the dry run bundles it as `npm run deploy` would (docs/decisions/029).
  ["Deploy dry run", "npx", ["tsx", "scripts/deploy.ts", "--dry-run", "--skip-build"]],
  ["Worker integration tests", "npx", ["vitest", "run", "--config", "vitest.worker.config.ts"]],
  ["Browser tests", "npx", ["playwright", "test"]],
];

const startedAt = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args);
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${((Date.now() - stepStart) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll test steps passed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
