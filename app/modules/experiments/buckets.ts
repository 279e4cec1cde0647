import type { ExperimentName, Variant } from "./experiments";

/**
 * Buckets 0 to 99 decide a variant: below the split, B. A subject's bucket is a hash of its id (a user's, the same on
 * every device, or a visitor's random signed id), so it needs no storage. Pure, so tests/unit/experiments.test.ts
 * runs them ten thousand times.
 */

/** A subject's bucket in a test, 0 to 99: the first four bytes of SHA-256("<id>:<test>"). */
export async function subjectBucket(subjectId: string, test: ExperimentName): Promise<number> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${subjectId}:${test}`));
  return new DataView(digest).getUint32(0) % 100;
}

/** Buckets below the split see B: a split of 50 gives B to buckets 0 to 49. */
export function variantForBucket(bucket: number, splitB: number): Variant {
  return bucket < splitB ? "B" : "A";
}
