import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { type CardFilters, filterSearch } from "~/modules/cards/filter";

/**
 * What an empty result says, and the one way out: no favourites yet; favourites that the category hides (with how many
 * there are elsewhere); or no card for the filters at all.
 */
export function NoResults({
  filters,
  favoriteCount,
  categoryLabel,
}: {
  filters: CardFilters;
  favoriteCount: number;
  categoryLabel: string | undefined;
}) {
  const [title, text, to, action] =
    filters.favoritesOnly && favoriteCount === 0
      ? ["No favorites yet", null, filterSearch({ ...filters, favoritesOnly: false }), "Browse All Cards"]
      : filters.favoritesOnly && filters.category !== "all" && !filters.q
        ? [
            `No ${categoryLabel ?? ""} favorites`,
            `Your ${favoriteCount === 1 ? "favorite is" : `${favoriteCount} favorites are`} in other categories: the ${categoryLabel ?? ""} filter hides ${favoriteCount === 1 ? "it" : "them"}.`,
            filterSearch({ ...filters, category: "all" }),
            "Show All Favorites",
          ]
        : [
            "No Cards Found",
            "No card matches these filters.",
            filterSearch({ ...filters, q: "", category: "all", favoritesOnly: false }),
            "Clear Filters",
          ];
  return (
    <div className="rounded-3xl bg-surface p-10 text-center ring-1 ring-line">
      <h3 className="font-serif text-2xl font-bold">{title}</h3>
      <p className="mt-2 text-ink-muted">
        {text ?? (
          <>
            Tap the heart <Icon name="heart" className="inline h-5 w-5 align-text-bottom" /> on a card to save it here.
          </>
        )}
      </p>
      <Link to={to} className="btn-primary mt-4">
        {action}
      </Link>
    </div>
  );
}
