import { describe, expect, it } from "vitest";
import { subjectBucket, variantForBucket } from "~/modules/experiments/buckets";
import { EXPERIMENTS } from "~/modules/experiments/experiments";
import { plainVerdict, visitorsNeededEach } from "~/modules/experiments/plain-words";
import { compareVariants, twoProportionZTest } from "~/modules/experiments/statistics";

describe("assignment buckets", () => {
  it("splits 10,000 simulated visitors (random ids, as the landing mints them) between 48 and 52 percent B at 50/50", async () => {
    const buckets = await Promise.all(Array.from({ length: 10_000 }, () => subjectBucket(crypto.randomUUID(), "hero_messaging")));
    const b = buckets.filter((bucket) => variantForBucket(bucket, 50) === "B").length;
    expect(b / 10_000).toBeGreaterThanOrEqual(0.48);
    expect(b / 10_000).toBeLessThanOrEqual(0.52);
  });

  it("gives a signed-in user the same variant every time, and splits 10,000 users evenly", async () => {
    for (const test of EXPERIMENTS) {
      const userIds = Array.from({ length: 10_000 }, (_, index) => `user-${index}`);
      const first = await Promise.all(userIds.map((id) => subjectBucket(id, test)));
      const again = await Promise.all(userIds.map((id) => subjectBucket(id, test)));
      expect(again).toEqual(first);
      const b = first.filter((bucket) => variantForBucket(bucket, 50) === "B").length;
      expect(b / 10_000).toBeGreaterThanOrEqual(0.48);
      expect(b / 10_000).toBeLessThanOrEqual(0.52);
    }
  });

  it("hashes each test apart: one user is not in B of every test", async () => {
    const userIds = Array.from({ length: 1_000 }, (_, index) => `user-${index}`);
    const inBoth = await Promise.all(
      userIds.map(async (id) => (await subjectBucket(id, "hero_messaging")) < 50 && (await subjectBucket(id, "cta_button")) < 50),
    );
    const share = inBoth.filter(Boolean).length / userIds.length;
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.32);
  });

  it("honours the split's ends: 0 gives everyone A, 100 everyone B", () => {
    for (let bucket = 0; bucket < 100; bucket++) {
      expect(variantForBucket(bucket, 0)).toBe("A");
      expect(variantForBucket(bucket, 100)).toBe("B");
    }
  });
});

describe("comparing B with A (values computed by hand)", () => {
  it("A 100/1000, B 130/1000: lift +30%, 95% CI +1.70% to +66.18%, p = 0.0355, B significantly ahead", () => {
    const result = compareVariants({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 130 });
    expect(result.rateA).toBeCloseTo(0.1, 10);
    expect(result.rateB).toBeCloseTo(0.13, 10);
    expect(result.lift).toBeCloseTo(0.3, 10);
    // z = 0.03 / sqrt(0.115 · 0.885 · (1/1000 + 1/1000)) = 2.10274; p = 2(1 − Φ(2.10274)) = 0.035488
    expect(twoProportionZTest({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 130 })?.z).toBeCloseTo(2.10274, 4);
    expect(result.pValue).toBeCloseTo(0.035488, 5);
    // ln(1.3) ± 1.96 · sqrt(0.9/100 + 0.87/130) = 0.262364 ± 0.245523, back to lifts
    expect(result.liftInterval?.[0]).toBeCloseTo(0.016984, 5);
    expect(result.liftInterval?.[1]).toBeCloseTo(0.661776, 5);
    expect(result.verdict).toBe("B leads, significant at 95%");
  });

  it("A 25/500, B 22/520: B 15% behind, p = 0.558, not yet significant", () => {
    const result = compareVariants({ visitors: 500, conversions: 25 }, { visitors: 520, conversions: 22 });
    expect(result.lift).toBeCloseTo(-0.153846, 5);
    expect(result.pValue).toBeCloseTo(0.55802, 4);
    expect(result.liftInterval?.[0]).toBeCloseTo(-0.516496, 5);
    expect(result.liftInterval?.[1]).toBeCloseTo(0.480809, 5);
    expect(result.verdict).toBe("A leads, not yet significant");
  });

  it("says so when there is nothing to compare yet", () => {
    expect(compareVariants({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 1 }).verdict).toBe("Not enough visitors yet");
    const none = compareVariants({ visitors: 40, conversions: 0 }, { visitors: 42, conversions: 0 });
    expect(none.verdict).toBe("No conversions yet");
    expect(none.pValue).toBeNull();
    expect(none.liftInterval).toBeNull();
    expect(compareVariants({ visitors: 40, conversions: 0 }, { visitors: 40, conversions: 3 }).liftInterval).toBeNull();
  });
});

describe("A/B results in plain words (app/modules/experiments/plain-words.ts)", () => {
  const verdict = (a: { visitors: number; conversions: number }, b: { visitors: number; conversions: number }) =>
    plainVerdict(a, b, compareVariants(a, b));

  it("says B is ahead only when the difference is larger than chance would make it", () => {
    expect(verdict({ visitors: 1000, conversions: 20 }, { visitors: 1000, conversions: 45 }).headline).toBe("B is ahead");
    expect(verdict({ visitors: 1000, conversions: 45 }, { visitors: 1000, conversions: 20 }).headline).toBe("A is ahead");
  });

  it("says how many more visitors each version needs while it is too early, from the two-proportion sample size", () => {
    // 2% against 3%: 3,826 visitors each for 95% and 80% power (computed by hand), so about 3,700 more after 200.
    expect(visitorsNeededEach(0.02, 0.03)).toBe(3826);
    const early = verdict({ visitors: 200, conversions: 4 }, { visitors: 200, conversions: 6 });
    expect(early.headline).toBe("Too early to tell: about 3,700 more visitors each");
    expect(early.detail).toContain("B is ahead so far, but not by enough to rule out chance.");
  });

  it("says so when there is nothing to compare yet, or nothing between them", () => {
    expect(verdict({ visitors: 0, conversions: 0 }, { visitors: 0, conversions: 0 }).headline).toBe("Too early to tell: no visitors yet");
    expect(verdict({ visitors: 50, conversions: 0 }, { visitors: 50, conversions: 0 }).headline).toBe(
      "Too early to tell: no purchases from either version yet",
    );
    expect(verdict({ visitors: 100, conversions: 3 }, { visitors: 100, conversions: 3 }).headline).toBe(
      "Too early to tell: A and B do equally well so far",
    );
  });
});
