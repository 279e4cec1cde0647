import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { AffirmationCard, CardGrid } from "~/components/card/affirmation-card";
import { Icon } from "~/components/ui/icon";
import { useActivityRecorder } from "~/hooks/use-activity";
import { useHydrated } from "~/hooks/use-hydrated";
import { useInputBeforeHydration } from "~/hooks/use-input-before-hydration";
import { type Card, type CategorySummary, cardAnchor } from "~/modules/cards/card";
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
import { FiltersMenu } from "./filters-menu";
import { NoResults } from "./no-results";

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
  shareUrls,
  rendered,
}: {
  cards: Card[];
  favoriteIds: string[];
  categories: BrowserCategory[];
  /** The preview cards' public share links; a paid card has none here, its link is signed when shared (019). */
  shareUrls: Record<string, string>;
  /** The filters the server rendered the page with (from its URL), and their error. */
  rendered: { filters: CardFilters; error: string | null };
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const recordActivity = useActivityRecorder();
  // Hydration draws what the server drew; the URL's filters from then on. They differ only offline, where the installed
  // app opens the library it kept for /cards at any /cards?... address (docs/decisions/025-installable-offline.md).
  const { filters, error } = hydrated ? readCardFilters(searchParams, categories) : rendered;
  const rawQuery = searchParams.get("q") ?? "";
  // The server renders the search it filtered by; from hydration on, the box holds what the reader types.
  const [query, setQuery] = useState(filters.q);
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

  // Words typed before hydration are the search.
  useInputBeforeHydration("card-search", filters.q, (field) => onSearchChange(field.value));

  const favorites = useMemo(() => new Set(favoriteIds), [favoriteIds]);
  const active: CardFilters = hydrated ? { ...filters, q: query.slice(0, SEARCH_MAX_LENGTH) } : filters;
  const shown = filterCards(cards, active, favorites);
  const labels = Object.fromEntries(categories.map((category) => [category.slug, category.label]));
  const resultsSection = useRef<HTMLElement>(null);
  const here = location.pathname + location.search;
  const cardHref = (id: string) => `/cards/${id}${filterSearch(active)}`;

  function onSearchChange(value: string) {
    setQuery(value);
    pushedQueries.current.push(value.trim() ? value : "");
    setSearchParams(new URLSearchParams(filterSearch(filters, { q: value })), { replace: true, preventScrollReset: true });
    // A reader who scrolled down the list and then searches sees the results from their start, under the bar.
    const results = resultsSection.current;
    if (results && results.getBoundingClientRect().top < 0) results.scrollIntoView({ block: "start" });
  }

  return (
    <div className="space-y-6">
      {/*
       * One line that stays on screen: the search, full width, and a Filters menu (a native <details>, so it opens
       * without JavaScript) holding the categories, favourites only and grid or list. Results start right below it.
       */}
      <div
        className="sticky top-0 z-30 -mx-4 border-b border-line bg-canvas/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
        data-testid="library-bar"
      >
        <div className="flex items-center gap-2">
          <Form
            method="get"
            role="search"
            className="flex min-w-0 flex-1 items-center"
            onSubmit={(event) => hydrated && event.preventDefault()}
          >
            <label htmlFor="card-search" className="sr-only">
              Search cards
            </label>
            <input
              id="card-search"
              type="search"
              name="q"
              // Controlled from the first render: React warns when a field turns from uncontrolled to controlled.
              value={query}
              onChange={(event) => onSearchChange(event.target.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Search cards"
              enterKeyHint="search"
              className={`block min-h-[44px] w-full min-w-0 rounded-full border border-line bg-surface px-4 py-2 text-ink placeholder:text-ink-muted ${
                hydrated ? "" : "rounded-r-none"
              }`}
            />
            {filters.category !== "all" ? <input type="hidden" name="category" value={filters.category} /> : null}
            {filters.favoritesOnly ? <input type="hidden" name="favorites" value="1" /> : null}
            {filters.view !== "grid" ? <input type="hidden" name="view" value={filters.view} /> : null}
            {hydrated ? null : (
              <button
                type="submit"
                className="inline-flex min-h-[44px] items-center rounded-r-full border border-l-0 border-line bg-surface px-3 text-ink"
                aria-label="Search"
              >
                <Icon name="magnifying-glass" className="h-5 w-5" />
              </button>
            )}
          </Form>
          <FiltersMenu categories={categories} allCount={cards.length} filters={filters} favoriteCount={favoriteIds.length} />
        </div>
      </div>

      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <section ref={resultsSection} aria-labelledby="list-title" className="scroll-mt-20 space-y-4">
        <div>
          {/* A pasted link is one long word: it wraps anywhere rather than widen the page. */}
          <h2 id="list-title" className="font-serif text-xl font-bold [overflow-wrap:anywhere] sm:text-2xl">
            {collectionTitle(active, labels[active.category])}
          </h2>
          <p className="text-ink-muted [overflow-wrap:anywhere]" role="status" data-testid="showing">
            {showingText(shown.length, cards.length, active)}
          </p>
        </div>
        {shown.length === 0 ? (
          <NoResults filters={active} favoriteCount={favoriteIds.length} categoryLabel={labels[active.category]} />
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
              <LibraryCard
                key={card.id}
                card={card}
                shareUrl={shareUrls[card.id]}
                categoryLabel={labels[card.category]}
                isFavorite={favorites.has(card.id)}
                redirectTo={here}
                viewHref={cardHref(card.id)}
                recordActivity={recordActivity}
              />
            ))}
          </CardGrid>
        )}
      </section>
    </div>
  );
}

/**
 * A card of the grid, redrawn only when its own props change (all plain values, and the page's one activity
 * recorder). The browser re-renders when the scripts have started (`useHydrated`); without this, that re-render
 * redrew every card and React's commit walked every one of them in one task, where only the controls the script
 * reveals (Speak, Copy) change (docs/decisions/016-the-buyers-library.md).
 */
const LibraryCard = memo(function LibraryCard({
  card,
  shareUrl,
  categoryLabel,
  isFavorite,
  redirectTo,
  viewHref,
  recordActivity,
}: {
  card: Card;
  shareUrl: string | undefined;
  categoryLabel: string | undefined;
  isFavorite: boolean;
  redirectTo: string;
  viewHref: string;
  recordActivity: ReturnType<typeof useActivityRecorder>;
}) {
  return (
    <AffirmationCard
      card={card}
      shareUrl={shareUrl}
      categoryLabel={categoryLabel}
      favoriteForm={{ isFavorite, redirectTo }}
      anchorId={cardAnchor(card.id)}
      viewHref={viewHref}
      onFlip={(toBack) => {
        if (!toBack) return;
        recordActivity(card.id, "view", { source: "list" });
        recordActivity(card.id, "read_scripture", { source: "list" });
      }}
    />
  );
});
