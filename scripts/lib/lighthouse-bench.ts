/**
 * Lighthouse against a page of the local app, as issue 13 measures it: its default mobile run (a mid-range phone,
 * simulated slow 4G) in Debian's Chromium. For the bench only, never for `npm test`: the scores move with the machine.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type LighthouseFigures = {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse says holds the paint back: failing audits with an estimated saving, largest first. */
  opportunities: string[];
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function runLighthouse(url: string): Promise<LighthouseFigures> {
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
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
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
    };
  } finally {
    await chrome.kill();
  }
}
