import { type AppLoadContext, data, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { User } from "#db/schema";
import { AppShell } from "~/components/app-shell";
import { AffirmationCard } from "~/components/card/affirmation-card";
import { CardTile } from "~/components/library/card-tile";
import { CategoryFilter } from "~/components/library/category-filter";
import { DashboardWelcome } from "~/components/library/dashboard-welcome";
import { ProgressPanel } from "~/components/library/progress-panel";
import { useActivityRecorder } from "~/hooks/use-activity";
import { pageAudienceFor } from "~/modules/access/access.server";
import { requireUserWith } from "~/modules/auth/guards.server";
import { type CardFilters, filterCards, filterSearch } from "~/modules/cards/filter";
import { loadLibrary } from "~/modules/cards/library.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { getProgress } from "~/modules/habit/progress.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { buyersPage } from "~/modules/http/page-policy";
import { publicShareUrl } from "~/modules/sharing/share-links.server";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { displayName, initials } from "~/modules/users/users.server";

export const headers = forwardHeaders;

export const handle = buyersPage;

export const meta: MetaFunction = () => [
  { title: "Your journey | LIGHT Cards" },
  { name: "description", content: "Your LIGHT Cards journey: your streak, your badges and what you practised and read lately." },
];

const activityTime = (timeZone: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A GET changes nothing: the zone is stored when the user next records activity.
  const zoneOf = (user: User) => preferredTimeZone(timeZoneFromRequest(request), user.timeZone);
  // What is this user's, read together and with the session's check: one round trip to D1 (getUserWith; the
  // collection itself comes from the isolate's snapshot).
  const { user, own } = await requireUserWith(context, request, (owner, signedInUser) =>
    Promise.all([
      pageAudienceFor(context.db, owner),
      listFavoriteCardIds(context.db, owner),
      getProgress(context.db, owner, { timeZone: signedInUser.then(zoneOf) }),
    ]),
  );
  const [audience, favoriteIds, progress] = own;
  const hasAccess = audience === "buyer";
  const format = activityTime(zoneOf(user));
  // A buyer's cards live on /cards and their day on /today: the dashboard is their progress. An account without access
  // still finds here the preview cards and the offer (the spec's account dashboard).
  const preview = hasAccess ? null : await previewOf(context, favoriteIds, new URL(request.url).searchParams);
  return data(
    {
      user: { email: user.email, firstName: user.firstName, displayName: displayName(user), initials: initials(user) },
      preview,
      progress: {
        ...progress,
        recentActivity: progress.recentActivity.map((item) => ({ ...item, when: format.format(new Date(item.timestamp)) })),
      },
    },
    { status: preview?.library.filterError ? 400 : 200 },
  );
}

/** What an account without access finds here: its preview cards, the tab (all or favourites), the featured card, the price. */
async function previewOf(context: AppLoadContext, favoriteIds: string[], searchParams: URLSearchParams) {
  const library = await loadLibrary(context, "member-without-access", favoriteIds, searchParams);
  const featured = library.cards.find((card) => card.id === library.featuredCardId);
  return {
    library,
    tab: searchParams.get("tab") === "favorites" ? ("favorites" as const) : ("browse" as const),
    featuredShareUrl: featured ? publicShareUrl(context.config, featured) : null,
    price: formatPriceShort(context.config.price),
  };
}

export default function DashboardPage() {
  const { user, preview, progress } = useLoaderData<typeof loader>();
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-6xl space-y-8 px-4 pt-6 pb-12 sm:px-6 lg:px-8">
        <DashboardWelcome user={user} offer={preview ? { totalAvailable: preview.library.totalAvailable, price: preview.price } : null} />
        {preview ? (
          <Preview preview={preview} progress={<ProgressPanel progress={progress} />} />
        ) : (
          <div id="journey" className="scroll-mt-4">
            <ProgressPanel progress={progress} />
          </div>
        )}
      </main>
    </AppShell>
  );
}

type PreviewData = NonNullable<SerializeFrom<typeof loader>["preview"]>;

/**
 * An account without access: today's featured preview card beside its progress, then its preview cards with the
 * spec's Browse Cards and Favorites tabs and the category chips (query parameters, so all of it works without JavaScript).
 */
function Preview({ preview, progress }: { preview: PreviewData; progress: ReactNode }) {
  const { library, tab, featuredShareUrl } = preview;
  const recordActivity = useActivityRecorder();
  const { cards, categories, filters, favoriteIds, totalAvailable } = library;
  const favorites = new Set(favoriteIds);
  const labels = Object.fromEntries(categories.map((category) => [category.slug, category.label]));
  const shown = filterCards(cards, { ...filters, favoritesOnly: tab === "favorites" }, favorites);
  const featured = cards.find((card) => card.id === library.featuredCardId);
  const dashboardSearch = (changes: { tab?: "browse" | "favorites"; category?: string }) => {
    const params = new URLSearchParams();
    const nextTab = changes.tab ?? tab;
    const nextCategory = changes.category ?? filters.category;
    if (nextTab === "favorites") params.set("tab", "favorites");
    if (nextCategory !== "all") params.set("category", nextCategory);
    const search = params.toString();
    return search ? `?${search}` : "";
  };
  const here = `/dashboard${dashboardSearch({})}`;
  // A tile's card page steps through the same selection (its query parameters are those of /cards).
  const cardFilters: CardFilters = { ...filters, q: "", favoritesOnly: tab === "favorites", view: "grid" };

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {featured ? (
          <section aria-labelledby="featured-title" className="space-y-3">
            <h2 id="featured-title" className="font-serif text-2xl font-bold">
              Today's Featured Affirmation
            </h2>
            <AffirmationCard
              card={featured}
              shareUrl={featuredShareUrl ?? undefined}
              categoryLabel={labels[featured.category]}
              favoriteForm={{ isFavorite: favorites.has(featured.id), redirectTo: here }}
              viewHref={`/cards/${featured.id}`}
              onFlip={(toBack) => {
                if (!toBack) return;
                recordActivity(featured.id, "view", { source: "dashboard" });
                recordActivity(featured.id, "read_scripture", { source: "dashboard" });
              }}
            />
          </section>
        ) : null}
        <div id="journey" className="scroll-mt-4">
          {progress}
        </div>
      </div>

      <section aria-labelledby="cards-title" className="scroll-mt-4 space-y-4">
        <h2 id="cards-title" className="font-serif text-2xl font-bold">
          Your Cards
        </h2>
        <p className="text-ink-muted">{`Preview ${cards.length} of ${totalAvailable} available cards`}</p>
        <nav aria-label="Card tabs" className="flex gap-2 border-b border-line">
          {(
            [
              { id: "browse", label: "Browse Cards" },
              { id: "favorites", label: `Favorites (${favoriteIds.length})` },
            ] as const
          ).map((entry) => (
            <Link
              key={entry.id}
              to={dashboardSearch({ tab: entry.id })}
              preventScrollReset
              aria-current={tab === entry.id ? "page" : undefined}
              className={`-mb-px border-b-2 px-4 py-2 font-semibold ${
                tab === entry.id ? "border-accent text-ink" : "border-transparent text-ink-muted"
              }`}
            >
              {entry.label}
            </Link>
          ))}
        </nav>
        <CategoryFilter
          // A free account sees the previews only: a category with none of them gets no "(0)" chip.
          categories={categories.filter((category) => category.visibleCount > 0)}
          allCount={cards.length}
          selected={filters.category}
          hrefFor={(slug) => dashboardSearch({ category: slug })}
        />
        {library.filterError ? (
          <p role="alert" className="rounded-xl bg-accent-soft p-3 text-sm">
            {library.filterError}
          </p>
        ) : null}
        {shown.length === 0 ? (
          tab === "favorites" ? (
            <div className="rounded-3xl bg-surface p-10 text-center ring-1 ring-line">
              <h3 className="font-serif text-2xl font-bold">No favorites yet</h3>
              <p className="mt-2 text-ink-muted">Tap the heart on a card to keep it here.</p>
              <Link to={dashboardSearch({ tab: "browse", category: "all" })} className="btn-primary mt-4">
                Browse All Cards
              </Link>
            </div>
          ) : (
            <p className="text-ink-muted">No cards in this category yet.</p>
          )
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((card) => (
              <CardTile
                key={card.id}
                card={card}
                categoryLabel={labels[card.category]}
                href={`/cards/${card.id}${filterSearch(cardFilters)}`}
                favorite={{ isFavorite: favorites.has(card.id), redirectTo: here }}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
