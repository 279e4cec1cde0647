import { errorFunction } from "simple-statistics";

/**
 * The comparison of B with A that /admin shows (docs/decisions/020-ab-tests.md). Pure, so the unit test checks it
 * against values computed by hand.
 * - lift: B's conversion rate relative to A's, (pB − pA) / pA;
 * - its 95% confidence interval: the log of the rate ratio ± 1.96 standard errors (Katz), mapped back to a lift;
 *   it needs at least one conversion in each variant;
 * - p-value: two-sided two-proportion z-test with the pooled rate.
 */
type Arm = { visitors: number; conversions: number };

export type Comparison = {
  rateA: number | null;
  rateB: number | null;
  lift: number | null;
  liftInterval: [number, number] | null;
  pValue: number | null;
  verdict: string;
};

/** The 97.5th percentile of the standard normal distribution. */
const Z_95 = 1.959963984540054;
const SIGNIFICANCE = 0.05;

function rate(arm: Arm): number | null {
  return arm.visitors > 0 ? arm.conversions / arm.visitors : null;
}

/** Two-sided p-value of a standard normal statistic. */
function twoSidedP(z: number): number {
  return 1 - errorFunction(Math.abs(z) / Math.SQRT2);
}

export function twoProportionZTest(a: Arm, b: Arm): { z: number; pValue: number } | null {
  if (a.visitors === 0 || b.visitors === 0) return null;
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  if (standardError === 0) return null;
  const z = (b.conversions / b.visitors - a.conversions / a.visitors) / standardError;
  return { z, pValue: twoSidedP(z) };
}

export function liftInterval(a: Arm, b: Arm): [number, number] | null {
  if (a.conversions === 0 || b.conversions === 0 || a.visitors === 0 || b.visitors === 0) return null;
  const pA = a.conversions / a.visitors;
  const pB = b.conversions / b.visitors;
  const logRatio = Math.log(pB / pA);
  const standardError = Math.sqrt((1 - pA) / a.conversions + (1 - pB) / b.conversions);
  return [Math.exp(logRatio - Z_95 * standardError) - 1, Math.exp(logRatio + Z_95 * standardError) - 1];
}

export function compareVariants(a: Arm, b: Arm): Comparison {
  const rateA = rate(a);
  const rateB = rate(b);
  const lift = rateA && rateB !== null ? (rateB - rateA) / rateA : null;
  const test = twoProportionZTest(a, b);
  return { rateA, rateB, lift, liftInterval: liftInterval(a, b), pValue: test?.pValue ?? null, verdict: verdictFor(rateA, rateB, test) };
}

/** The result in plain words. */
function verdictFor(rateA: number | null, rateB: number | null, test: { pValue: number } | null): string {
  if (rateA === null || rateB === null) return "Not enough visitors yet";
  if (!test) return "No conversions yet";
  if (rateA === rateB) return "No difference yet";
  const leader = rateB > rateA ? "B" : "A";
  return test.pValue < SIGNIFICANCE ? `${leader} leads, significant at 95%` : `${leader} leads, not yet significant`;
}
