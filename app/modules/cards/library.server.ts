import type { AppLoadContext } from "@remix-run/cloudflare";
import { parseCardFilters } from "~/modules/cards/cards.schema";
import { localDay } from "~/modules/users/time-zone";
import type { Card, CategorySummary } from "./card";
import { cardOfTheDay } from "./card";
import type { CardAudience } from "./cards.server";
import { type CardFilters, filterCards } from "./filter";
import { getLibraryCollection } from "./public-collection.server";

/**
 * What the buyer's library screens (/cards, /cards/{id}, /dashboard) start from: the cards this user may see,
 * their favourites, the categories with counts over those cards, today's featured card, and the filters from the URL.
 * The filtering itself happens in the component (filterCards), on the server and then in the browser. The cards and
 * categories come from the isolate's snapshot of the collection, read once per content version and shared by every
 * buyer; only the favourites are this user's (docs/decisions/016-the-buyers-library.md).
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
  context: Pick<AppLoadContext, "db" | "config">,
  audience: Exclude<CardAudience, "visitor">,
  favoriteIds: string[],
  searchParams: URLSearchParams,
  now: Date = new Date(),
): Promise<Library> {
  const { cards, totalAvailable, categories } = await getLibraryCollection(context, audience);
  const { filters, error } = parseCardFilters(searchParams, categories);
  // The featured card is chosen over the cards this user may see (docs/decisions/000-product-rules.md, Habit), as
  // the morning's card: never a bedtime card (docs/decisions/040).
  const featured = cardOfTheDay(cards, localDay(now, "UTC"));
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
