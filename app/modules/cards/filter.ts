import type { Card } from "./card";

/**
 * The card browser's filters. They live in the URL (?q=&category=&favorites=1&view=list), so a filtered list is
 * bookmarkable, the back button works and every filter works without JavaScript; the same function filters on the
 * server (first paint, no JavaScript) and in the browser (the list narrows as you type, no round trip).
 */
export type CardView = "grid" | "list";
export type CardFilters = { q: string; category: string; favoritesOnly: boolean; view: CardView };

export const DEFAULT_FILTERS: CardFilters = { q: "", category: "all", favoritesOnly: false, view: "grid" };
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_LONG = `Search text is at most ${SEARCH_MAX_LENGTH} characters`;

type SearchableCard = Pick<Card, "id" | "category" | "title" | "affirmation" | "scripture" | "scriptureReference" | "scriptureReferences">;

/** Lower case, accents and punctuation folded away, "psalms" read as "psalm": "Psalm 23:1" and "psalms 23" meet. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/\bpsalms\b/g, "psalm");
}

/** The query's words, folded: what matchesWords looks for. */
function searchWords(query: string): string[] {
  return fold(query).split(" ").filter(Boolean);
}

/** Every word appears in the title, the affirmation, the verse text or the reference. */
function matchesWords(card: SearchableCard, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const verses = card.scriptureReferences?.map((verse) => `${verse.reference} ${verse.text}`).join(" ") ?? "";
  const haystack = ` ${fold([card.title, card.affirmation, card.scripture, card.scriptureReference, verses].join(" "))} `;
  return words.every((word) => haystack.includes(word));
}

/** Every word of the query appears in the title, the affirmation, the verse text or the reference. */
export function matchesSearch(card: SearchableCard, query: string): boolean {
  return matchesWords(card, searchWords(query));
}

/** The cards the filters keep, in the order given (the collection's orderIndex order); the query is folded once. */
export function filterCards<T extends SearchableCard>(cards: readonly T[], filters: CardFilters, favoriteIds: ReadonlySet<string>): T[] {
  const words = searchWords(filters.q);
  return cards.filter(
    (card) =>
      (filters.category === "all" || card.category === filters.category) &&
      (!filters.favoritesOnly || favoriteIds.has(card.id)) &&
      matchesWords(card, words),
  );
}

/** The query string for `filters` with `changes` applied, defaults left out ("" when everything is default). */
export function filterSearch(filters: CardFilters, changes: Partial<CardFilters> = {}): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.q.trim()) params.set("q", next.q);
  if (next.category !== "all") params.set("category", next.category);
  if (next.favoritesOnly) params.set("favorites", "1");
  if (next.view !== "grid") params.set("view", next.view);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The list's title, as the spec words it. */
export function collectionTitle(filters: CardFilters, categoryLabel: string | undefined): string {
  if (filters.favoritesOnly) return "Your Favorite Cards";
  if (filters.category !== "all" && categoryLabel) return `${categoryLabel} Cards`;
  return "All Affirmation Cards";
}

/** 'Showing X of Y cards', with notes for the favourites filter and the search text. */
export function showingText(shown: number, total: number, filters: CardFilters): string {
  const notes = [filters.favoritesOnly ? "favorites only" : null, filters.q.trim() ? `matching "${filters.q.trim()}"` : null].filter(
    Boolean,
  );
  return `Showing ${shown} of ${total} cards${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/** Previous and next card ids around `cardId` within an already filtered list (null at the ends). */
export function neighbours(
  cards: readonly Pick<Card, "id">[],
  cardId: string,
): { previous: string | null; next: string | null; position: number } {
  const index = cards.findIndex((card) => card.id === cardId);
  if (index < 0) return { previous: null, next: null, position: -1 };
  return { previous: cards[index - 1]?.id ?? null, next: cards[index + 1]?.id ?? null, position: index };
}

/**
 * Checks a requested category against the categories in the data.
 * Unknown values fall back to 'all' with a message the page shows (and a 400 status).
 */
export function resolveCategory(
  requested: string,
  categories: readonly { slug: string; label: string }[],
): { slug: string; error: string | null } {
  if (!requested || requested === "all") return { slug: "all", error: null };
  if (categories.some((category) => category.slug === requested)) return { slug: requested, error: null };
  const names = ["all", ...categories.map((category) => category.slug)].join(", ");
  return {
    slug: "all",
    error: `There is no category called "${requested.slice(0, 64)}". Choose one of: ${names}.`,
  };
}

/**
 * Filters from a URL as the browser reads them while the user types and clicks (no zod in the page's script):
 * the same answers as the server's parseCardFilters (app/modules/cards/cards.schema.ts).
 */
export function readCardFilters(
  searchParams: URLSearchParams,
  categories: readonly { slug: string; label: string }[],
): { filters: CardFilters; error: string | null } {
  // The last value wins when a name repeats, as in Object.fromEntries (the server's reading).
  const last = (name: string) => searchParams.getAll(name).at(-1);
  const q = last("q") ?? "";
  if (q.length > SEARCH_MAX_LENGTH) return { filters: DEFAULT_FILTERS, error: SEARCH_TOO_LONG };
  const category = (last("category") ?? "all").trim().toLowerCase();
  if (category.length > 64) return { filters: DEFAULT_FILTERS, error: "Category names are at most 64 characters" };
  const favorites = last("favorites");
  const selection = resolveCategory(category, categories);
  return {
    filters: {
      q: q.trim(),
      category: selection.slug,
      favoritesOnly: favorites === "1" || favorites === "true",
      view: last("view") === "list" ? "list" : "grid",
    },
    error: selection.error,
  };
}
