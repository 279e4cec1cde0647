/**
 * The landing page's A/B tests as data (docs/decisions/020-ab-tests.md). Client-safe: the admin page and the landing
 * sections import the names and types; the copy of each variant lives in app/content/landing-copy.ts. What an admin
 * changes without a deploy (status, split, winner) is kept in KV (settings.server.ts), starting from DEFAULT_SETTINGS.
 */

export const EXPERIMENTS = ["hero_messaging", "pricing_copy", "cta_button"] as const;
export type ExperimentName = (typeof EXPERIMENTS)[number];

export const VARIANTS = ["A", "B"] as const;
export type Variant = (typeof VARIANTS)[number];
export type VariantAssignment = Record<ExperimentName, Variant>;

/** What each test changes, for the admin page. */
export const EXPERIMENT_DESCRIPTIONS: Record<ExperimentName, string> = {
  hero_messaging: "The hero's headline and subline",
  pricing_copy: "The pricing card's headline and note",
  cta_button: "The label of the buy buttons",
};

/** The buy buttons whose clicks are counted, by where they sit on the landing page. */
export const CTA_PLACEMENTS = ["hero", "pricing", "final_cta"] as const;
export type CtaPlacement = (typeof CTA_PLACEMENTS)[number];

const EXPERIMENT_EVENTS = ["page_view", "preview_click", "cta_click", "conversion"] as const;
export type ExperimentEvent = (typeof EXPERIMENT_EVENTS)[number];

/**
 * running: visitors are assigned and counted; paused: everyone sees A (the control) and nothing is counted, while
 * assignments are kept for when it runs again; ended: everyone sees the winner and nothing is counted.
 */
type ExperimentStatus = "running" | "paused" | "ended";
export type ExperimentSettings = {
  status: ExperimentStatus;
  /** Percent of new visitors given B (0 to 100). */
  splitB: number;
  winner: Variant | null;
};
export type AllExperimentSettings = Record<ExperimentName, ExperimentSettings>;

export const DEFAULT_SETTINGS: AllExperimentSettings = {
  hero_messaging: { status: "running", splitB: 50, winner: null },
  pricing_copy: { status: "running", splitB: 50, winner: null },
  cta_button: { status: "running", splitB: 50, winner: null },
};

/** What a test shows to someone who is not (or no longer) in it: the winner of an ended test, else A. */
export function variantOutsideTest(settings: ExperimentSettings): Variant {
  return settings.status === "ended" && settings.winner ? settings.winner : "A";
}

/**
 * The variant set as one short string (`hero_messaging=A;pricing_copy=B;cta_button=A`): the landing page is a
 * function of its URL and this alone, so an edge cache can key on the two.
 */
export function variantSetKey(variants: VariantAssignment): string {
  return EXPERIMENTS.map((name) => `${name}=${variants[name]}`).join(";");
}

/** The checkout link of a counted buy button: the placement rides on the URL, so the click counts without JavaScript. */
export function ctaHref(placement: CtaPlacement): string {
  return `/checkout?cta=${placement}`;
}

/**
 * The image the landing page links: the browser fetches it with the cookies the page set, with or without JavaScript,
 * and that return is what counts a new visitor's first view (docs/decisions/020-ab-tests.md, "Counting").
 */
export const LANDING_RETURN_PATH = "/api/experiments/seen";
