/**
 * The bench's Lighthouse step alone: `npx tsx bench/lighthouse.ts [path] [runs] [--buyer]` builds and
 * serves the app as `npm run bench` does (scripts/start.ts on BENCH_PORT, default 8799), or audits LIGHTHOUSE_ORIGIN
 * when set, and prints each run with the machine's load average, then the bench's median. `--buyer` audits the page as
 * the bench audits /cards: a new buyer signed in through the /login form, with the bench's target for their library.
 *
 * LIGHTHOUSE_ORIGIN may name several servers, comma-separated (two builds served side by side, say): the runs then
 * alternate between them run by run, so a change of the machine's load falls on both, and each gets its median.
 * With LIGHTHOUSE_LHR_DIR set, each run's full report (the LHR JSON) is written there, and each run's line is followed
 * by its long tasks and the scripts' main-thread time, to see what the blocking time is made of.
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { offlineWranglerEnv } from "../scripts/lib/run";
import { waitForOk } from "../scripts/lib/wait-for-ok";
import {
  BUYER_LIBRARY_LIGHTHOUSE_TARGETS,
  buyerLibrarySession,
  describeLighthouse,
  describeMainThread,
  LANDING_LIGHTHOUSE_TARGETS,
  type LighthouseFigures,
  type LighthouseSession,
  runLighthouse,
} from "./lib/lighthouse";

const [path = "/", runsArg = "5"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const runs = Number(runsArg);
const asBuyer = process.argv.includes("--buyer");
const port = process.env.BENCH_PORT ?? "8799";
const origins = (process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${port}`).split(",").map((origin) => origin.trim());
const lhrDir = process.env.LIGHTHOUSE_LHR_DIR;

const server = process.env.LIGHTHOUSE_ORIGIN
  ? null
  : spawn("npx", ["tsx", "scripts/start.ts"], {
      env: { ...process.env, ...offlineWranglerEnv, PORT: port, WITHOUT_INSPECTOR: "1" },
      stdio: "ignore",
      detached: true,
    });
try {
  const sessions = new Map<string, LighthouseSession | undefined>();
  for (const origin of origins) {
    await waitForOk(`${origin}${path}`, 120_000);
    sessions.set(origin, asBuyer ? await buyerLibrarySession(origin, "lighthouse-buyer") : undefined);
  }
  const figures = new Map<string, LighthouseFigures[]>(origins.map((origin) => [origin, []]));
  for (let run = 0; run < runs; run++) {
    for (const origin of origins) {
      const load = loadavg()[0]?.toFixed(2);
      const result = await runLighthouse(`${origin}${path}`, sessions.get(origin), lhrDir);
      figures.get(origin)?.push(result);
      console.log(
        `${origins.length > 1 ? `${origin} ` : ""}run ${run + 1}: performance ${result.scores.performance}, LCP ${result.lcpMs.toFixed(0)} ms, ` +
          `FCP ${result.fcpMs.toFixed(0)} ms, TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)} (load average ${load} before the run)`,
      );
      if (lhrDir) for (const line of describeMainThread(result)) console.log(`  ${line}`);
    }
  }
  const targets = asBuyer ? BUYER_LIBRARY_LIGHTHOUSE_TARGETS : LANDING_LIGHTHOUSE_TARGETS;
  for (const origin of origins) {
    if (origins.length > 1) console.log(`\n${origin}:`);
    for (const line of describeLighthouse(path, figures.get(origin) ?? [], targets)) console.log(line);
  }
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}
