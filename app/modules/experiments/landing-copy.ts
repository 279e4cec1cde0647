/**
 * The landing copy that is A/B tested (hero headline, pricing copy, CTA label), in one place.
 * Each test has variants A and B; until assignment arrives every visitor gets A.
 * Client-safe: pages render it, the server chooses the variant.
 */
export const EXPERIMENTS = ["hero_messaging", "pricing_copy", "cta_button"] as const;
export type ExperimentName = (typeof EXPERIMENTS)[number];
export type Variant = "A" | "B";
export type VariantAssignment = Record<ExperimentName, Variant>;

export const DEFAULT_VARIANTS: VariantAssignment = { hero_messaging: "A", pricing_copy: "A", cta_button: "A" };

type CopyInputs = { price: string; cardCount: number; categoryCount: number };

const heroCopy: Record<Variant, (input: CopyInputs) => { headline: string; subheadline: string }> = {
  A: ({ cardCount }) => ({
    headline: "Speak God's Truth Over Your Day",
    subheadline: `${cardCount} Scripture-based affirmation cards to read, reflect on and speak aloud, each one grounded in a Bible verse.`,
  }),
  B: ({ cardCount }) => ({
    headline: "Let Your Words Agree with God's Word",
    subheadline: `A daily practice in ${cardCount} cards: one affirmation, one verse, one reflection, spoken aloud.`,
  }),
};

const pricingCopy: Record<Variant, (input: CopyInputs) => { headline: string; note: string }> = {
  A: ({ price }) => ({
    headline: `${price} once. Yours for life.`,
    note: "One payment, no subscription, no recurring fees. Covered by our 30-day guarantee.",
  }),
  B: ({ price }) => ({
    headline: `Lifetime access for ${price}`,
    note: "Less than a cup of coffee a month for one year, and yours for good. 30-day guarantee.",
  }),
};

const ctaCopy: Record<Variant, (input: CopyInputs) => string> = {
  A: ({ price }) => `Get Instant Access - ${price}`,
  B: () => "Start Speaking Truth Today",
};

export function getLandingCopy(variants: VariantAssignment, input: CopyInputs) {
  return {
    hero: heroCopy[variants.hero_messaging](input),
    pricing: pricingCopy[variants.pricing_copy](input),
    ctaLabel: ctaCopy[variants.cta_button](input),
  };
}
export type LandingCopy = ReturnType<typeof getLandingCopy>;
