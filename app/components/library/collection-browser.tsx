import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { AffirmationCard, CardGrid } from "~/components/affirmation-card";
import { useActivityRecorder } from "~/hooks/use-activity";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Card, CategorySummary } from "~/modules/cards/card";
import {
  type CardFilters,
  collectionTitle,
  filterCards,
  filterSearch,
  readCardFilters,
  SEARCH_MAX_LENGTH,
  showingText,
} from "~/modules/cards/filter";
import { CardTile } from "./card-tile";
import { CategoryFilter } from "./category-filter";

type BrowserCategory = CategorySummary & { visibleCount: number };

/**
 * The buyer's card browser on /cards. Every control is a link or a GET form over the URL's query, so it works
 * without JavaScript; with JavaScript the same filter runs in the browser as you type and the URL follows
 * (the routes skip revalidation for query-only changes, so there is no round trip).
 */
export function CollectionBrowser({
  cards,
  favoriteIds,
  categories,
  featuredCardId,
  shareUrls,
}: {
  cards: Card[];
  favoriteIds: string[];
  categories: BrowserCategory[];
  featuredCardId: string | null;
  /** Each card's share link (signed for paid cards: app/modules/sharing/share-links.server.ts). */
  shareUrls: Record<string, string>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const recordActivity = useActivityRecorder();
  const { filters, error } = readCardFilters(searchParams, categories);
  const rawQuery = searchParams.get("q") ?? "";
  const [query, setQuery] = useState(rawQuery);
  // The URL follows the typing a little behind it. A URL change that the typing made is not copied back into the
  // box (it could be a keystroke or two old, and would eat them); any other (back button, Clear Filters) is.
  const pushedQueries = useRef<string[]>([]);
  useEffect(() => {
    const pushedAt = pushedQueries.current.indexOf(rawQuery);
    if (pushedAt >= 0) {
      pushedQueries.current.splice(0, pushedAt + 1);
      return;
    }
    pushedQueries.current = [];
    setQuery(rawQuery);
  }, [rawQuery]);

  // Words typed before the scripts started (they wait for the page to load) are the search once they run.
  const searchInput = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; later typing goes through onChange.
  useEffect(() => {
    const typed = searchInput.current?.value ?? rawQuery;
    if (typed !== rawQuery) onSearchChange(typed);
  }, []);

  const favorites = useMemo(() => new Set(favoriteIds), [favoriteIds]);
  const active: CardFilters = hydrated ? { ...filters, q: query.slice(0, SEARCH_MAX_LENGTH) } : filters;
  const shown = filterCards(cards, active, favorites);
  const labels = Object.fromEntries(categories.map((category) => [category.slug, category.label]));
  const featured = featuredCardId ? cards.find((card) => card.id === featuredCardId) : undefined;
  const here = location.pathname + location.search;
  const cardHref = (id: string) => `/cards/${id}${filterSearch(active)}`;

  function onSearchChange(value: string) {
    setQuery(value);
    pushedQueries.current.push(value.trim() ? value : "");
    setSearchParams(new URLSearchParams(filterSearch(filters, { q: value })), { replace: true, preventScrollReset: true });
  }

  const cardProps = (card: Card) => ({
    favoriteForm: { isFavorite: favorites.has(card.id), redirectTo: here },
    viewHref: cardHref(card.id),
    onFlip: (toBack: boolean) => {
      if (!toBack) return;
      recordActivity(card.id, "view", { source: "list" });
      recordActivity(card.id, "read_scripture", { source: "list" });
    },
    onSpeak: () => recordActivity(card.id, "speak_aloud", { source: "list" }),
  });

  return (
    <div className="space-y-8">
      <div className="sticky top-0 z-30 -mx-4 space-y-4 border-b border-sage-200 bg-sage-50/95 px-4 py-4 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
        <p className="text-sm font-semibold text-ink-muted" data-testid="collection-counts">
          {cards.length} cards · {favoriteIds.length} {favoriteIds.length === 1 ? "favorite" : "favorites"}
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <Form method="get" role="search" className="flex flex-1 items-end gap-2" onSubmit={(event) => hydrated && event.preventDefault()}>
            <div className="flex-1">
              <label htmlFor="card-search" className="block text-sm font-semibold">
                Search cards
              </label>
              <input
                id="card-search"
                ref={searchInput}
                type="search"
                name="q"
                value={hydrated ? query : undefined}
                defaultValue={hydrated ? undefined : filters.q}
                onChange={(event) => onSearchChange(event.target.value)}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder="Title, affirmation, verse or reference"
                className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 px-4 py-2"
              />
            </div>
            {filters.category !== "all" ? <input type="hidden" name="category" value={filters.category} /> : null}
            {filters.favoritesOnly ? <input type="hidden" name="favorites" value="1" /> : null}
            {filters.view !== "grid" ? <input type="hidden" name="view" value={filters.view} /> : null}
            {hydrated ? null : (
              <button type="submit" className="btn-secondary">
                Search
              </button>
            )}
          </Form>
          <Link
            to={filterSearch(filters, { favoritesOnly: !filters.favoritesOnly })}
            preventScrollReset
            replace={false}
            aria-current={filters.favoritesOnly ? "true" : undefined}
            className={`btn ${filters.favoritesOnly ? "bg-lavender-100 text-lavender-900 ring-1 ring-lavender-300" : "btn-secondary"}`}
          >
            {filters.favoritesOnly ? "✓ " : ""}Show Favorites Only
          </Link>
          <nav aria-label="Layout" className="flex gap-1">
            {(["grid", "list"] as const).map((view) => (
              <Link
                key={view}
                to={filterSearch(filters, { view })}
                preventScrollReset
                aria-current={filters.view === view ? "true" : undefined}
                className={`btn px-4 ${filters.view === view ? "bg-sage-800 text-white" : "btn-secondary"}`}
              >
                {view === "grid" ? "Grid" : "List"}
              </Link>
            ))}
          </nav>
        </div>
        <CategoryFilter
          categories={categories}
          allCount={cards.length}
          selected={filters.category}
          hrefFor={(slug) => filterSearch(filters, { category: slug })}
        />
      </div>

      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      {featured ? (
        <section aria-labelledby="featured-title" className="space-y-3">
          <h2 id="featured-title" className="font-serif text-2xl font-bold">
            Today's Featured Affirmation
          </h2>
          <div className="max-w-md">
            <AffirmationCard
              card={featured}
              shareUrl={shareUrls[featured.id] ?? ""}
              categoryLabel={labels[featured.category]}
              {...cardProps(featured)}
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="list-title" className="space-y-4">
        <div>
          <h2 id="list-title" className="font-serif text-2xl font-bold">
            {collectionTitle(active, labels[active.category])}
          </h2>
          <p className="text-ink-muted" role="status" data-testid="showing">
            {showingText(shown.length, cards.length, active)}
          </p>
        </div>
        {shown.length === 0 ? (
          <div className="rounded-3xl bg-white p-10 text-center ring-1 ring-sage-200">
            <h3 className="font-serif text-2xl font-bold">No Cards Found</h3>
            <p className="mt-2 text-ink-muted">No card matches these filters.</p>
            <Link to={filterSearch({ ...filters, q: "", category: "all", favoritesOnly: false })} className="btn-primary mt-4">
              Clear Filters
            </Link>
          </div>
        ) : active.view === "list" ? (
          <div className="grid gap-4 md:grid-cols-2" data-testid="card-list">
            {shown.map((card) => (
              <CardTile
                key={card.id}
                card={card}
                categoryLabel={labels[card.category]}
                href={cardHref(card.id)}
                favorite={{ isFavorite: favorites.has(card.id), redirectTo: here }}
              />
            ))}
          </div>
        ) : (
          <CardGrid>
            {shown.map((card) => (
              <AffirmationCard
                key={card.id}
                card={card}
                shareUrl={shareUrls[card.id] ?? ""}
                categoryLabel={labels[card.category]}
                {...cardProps(card)}
              />
            ))}
          </CardGrid>
        )}
      </section>
    </div>
  );
}
