import { z } from "zod";

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
