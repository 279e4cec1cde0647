/**
 * The landing page's copy, in one place: the feature tiles, the benefits of speaking aloud, the FAQ, and the copy that
 * is A/B tested (hero headline, pricing copy, CTA label). The LIGHT steps are shared with the practice: light-steps.ts.
 * Counts and prices come in as inputs (from the data and the config), never as constants.
 * Client-safe: the landing sections import it, the server chooses the variant.
 */
import type { ExperimentName, Variant, VariantAssignment } from "~/modules/experiments/experiments";
import { LIGHT_STEP_NAMES } from "./light-steps";

/** The feature tiles. */
export const FEATURES = [
  { title: "Bible-Based Content", text: "Every affirmation rests on a Bible verse quoted in full from the King James Version." },
  { title: "Beautiful Design", text: "Calm gradients and clear type that make each card a pleasure to read and share." },
  { title: "Mobile Optimized", text: "Made for your phone first, fast on any connection, and usable even without JavaScript." },
  { title: "LIGHT Methodology", text: `A five-step rhythm (${LIGHT_STEP_NAMES}) for daily practice.` },
  { title: "Easy Sharing", text: "Share a card with a friend, copy it as text, or send it through your favorite app." },
  { title: "Instant Access", text: "Pay once and open the whole collection at once, on every device, for life." },
];

/** Why speak the affirmations aloud. */
export const SPEAKING_BENEFITS = [
  { title: "You hear the truth twice", text: "Speaking engages your voice and your ears, so the words sink deeper than reading alone." },
  { title: "Your words answer His", text: "Speak God's Word and your response to it, and a passing thought becomes a prayer of faith." },
  {
    title: "Scripture close at hand",
    text: "A verse returned to day after day gives you Scripture to turn to when anxious thoughts loop.",
  },
  { title: "A habit that holds", text: "A minute a day, out loud, is small enough to keep, and a way God can change you." },
];

export type Faq = { question: string; answer: string };

/** The FAQ, with the card and category counts, the price and the support address filled in. */
export function buildFaqs({
  cardCount,
  categoryCount,
  price,
  supportEmail,
}: {
  cardCount: number;
  categoryCount: number;
  price: string;
  supportEmail: string;
}): Faq[] {
  return [
    {
      question: "What exactly do I get?",
      answer:
        `All ${cardCount} affirmation cards in ${categoryCount} categories. ` +
        "Each card pairs a spoken affirmation with a Bible verse and a reflection prompt. " +
        "You can browse, favorite, listen to and share them online, download card images, " +
        "and get a high-resolution PDF of the collection.",
    },
    {
      question: "Is this a subscription?",
      answer: `No. You pay ${price} once and keep lifetime access. There are no recurring fees.`,
    },
    {
      question: "How soon can I start?",
      answer:
        "Immediately. As soon as your payment goes through you can open the whole collection, " +
        "and we email you a link to sign in on any device.",
    },
    {
      question: "Which Bible translation do the cards use?",
      answer:
        "Every verse is quoted exactly from the King James Version, with its reference, so you can look it up in your own Bible. " +
        "A modern translation may word some verses differently.",
    },
    {
      question: "What if it is not for me?",
      answer: `Every purchase is covered by a 30-day guarantee. Write to ${supportEmail} within 30 days and we refund you in full.`,
    },
    {
      question: "Can I use the cards on my phone or print them?",
      answer:
        "Yes. The cards are made for phones first, work on any device, " +
        "and the PDF prints beautifully for your fridge, desk or journal.",
    },
  ];
}

/*
 * The A/B tested copy (the tests themselves: app/modules/experiments/experiments.ts). Each test has variants A and B.
 */

type CopyInputs = { price: string; cardCount: number; categoryCount: number };

const heroCopy: Record<Variant, (input: CopyInputs) => { headline: string; subheadline: string }> = {
  A: ({ cardCount }) => ({
    headline: "Speak God's Truth Over Your Day",
    subheadline: `${cardCount} Scripture-based affirmation cards to read, reflect on and speak aloud, each one grounded in a Bible verse.`,
  }),
  B: ({ cardCount }) => ({
    headline: "Speak God's Word and Your Response to It",
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

/** What each variant of each test says, as the landing renders it: the admin's results tables show it beside the counts. */
export function describeVariants(input: CopyInputs): Record<ExperimentName, Record<Variant, string[]>> {
  const each = <T>(copy: Record<Variant, (input: CopyInputs) => T>, lines: (value: T) => string[]) =>
    ({ A: lines(copy.A(input)), B: lines(copy.B(input)) }) as Record<Variant, string[]>;
  return {
    hero_messaging: each(heroCopy, (hero) => [hero.headline, hero.subheadline]),
    pricing_copy: each(pricingCopy, (pricing) => [pricing.headline, pricing.note]),
    cta_button: each(ctaCopy, (label) => [label]),
  };
}
