/**
 * Lighthouse against a page of the local app: its default mobile run (a mid-range phone,
 * simulated slow 4G) in Debian's Chromium. For the bench only, never for `npm test`: the scores move with the machine.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signedInBuyer } from "./accounts";

export type LighthouseFigures = {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse says holds the paint back: failing audits with an estimated saving, largest first. */
  opportunities: string[];
  /** The page Lighthouse ended on, after any redirect (a lost session would end on /login). */
  finalUrl: string;
  /** The largest contentful paint's element (its selector) and its phases (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: string;
  /**
   * The requests that had finished when the page painted its largest element in the real, unthrottled load: Lighthouse's
   * simulation charges every one of them to the simulated LCP (docs/decisions/036-landing-lcp.md).
   */
  requestsBeforeLcp: string[];
  /**
   * What the main thread did, as the report reads its unthrottled trace: the long tasks (start, duration, the script
   * they are charged to), the scripts' time (evaluation, parse and compile) and the time by kind of work.
   */
  mainThread: { longTasks: string[]; scripts: string[]; work: string[] };
};

type DetailsTable = { items?: Array<Record<string, unknown> & { items?: Array<Record<string, unknown>> }> };

/**
 * A signed-in user as a browser carries them: the cookies a sign-in through the /login form sets, sent by Chromium
 * with every request of the run (Lighthouse's `extraHeaders`), and the heading that proves the audited page is theirs.
 */
export type LighthouseSession = { cookie: string; expectedHeading: string };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Attempts per run: a run whose trace Lighthouse could not read (`runtimeError`, e.g. NO_NAVSTART, seen about once in
 * twenty runs here) measured nothing, and used to enter the median as performance 0 (docs/decisions/036-landing-lcp.md).
 * Such a run is repeated; a page that fails every attempt still fails the bench.
 */
const ATTEMPTS = 3;

/** `lhrDir`: a folder to write each run's full report to (the LHR JSON), for reading what the figures come from. */
export async function runLighthouse(url: string, session?: LighthouseSession, lhrDir?: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    const figures = await runLighthouseOnce(url, session, lhrDir);
    if (!figures.runtimeError) return figures;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${figures.runtimeError}`);
    console.warn(`Lighthouse recorded no measurement of ${url} (${figures.runtimeError}); running it again`);
  }
}

async function runLighthouseOnce(
  url: string,
  session: LighthouseSession | undefined,
  lhrDir: string | undefined,
): Promise<LighthouseFigures & { runtimeError?: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: session ? { Cookie: session.cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhrDir) {
      mkdirSync(lhrDir, { recursive: true });
      writeFileSync(join(lhrDir, `lhr-${Date.now()}.json`), String(result.report));
    }
    if (session) expectAuditedPage(url, session, result.lhr.finalDisplayedUrl, result.artifacts.MainDocumentContent);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.map((ref) => ({ ref, audit: audits[ref.id] })))
      .filter(({ ref, audit }) => audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
      .map(({ audit }) => `${audit?.id}: ${audit?.title}${audit?.displayValue ? ` (${audit.displayValue})` : ""}`);
    return {
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
      },
      lcpMs: numeric("largest-contentful-paint"),
      fcpMs: numeric("first-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      opportunities: [...new Set(failing)],
      finalUrl: result.lhr.finalDisplayedUrl,
      ...largestContentfulPaint(audits),
      mainThread: mainThread(audits),
      runtimeError: result.lhr.runtimeError?.code,
    };
  } finally {
    await chrome.kill();
  }
}

/** What the simulated LCP is made of, read from the report's `largest-contentful-paint-element` and `metrics`. */
function largestContentfulPaint(audits: Record<string, { details?: unknown }>) {
  const [element, phases] = (audits["largest-contentful-paint-element"]?.details as DetailsTable | undefined)?.items ?? [];
  const node = element?.items?.[0]?.node as { selector?: string } | undefined;
  const metrics = (audits.metrics?.details as DetailsTable | undefined)?.items?.[0];
  const observedLcp = Number(metrics?.observedLargestContentfulPaint ?? Number.NaN);
  const requests = ((audits["network-requests"]?.details as DetailsTable | undefined)?.items ?? []).filter(
    (request) => Number(request.networkEndTime) <= observedLcp,
  );
  return {
    lcpElement: node?.selector ?? "none",
    lcpPhases: (phases?.items ?? []).map((phase) => `${phase.phase} ${Math.round(Number(phase.timing))} ms`).join(", "),
    requestsBeforeLcp: requests.map((request) => `${new URL(String(request.url)).pathname} (${request.priority})`),
  };
}

/** The report's `long-tasks`, `bootup-time` and `mainthread-work-breakdown`, a short line per item. */
function mainThread(audits: Record<string, { details?: unknown }>): LighthouseFigures["mainThread"] {
  const items = (id: string) => (audits[id]?.details as DetailsTable | undefined)?.items ?? [];
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const shortUrl = (url: unknown) => (URL.canParse(String(url)) ? new URL(String(url)).pathname : String(url));
  return {
    longTasks: items("long-tasks").map((task) => `${ms(task.duration)} at ${ms(task.startTime)} (${shortUrl(task.url)})`),
    scripts: items("bootup-time").map(
      (script) =>
        `${shortUrl(script.url)} ${ms(script.total)} (evaluation ${ms(script.scripting)}, parse ${ms(script.scriptParseCompile)})`,
    ),
    work: items("mainthread-work-breakdown").map((group) => `${group.groupLabel} ${ms(group.duration)}`),
  };
}

/** A run's main-thread findings, for reading what its total blocking time is made of. */
export function describeMainThread({ mainThread }: LighthouseFigures): string[] {
  return [
    `long tasks: ${mainThread.longTasks.join(", ") || "none"}`,
    `scripts: ${mainThread.scripts.join("; ") || "none"}`,
    `main thread: ${mainThread.work.join(", ")}`,
  ];
}

/** What a page must reach: the median performance score and, where the issue sets one, the median of the runs' LCPs. */
export type LighthouseTargets = { performance: number; lcpMs?: number; otherCategories?: number };

/** The targets for the landing: performance >= 99, the median LCP <= 1.2 s, the other three categories 100. */
export const LANDING_LIGHTHOUSE_TARGETS: LighthouseTargets = { performance: 99, lcpMs: 1200, otherCategories: 100 };

/** The target for /cards as a signed-in buyer. */
export const BUYER_LIBRARY_LIGHTHOUSE_TARGETS: LighthouseTargets = { performance: 95 };

/** The buyer's library as a browser meets it: a new buyer (test-mode payment) signed in through the /login form. */
export async function buyerLibrarySession(origin: string, label: string): Promise<LighthouseSession> {
  const buyer = await signedInBuyer(origin, label);
  return { cookie: await signInWithForm(origin, buyer.email, buyer.password, "/cards"), expectedHeading: "Your Collection" };
}

/** The median of a list of numbers (the middle one of an odd count, as the bench runs). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The median run by performance (Lighthouse's scores move from run to run on a shared machine), printed, with the
 * median of the runs' own LCPs beside it: the run with the median score may have any of their LCPs, so the LCP target
 * is checked against the LCPs' median (docs/decisions/036-landing-lcp.md).
 */
export function describeLighthouse(page: string, runs: LighthouseFigures[], targets: LighthouseTargets): string[] {
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const medianRun = byPerformance[Math.floor(byPerformance.length / 2)];
  if (!medianRun) return [];
  const { scores } = medianRun;
  const medianLcpMs = median(runs.map((run) => run.lcpMs));
  const checks = [
    `performance ${scores.performance} >= ${targets.performance}: ${scores.performance >= targets.performance ? "met" : "NOT MET"}`,
    ...(targets.lcpMs === undefined
      ? []
      : [
          `LCP (median of the runs' LCPs) ${(medianLcpMs / 1000).toFixed(2)} s <= ${(targets.lcpMs / 1000).toFixed(1)} s: ${
            medianLcpMs <= targets.lcpMs ? "met" : "NOT MET"
          }`,
        ]),
    ...(targets.otherCategories === undefined
      ? []
      : [
          `accessibility, best practices, SEO = ${targets.otherCategories}: ${
            [scores.accessibility, scores.bestPractices, scores.seo].every((score) => score >= (targets.otherCategories ?? 0))
              ? "met"
              : "NOT MET"
          }`,
        ]),
  ];
  return [
    `Lighthouse, ${page} (mobile, simulated slow 4G, Debian's Chromium; the median of ${runs.length} runs by performance):`,
    `  performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, SEO ${scores.seo}`,
    `  LCP ${(medianRun.lcpMs / 1000).toFixed(2)} s, FCP ${(medianRun.fcpMs / 1000).toFixed(2)} s, TBT ${medianRun.tbtMs.toFixed(0)} ms, CLS ${medianRun.cls.toFixed(3)} (that run); ` +
      `median of the runs' LCPs ${(medianLcpMs / 1000).toFixed(2)} s`,
    `  all runs' performance: ${runs.map((run) => run.scores.performance).join(", ")} (audited ${new URL(medianRun.finalUrl).pathname}); ` +
      `LCP: ${runs.map((run) => (run.lcpMs / 1000).toFixed(2)).join(", ")} s; TBT: ${runs.map((run) => run.tbtMs.toFixed(0)).join(", ")} ms`,
    `  targets: ${checks.join("; ")}`,
    `  LCP element ${medianRun.lcpElement}: ${medianRun.lcpPhases}`,
    `  finished before the real paint (each counts in the simulated LCP): ${medianRun.requestsBeforeLcp.join(", ")}`,
    ...medianRun.opportunities.map((finding) => `  below full marks: ${finding}`),
  ];
}

/** Throws unless the run audited the signed-in page itself: no redirect away from it, and its heading in the HTML. */
function expectAuditedPage(url: string, session: LighthouseSession, finalUrl: string, html: string | undefined) {
  if (new URL(finalUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse ended on ${finalUrl}, not ${url}: the session was not accepted`);
  if (!html?.includes(`>${session.expectedHeading}</h1>`)) {
    throw new Error(`Lighthouse audited ${finalUrl} without the heading "${session.expectedHeading}": not the signed-in page`);
  }
}

/**
 * Signs in through the /login form, as a browser does (a form post from the app's own origin), and returns the
 * cookies the answer sets, as a Cookie header.
 */
export async function signInWithForm(origin: string, email: string, password: string, redirectTo: string): Promise<string> {
  const response = await fetch(`${origin}/login?index`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password, intent: "password", redirectTo }),
  });
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
  if (response.status !== 302 || cookies.length === 0) throw new Error(`signing in through /login answered ${response.status}`);
  // The one-time flash toast ("Welcome back!") is left out: it belongs to the first page after the sign-in only.
  return cookies.filter((cookie) => !cookie.startsWith("lc_toast=")).join("; ");
}
