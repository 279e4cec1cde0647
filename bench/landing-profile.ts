/**
 * Where a page's main thread goes once it has loaded, in Debian's Chromium with no throttling, at a phone's size
 * (docs/performance.md, "The landing beside a bare Remix page"). Two readings of the same kind of load:
 * - the long tasks of a trace (over 8 ms each, so over 32 ms on Lighthouse's four-times-slower phone), each with what
 *   ran in it: a function call (by name and file), a module's evaluation, parse, style and layout;
 * - a JavaScript CPU profile, its time summed by phase (a module's top-level evaluation, React's work loop, an idle
 *   callback such as the script starter) and by file.
 *
 *   npx tsx bench/landing-profile.ts http://127.0.0.1:8798/ [loads]
 *
 * Minified names are the build's; the files say whose code it is (React DOM is the largest `_shared` chunk).
 */
import { readFileSync, rmSync } from "node:fs";
import { type BrowserContext, chromium } from "playwright";

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
};
type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const url = process.argv[2] ?? "http://127.0.0.1:8798/";
const loads = Number(process.argv[3] ?? "3");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const phone = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 };
const file = (address: unknown) =>
  String(address ?? "")
    .split("/")
    .pop() || "(inline)";

/** A page of the same origin first, so the load measured keeps its renderer process. */
async function openSameOrigin(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(new URL("/favicon.svg", url).href);
  return page;
}

for (let load = 1; load <= loads; load++) {
  const context = await browser.newContext(phone);
  const page = await openSameOrigin(context);
  const tracePath = `/tmp/landing-profile-${process.pid}.json`;
  await browser.startTracing(page, { path: tracePath, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await page.goto(url);
  await page.waitForTimeout(4000);
  await browser.stopTracing();
  const events = (JSON.parse(readFileSync(tracePath, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  rmSync(tracePath);
  const parser = events.find((event) => event.name === "ParseHTML");
  const main = events.filter((event) => event.pid === parser?.pid && event.tid === parser?.tid);
  const start = main.find((event) => event.name === "RunTask")?.ts ?? 0;
  console.log(`load ${load}: tasks over 8 ms (start ms: duration ms, what ran in it)`);
  for (const task of main.filter((event) => event.name === "RunTask" && (event.dur ?? 0) > 8000)) {
    const inside = main.filter((event) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0) && (event.dur ?? 0) > 1000);
    const what = inside
      .filter((event) =>
        /^(FunctionCall|v8\.evaluateModule|EvaluateScript|ParseHTML|UpdateLayoutTree|Layout|Paint|FireIdleCallback|TimerFire)$/.test(
          event.name,
        ),
      )
      .map((event) => {
        const data = event.args?.data ?? {};
        const name = event.name === "FunctionCall" ? `${data.functionName || "(anonymous)"} in ${file(data.url)}` : event.name;
        return `${name} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
      });
    console.log(`  ${((task.ts - start) / 1000).toFixed(0)}: ${((task.dur ?? 0) / 1000).toFixed(1)} ms  ${what.join("; ")}`);
  }
  await context.close();
}

const byPhase = new Map<string, number>();
for (let load = 1; load <= loads; load++) {
  const context = await browser.newContext(phone);
  const page = await openSameOrigin(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(url);
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  profile.samples.forEach((sample, index) => {
    const frames: ProfileNode["callFrame"][] = [];
    for (let node = nodes.get(sample); node; node = nodes.get(parentOf.get(node.id) ?? -1)) frames.push(node.callFrame);
    const script = frames.filter((frame) => frame.url);
    const outermost = script.at(-1);
    if (!outermost) return;
    // A module's top-level code is an anonymous outermost frame; anything else is named by who called into the page.
    const phase = outermost.functionName === "" ? "module evaluation" : `${outermost.functionName}()`;
    const key = `${phase} | ${file(script[0]?.url)}`;
    byPhase.set(key, (byPhase.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  await context.close();
}
console.log("JavaScript by phase and file, ms a load (the outermost caller: React's work loop, an idle callback, ...):");
for (const [key, ms] of [...byPhase].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${(ms / loads).toFixed(1).padStart(6)}  ${key}`);
await browser.close();
