import { z } from "zod";
import { type CardFilters, type CardView, DEFAULT_FILTERS, SEARCH_MAX_LENGTH } from "~/modules/cards/filter";

/** `?category=` on the landing page and /api/cards: 'all' or a category slug. */
export const categoryQuerySchema = z.object({
  category: z.string().trim().toLowerCase().max(64, "Category names are at most 64 characters").optional().default("all"),
});

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
 * The card browser's query (/cards, /cards/{id}, /dashboard): the search text is checked, the toggles are
 * lenient (anything but their one value means off), the category is checked against the data by resolveCategory.
 */
export const cardFiltersQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, `Search text is at most ${SEARCH_MAX_LENGTH} characters`)
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
 * Filters from a URL, checked against the categories in the data. A bad value is not an error page: the page
 * shows its message, falls back to the default, and answers 400.
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
