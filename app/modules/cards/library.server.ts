import type { Database } from "#db/client";
import { parseCardFilters } from "~/modules/cards/cards.schema";
import type { Card, CategorySummary } from "./card";
import { featuredCard } from "./card";
import { type CardAudience, getCardsFor, listCategories } from "./cards.server";
import { type CardFilters, filterCards } from "./filter";

/**
 * What the buyer's library screens (/cards, /cards/{id}, /dashboard) start from: the cards this user may see,
 * their favourites, the categories with counts over those cards, today's featured card, and the filters from the URL.
 * The filtering itself happens in the component (filterCards), on the server and then in the browser.
 */
type Library = {
  cards: Card[];
  favoriteIds: string[];
  categories: (CategorySummary & { visibleCount: number })[];
  featuredCardId: string | null;
  filters: CardFilters;
  filterError: string | null;
  totalAvailable: number;
};

export async function loadLibrary(
  db: Database,
  audience: Exclude<CardAudience, "visitor">,
  favoriteIds: string[],
  searchParams: URLSearchParams,
  now: Date = new Date(),
): Promise<Library> {
  const [{ cards, totalAvailable }, categories] = await Promise.all([getCardsFor(db, audience), listCategories(db)]);
  const { filters, error } = parseCardFilters(searchParams, categories);
  // The featured card is chosen over the cards this user may see (docs/decisions/000-product-rules.md, Habit).
  const featured = featuredCard(cards, now);
  return {
    cards,
    favoriteIds,
    categories: categories.map((category) => ({
      ...category,
      visibleCount: cards.filter((card) => card.category === category.slug).length,
    })),
    featuredCardId: featured?.id ?? null,
    filters,
    filterError: error,
    totalAvailable,
  };
}

/** The filtered list a card page steps through with previous and next. */
export function filteredCards(library: Library): Card[] {
  return filterCards(library.cards, library.filters, new Set(library.favoriteIds));
}
