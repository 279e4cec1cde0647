import { Link } from "@remix-run/react";
import { useRef } from "react";
import { Icon } from "~/components/ui/icon";
import type { CategorySummary } from "~/modules/cards/card";
import { type CardFilters, filterSearch } from "~/modules/cards/filter";
import { CategoryFilter } from "./category-filter";

/**
 * The Filters menu of /cards, beside the search: a native <details>, so it opens without JavaScript, holding the
 * categories, favourites only, and grid or list. Every choice is a link over the URL's query.
 */
export function FiltersMenu({
  categories,
  allCount,
  filters,
  favoriteCount,
}: {
  categories: (CategorySummary & { visibleCount: number })[];
  allCount: number;
  filters: CardFilters;
  favoriteCount: number;
}) {
  const filtersMenu = useRef<HTMLDetailsElement>(null);
  const activeFilterCount = (filters.category !== "all" ? 1 : 0) + (filters.favoritesOnly ? 1 : 0);
  const chip = (on: boolean) =>
    `inline-flex min-h-[44px] items-center rounded-full px-4 text-sm font-semibold ring-1 ${
      on ? "bg-lavender-700 text-white ring-lavender-700" : "bg-surface text-ink ring-line"
    }`;

  return (
    <details ref={filtersMenu} className="shrink-0" data-testid="library-filters">
      <summary
        className={`inline-flex min-h-[44px] cursor-pointer list-none items-center gap-1 rounded-full px-4 text-sm font-semibold ring-1 [&::-webkit-details-marker]:hidden ${
          activeFilterCount ? "bg-accent-soft text-ink ring-accent" : "bg-surface text-ink ring-line"
        }`}
      >
        <Icon name="sliders-horizontal" className="h-5 w-5" />
        Filters{activeFilterCount ? ` (${activeFilterCount})` : ""}
      </summary>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: closes the menu once a choice (a link) is followed; the links are the controls. */}
      <div
        className="absolute inset-x-0 top-full max-h-[70vh] space-y-4 overflow-y-auto border-b border-line bg-surface px-4 py-4 shadow-xl sm:px-6 lg:px-8"
        onClick={(event) => (event.target as HTMLElement).closest("a") && filtersMenu.current?.removeAttribute("open")}
      >
        <CategoryFilter
          categories={categories}
          allCount={allCount}
          selected={filters.category}
          hrefFor={(slug) => filterSearch(filters, { category: slug })}
        />
        <div className="flex flex-wrap gap-2">
          <Link
            to={filterSearch(filters, { favoritesOnly: !filters.favoritesOnly })}
            preventScrollReset
            replace={false}
            aria-current={filters.favoritesOnly ? "true" : undefined}
            className={chip(filters.favoritesOnly)}
          >
            {filters.favoritesOnly ? "✓ " : ""}Show Favorites Only ({favoriteCount})
          </Link>
          <nav aria-label="Layout" className="flex gap-2">
            {(["grid", "list"] as const).map((view) => (
              <Link
                key={view}
                to={filterSearch(filters, { view })}
                preventScrollReset
                aria-current={filters.view === view ? "true" : undefined}
                className={chip(filters.view === view)}
              >
                {view === "grid" ? "Grid" : "List"}
              </Link>
            ))}
          </nav>
        </div>
      </div>
    </details>
  );
}
