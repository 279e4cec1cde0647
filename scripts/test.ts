/**
 * `npm test`: every test, in the order that fails fastest.
 * 1. type check  2. unit tests  3. build  4. Worker integration tests (workerd + local D1)  5. browser tests (Chromium).
 */
import { run } from "./lib/run";

const steps: [string, string, string[]][] = [
  ["Type check", "npx", ["tsc", "--noEmit"]],
  ["Unit tests", "npx", ["vitest", "run", "--config", "vitest.unit.config.ts"]],
  ["Build", "npx", ["remix", "build"]],
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
