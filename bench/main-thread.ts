/**
 * What a page's main thread does after its first paint, in thread time: `npx tsx bench/main-thread.ts [runs] <url>...`
 * loads each URL `runs` times (default 7) in Debian's Chromium, alternating the URLs run by run, with Lighthouse's
 * mobile viewport and no throttling, records a trace, and prints the medians by kind of work.
 *
 * Why thread time: Lighthouse's total blocking time is read from wall time, and on this shared 2-core machine a 3 ms task
 * often takes 30 ms of wall time while another process has the core, so the same build reads 100 ms or 700 ms. The
 * thread time a task spent running moves far less with the load; it is what a slower phone multiplies
 * (docs/decisions/042-landing-main-thread.md).
 */
import { chromium } from "@playwright/test";

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: Record<string, unknown> };
};

const KINDS: Record<string, string> = {
  ParseHTML: "parse",
  UpdateLayoutTree: "render",
  Layout: "render",
  PrePaint: "render",
  Paint: "render",
  Layerize: "render",
  "v8.compile": "compile",
  "v8.compileModule": "compile",
  "v8.evaluateModule": "evaluate",
  EvaluateScript: "js",
  FunctionCall: "js",
  FireIdleCallback: "js",
  TimerFire: "js",
  EventDispatch: "js",
  RunMicrotasks: "js",
  MinorGC: "gc",
  MajorGC: "gc",
};

const [first, ...rest] = process.argv.slice(2);
const runs = first && /^\d+$/.test(first) ? Number(first) : 7;
const urls = first && /^\d+$/.test(first) ? rest : process.argv.slice(2);
if (urls.length === 0) throw new Error("usage: npx tsx bench/main-thread.ts [runs] <url>...");

/** A run whose trace lost its navigation or first paint (rare, on a loaded machine) is repeated, up to three times. */
async function measure(url: string): Promise<Record<string, number>> {
  for (let attempt = 1; ; attempt++) {
    const figures = await measureOnce(url);
    if (figures) return figures;
    if (attempt === 3) throw new Error(`no navigation or first paint in three traces of ${url}`);
  }
}

/** Thread time (ms) after the first contentful paint: all of it, by kind, and the tasks that alone ran 12.5 ms or more. */
async function measureOnce(url: string): Promise<Record<string, number> | null> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "loading", "blink.user_timing"],
    });
    await page.goto(url, { waitUntil: "networkidle" });
    // The scripts start in an idle moment after load (decision 032) and hydrate in slices: two idle callbacks in a row
    // mean the main thread has nothing left to do.
    for (let idle = 0; idle < 2; idle++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    // The page's own navigation, not the blank page the tab opened with.
    const navigation = traceEvents.find((event) => {
      const data = event.args?.data as { isLoadingMainFrame?: boolean; documentLoaderURL?: string } | undefined;
      return event.name === "navigationStart" && data?.isLoadingMainFrame && data.documentLoaderURL?.startsWith("http");
    });
    const firstPaint = traceEvents.find((event) => event.name === "firstContentfulPaint" && event.pid === navigation?.pid);
    if (!navigation || !firstPaint) return null;
    const main = traceEvents
      .filter((event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ph === "X" && event.ts >= firstPaint.ts)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const figures: Record<string, number> = { total: 0, "long tasks": 0 };
    let taskEnd = 0;
    let childEnd = 0;
    for (const event of main) {
      const threadMs = (event.tdur ?? event.dur ?? 0) / 1000;
      if (event.name === "RunTask") {
        if (event.ts < taskEnd) continue;
        taskEnd = event.ts + (event.dur ?? 0);
        figures.total = (figures.total ?? 0) + threadMs;
        if (threadMs >= 12.5) figures["long tasks"] = (figures["long tasks"] ?? 0) + threadMs;
        continue;
      }
      const kind = KINDS[event.name];
      // Only the outermost event of a kind counts: a function call inside an evaluation is part of it.
      if (!kind || event.ts < childEnd) continue;
      childEnd = event.ts + (event.dur ?? 0);
      figures[kind] = (figures[kind] ?? 0) + threadMs;
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const results = new Map<string, Record<string, number>[]>(urls.map((url) => [url, []]));
for (let run = 0; run < runs; run++) {
  for (const url of urls) results.get(url)?.push(await measure(url));
}
const loads = (await import("node:os")).loadavg().map((load) => load.toFixed(2));
console.log(`Main-thread thread time after the first paint, ms, the median of ${runs} runs (load average now ${loads.join(", ")}):`);
for (const [url, figures] of results) {
  const kinds = ["total", "long tasks", "parse", "render", "compile", "evaluate", "js", "gc"];
  console.log(`  ${url}  ${kinds.map((kind) => `${kind} ${median(figures.map((f) => f[kind] ?? 0)).toFixed(1)}`).join(", ")}`);
}
