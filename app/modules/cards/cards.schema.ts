import { z } from "zod";
import {
  type CardFilters,
  type CardView,
  DEFAULT_FILTERS,
  resolveCategory,
  SEARCH_MAX_LENGTH,
  SEARCH_TOO_LONG,
} from "~/modules/cards/filter";

/** `?category=` on the landing page and /api/cards: 'all' or a category slug. */
export const categoryQuerySchema = z.object({
  category: z.string().trim().toLowerCase().max(64, "Category names are at most 64 characters").optional().default("all"),
});

export { resolveCategory } from "~/modules/cards/filter";

/**
 * The card browser's query (/cards, /cards/{id}, /dashboard): the search text is checked, the toggles are
 * lenient (anything but their one value means off), the category is checked against the data by resolveCategory.
 */
export const cardFiltersQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG)
    .optional()
    .default("")
    .transform((text) => text.trim()),
  category: categoryQuerySchema.shape.category,
  favorites: z
    .string()
    .optional()
    .transform((value) => value === "1" || value === "true"),
  view: z
    .string()
    .optional()
    .transform((value): CardView => (value === "list" ? "list" : "grid")),
});

/**
 * Filters from a URL, checked against the categories in the data (the server's reading; the browser reads a URL
 * with readCardFilters, which needs no zod, and tests/unit/card-filters.test.ts keeps the two in agreement).
 * A bad value is not an error page: the page shows its message, falls back to the default, and answers 400.
 */
export function parseCardFilters(
  searchParams: URLSearchParams,
  categories: readonly { slug: string; label: string }[],
): { filters: CardFilters; error: string | null } {
  const parsed = cardFiltersQuerySchema.safeParse(Object.fromEntries(searchParams));
  if (!parsed.success) {
    return { filters: DEFAULT_FILTERS, error: parsed.error.issues[0]?.message ?? "Invalid input" };
  }
  const selection = resolveCategory(parsed.data.category, categories);
  return {
    filters: { q: parsed.data.q, category: selection.slug, favoritesOnly: parsed.data.favorites, view: parsed.data.view },
    error: selection.error,
  };
}

/** A card id in a URL: a seed slug such as morning-rise-and-rule. */
export const cardIdSchema = z
  .string()
  .max(128)
  .regex(/^[a-z0-9-]+$/);

/** `cardId` in a JSON body or a form (favourites, activity): unknown ids are answered by the routes with a 404. */
export const cardIdField = z
  .string({ error: "cardId is required." })
  .trim()
  .min(1, "cardId is required.")
  .max(128, "cardId is at most 128 characters.");
