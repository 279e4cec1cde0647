import { type Experiments, type StoredAssignment, storedAssignmentSchema } from "./assignment.server";
import { EXPERIMENTS, type ExperimentName } from "./experiments";

/**
 * A visitor's assignment carried from the checkout to the purchase, so a conversion counts for the variants the
 * buyer saw (docs/decisions/020-ab-tests.md).
 */

/**
 * A visitor's assignment as the checkout carries it to the purchase (Stripe's metadata, or the test payment):
 * `hero_messaging=B,cta_button=A`, for the tests the visitor was counted in (a conversion never counts for a visitor
 * the results do not count). Empty for a signed-in user, whose assignment KV keeps, and for anyone not counted.
 */
export function checkoutAssignment(experiments: Pick<Experiments, "subject" | "assignmentCookie" | "counted">): string {
  if (experiments.subject?.kind !== "visitor" || !experiments.assignmentCookie) return "";
  return Object.entries(experiments.assignmentCookie.assignment)
    .filter(([test]) => experiments.counted.includes(test as ExperimentName))
    .map(([test, variant]) => `${test}=${variant}`)
    .join(",");
}

/** The assignment a checkout carried; tests and variants it does not know are left out. */
export function assignmentFromCheckout(text: string | null): StoredAssignment {
  const pairs = (text ?? "").split(",").map((pair) => pair.split("="));
  const parsed = storedAssignmentSchema.safeParse(Object.fromEntries(pairs.filter(([test]) => EXPERIMENTS.includes(test as never))));
  return parsed.success ? parsed.data : {};
}
