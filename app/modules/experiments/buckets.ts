import type { ExperimentName, Variant } from "./experiments";

/**
 * Buckets 0 to 99 decide a variant: below the split, B. A user's bucket is a hash (the same on every device), a
 * visitor's a random draw. Pure, so tests/unit/experiments.test.ts runs them ten thousand times.
 */

/** A user's bucket in a test, 0 to 99: the first four bytes of SHA-256("<user id>:<test>"). */
export async function userBucket(userId: string, test: ExperimentName): Promise<number> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}:${test}`));
  return new DataView(digest).getUint32(0) % 100;
}

export function randomBucket(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value % 100;
}

/** Buckets below the split see B: a split of 50 gives B to buckets 0 to 49. */
export function variantForBucket(bucket: number, splitB: number): Variant {
  return bucket < splitB ? "B" : "A";
}
