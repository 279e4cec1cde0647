/**
 * `npm run test:stress`: the whole of `npm test` while two busy loops hold both cores, a stand-in for a loaded CI
 * machine (docs/decisions/028-test-harness.md). It must pass all the same: nothing in the suite may count on spare CPU.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { run } from "./lib/run";

const LOOPS = 2;
const loops: ChildProcess[] = Array.from({ length: LOOPS }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
console.log(`▶ ${LOOPS} busy loops running (pids ${loops.map((loop) => loop.pid).join(", ")}) on ${availableParallelism()} cores`);

let failed = false;
try {
  await run("npx", ["tsx", "scripts/test.ts"]);
} catch (error) {
  console.error(`✖ npm test under load: ${(error as Error).message}`);
  failed = true;
} finally {
  for (const loop of loops) loop.kill("SIGKILL");
}
process.exit(failed ? 1 : 0);
