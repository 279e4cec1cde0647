/**
 * A/B results in words an owner can act on (docs/decisions/048-the-owners-admin.md): which version is ahead, or how
 * many more visitors each version needs before the difference can be told from chance. The statistics behind it
 * (statistics.ts) stay a click away on /admin. Pure and client-safe.
 */
import type { ExperimentName } from "./experiments";
import type { Comparison } from "./statistics";

/** What each test is called on /admin; its key (`hero_messaging`) stays with the statistics. */
export const EXPERIMENT_TITLES: Record<ExperimentName, string> = {
  hero_messaging: "Home page headline",
  pricing_copy: "Pricing wording",
  cta_button: "Buy button label",
};

/** The standard normal quantiles for a two-sided 5% test with 80% power: the usual planning figures. */
const Z_ALPHA = 1.959963984540054;
const Z_POWER = 0.8416212335729143;
const SIGNIFICANCE = 0.05;
/** Past this many visitors per version, the two convert so alike that waiting will not tell them apart. */
const TOO_CLOSE = 1_000_000;

type Arm = { visitors: number; conversions: number };
export type PlainVerdict = { headline: string; detail: string | null; leader: "A" | "B" | null };

/**
 * Visitors each version needs for the difference seen so far to show at 95% with 80% power (the two-proportion sample
 * size), or null when the rates are equal and no number of visitors would separate them.
 */
export function visitorsNeededEach(rateA: number, rateB: number): number | null {
  if (rateA === rateB) return null;
  const mean = (rateA + rateB) / 2;
  const root = Z_ALPHA * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER * Math.sqrt(rateA * (1 - rateA) + rateB * (1 - rateB));
  return Math.ceil((root * root) / ((rateA - rateB) * (rateA - rateB)));
}

/** A count rounded as a person would say it: to 10 below a thousand, to 100 above. */
function roughly(count: number): string {
  const step = count >= 1000 ? 100 : 10;
  return (Math.ceil(count / step) * step).toLocaleString("en-US");
}

const percentOf = (rate: number) => `${(rate * 100).toFixed(1)}%`;

export function plainVerdict(a: Arm, b: Arm, comparison: Pick<Comparison, "rateA" | "rateB" | "pValue">): PlainVerdict {
  const { rateA, rateB, pValue } = comparison;
  if (rateA === null || rateB === null) {
    return {
      headline: "Too early to tell: no visitors yet",
      detail: "Each version needs visitors before there is anything to compare.",
      leader: null,
    };
  }
  const soFar = `So far ${percentOf(rateA)} of A's visitors bought, and ${percentOf(rateB)} of B's.`;
  if (a.conversions + b.conversions === 0) {
    return { headline: "Too early to tell: no purchases from either version yet", detail: soFar, leader: null };
  }
  if (rateA === rateB) return { headline: "Too early to tell: A and B do equally well so far", detail: soFar, leader: null };
  const leader = rateB > rateA ? "B" : "A";
  const [better, worse] = leader === "B" ? [rateB, rateA] : [rateA, rateB];
  const lead =
    worse > 0 ? `${leader} converts about ${Math.round(((better - worse) / worse) * 100)}% better.` : `Only ${leader} has sales.`;
  if (pValue !== null && pValue < SIGNIFICANCE) return { headline: `${leader} is ahead`, detail: `${lead} ${soFar}`, leader };
  const needed = visitorsNeededEach(rateA, rateB);
  const have = Math.min(a.visitors, b.visitors);
  if (needed === null || needed > TOO_CLOSE) {
    return {
      headline: "Too early to tell: A and B are very close",
      detail: `More visitors may never separate them. ${soFar}`,
      leader: null,
    };
  }
  const more = Math.max(needed - have, 10);
  return {
    headline: `Too early to tell: about ${roughly(more)} more visitors each`,
    detail: `${leader} is ahead so far, but not by enough to rule out chance. ${soFar}`,
    leader: null,
  };
}
