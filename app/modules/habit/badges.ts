/**
 * Badge requirements are data (db/seed/badges.json); this reads them. Pure and client-safe.
 * An unknown or malformed requirement has no progress and is never awarded.
 */
export type BadgeStats = {
  totalCardsViewed: number;
  totalScriptureReads: number;
  totalSpokenAffirmations: number;
  totalFavorites: number;
  totalPractices: number;
  totalEveningChecks: number;
  totalCardsPractised: number;
  longestStreak: number;
};

type BadgeProgress = { current: number; target: number; earned: boolean };

const COUNTERS: Record<string, keyof BadgeStats> = {
  cards_viewed: "totalCardsViewed",
  spoken_affirmations: "totalSpokenAffirmations",
  scripture_reads: "totalScriptureReads",
  favorites: "totalFavorites",
  practices: "totalPractices",
  evening_checks: "totalEveningChecks",
  cards_practised: "totalCardsPractised",
};

/** Counters whose `count: "all"` means every card in the collection. */
const EVERY_CARD = new Set(["cards_viewed", "cards_practised"]);

function isPositiveInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

/**
 * How far `stats` are towards a requirement; `current` is capped at the target. `count: "all"` (cards_viewed,
 * cards_practised) means the number of cards in the collection, passed as `cardCount`.
 */
export function badgeProgress(
  requirement: { type: string; [key: string]: unknown },
  stats: BadgeStats,
  cardCount: number,
): BadgeProgress | null {
  let target: unknown;
  let value: number;
  if (requirement.type === "streak") {
    target = requirement.days;
    value = stats.longestStreak;
  } else {
    const counter = Object.hasOwn(COUNTERS, requirement.type) ? COUNTERS[requirement.type] : undefined;
    if (!counter) return null;
    target = EVERY_CARD.has(requirement.type) && requirement.count === "all" ? cardCount : requirement.count;
    value = stats[counter];
  }
  // An empty collection has no "all" to reach.
  if (!isPositiveInteger(target)) return null;
  return { current: Math.min(value, target), target, earned: value >= target };
}
