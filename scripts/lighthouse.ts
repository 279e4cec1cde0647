/**
 * The bench's Lighthouse step alone (issue 25): `npx tsx scripts/lighthouse.ts [path] [runs]` builds and serves the
 * app as `npm run bench` does (scripts/start.ts on BENCH_PORT, default 8799), or audits LIGHTHOUSE_ORIGIN when set,
 * and prints each run with the machine's load average, then the bench's median. With LIGHTHOUSE_LHR_DIR set, each
 * run's full report (the LHR JSON) is written there, to read the LCP element, its phases and the long tasks.
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { describeLighthouse, LANDING_LIGHTHOUSE_TARGETS, type LighthouseFigures, runLighthouse } from "./lib/lighthouse-bench";
import { offlineWranglerEnv } from "./lib/run";
import { waitForOk } from "./lib/wait-for-ok";

const path = process.argv[2] ?? "/";
const runs = Number(process.argv[3] ?? 5);
const port = process.env.BENCH_PORT ?? "8799";
const origin = process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${port}`;

const server = process.env.LIGHTHOUSE_ORIGIN
  ? null
  : spawn("npx", ["tsx", "scripts/start.ts"], {
      env: { ...process.env, ...offlineWranglerEnv, PORT: port },
      stdio: "ignore",
      detached: true,
    });
try {
  await waitForOk(`${origin}${path}`, 120_000);
  const figures: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const load = loadavg()[0]?.toFixed(2);
    const result = await runLighthouse(`${origin}${path}`, undefined, process.env.LIGHTHOUSE_LHR_DIR);
    figures.push(result);
    console.log(
      `run ${run + 1}: performance ${result.scores.performance}, LCP ${result.lcpMs.toFixed(0)} ms, FCP ${result.fcpMs.toFixed(0)} ms, ` +
        `TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)} (load average ${load} before the run)`,
    );
  }
  for (const line of describeLighthouse(path, figures, LANDING_LIGHTHOUSE_TARGETS)) console.log(line);
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}
