import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, type ShouldRevalidateFunctionArgs, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { AccessGate } from "~/components/access-gate";
import { AppShell } from "~/components/app-shell";
import { AffirmationCard } from "~/components/card/affirmation-card";
import { CardNotFound } from "~/components/card-not-found";
import { VersePanel } from "~/components/library/verse-panel";
import { CardPractice } from "~/components/practice/card-practice";
import { ActionToast } from "~/components/ui/toaster";
import { useActivityRecorder } from "~/hooks/use-activity";
import { useViewer } from "~/hooks/use-viewer";
import { accessRequiredRedirect, pageAudienceFor } from "~/modules/access/access.server";
import { getUserWith } from "~/modules/auth/guards.server";
import { cardIdSchema } from "~/modules/cards/cards.schema";
import { filterSearch, neighbours } from "~/modules/cards/filter";
import { filteredCards, loadLibrary } from "~/modules/cards/library.server";
import { onlyTranslationChanged, readPassageTranslation, translationSearch } from "~/modules/cards/passage";
import { findCardPassage, findLibraryCard } from "~/modules/cards/public-collection.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { badgeToast } from "~/modules/habit/badge-toast";
import { startCardView } from "~/modules/habit/page-activity.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { buyersPage } from "~/modules/http/page-policy";
import { listCardReflections } from "~/modules/practice/journal.server";
import { listOwnRecordings } from "~/modules/practice/recordings.server";
import { publicShareUrl } from "~/modules/sharing/share-links.server";
import { ErrorBoundary as SiteErrorPage } from "~/root";

export const headers = forwardHeaders;

export const handle = buyersPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData?.view === "card" ? `${loaderData.card.title} | LIGHT Cards` : "Your collection | LIGHT Cards" },
  { name: "description", content: "A LIGHT Card: its affirmation, its verse and a reflection to speak aloud." },
];

/**
 * /cards/{cardId}: one card in full, with favourite, speak, share and copy, and previous/next within the filter the
 * buyer came from (the same query parameters as /cards). The gate rules are those of /cards: visitors see the gate
 * (200), a signed-in user without access may open their preview cards and is sent to /checkout for any other.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cardId = cardIdSchema.safeParse(params.cardId);
  // What is this user's, read together and with the session's check: one round trip to D1 (getUserWith).
  const signedIn = await getUserWith(context, (owner) =>
    Promise.all([
      pageAudienceFor(context.db, owner),
      listFavoriteCardIds(context.db, owner),
      cardId.success ? startCardView(context.db, request, owner, cardId.data) : null,
      cardId.success ? listCardReflections(context.db, owner, cardId.data) : [],
      listOwnRecordings(context.db, owner),
    ]),
  );
  if (!signedIn) {
    // A bookmarked card opens the gate; an id no card has is a 404 for visitors too.
    if (!cardId.success || !(await findLibraryCard(context, "buyer", cardId.data))) throw new Response("Card not found", { status: 404 });
    return data({ view: "gate" as const, price: formatPriceShort(context.config.price), devGrant: context.config.isDevelopment });
  }
  if (!cardId.success) throw new Response("Card not found", { status: 404 });
  const [audience, favoriteIds, view, reflections, recordings] = signedIn.own;
  const card = await findLibraryCard(context, audience, cardId.data);
  if (!card) {
    // A paid card for someone without access: the checkout, as on /cards. An id no card has: a 404 page.
    if (audience === "member-without-access" && (await findLibraryCard(context, "buyer", cardId.data))) {
      throw await accessRequiredRedirect(context.config);
    }
    throw new Response("Card not found", { status: 404 });
  }

  const url = new URL(request.url);
  const [library, passage] = await Promise.all([
    loadLibrary(context, audience, favoriteIds, url.searchParams),
    findCardPassage(context, audience, card.id),
  ]);
  const inFilter = filteredCards(library);
  // Stepping goes through the filtered list the buyer came from; through every card when this one is not in it.
  const steps = inFilter.some((entry) => entry.id === card.id) ? inFilter : library.cards;
  const { previous, next, position } = neighbours(steps, card.id);
  const titleOf = (id: string | null) => (id ? { id, title: steps.find((entry) => entry.id === id)?.title ?? id } : null);
  const { newBadges } = (await view?.record(signedIn.user)) ?? { newBadges: [] };

  return data({
    view: "card" as const,
    card,
    // Both translations: the switch between them needs no request (shouldRevalidate below).
    passage,
    categoryLabel: library.categories.find((category) => category.slug === card.category)?.label ?? card.category,
    isFavorite: favoriteIds.includes(card.id),
    previous: titleOf(previous),
    next: titleOf(next),
    position: position + 1,
    stepCount: steps.length,
    search: filterSearch(library.filters),
    backHref: audience === "buyer" ? `/cards${filterSearch(library.filters)}` : "/dashboard",
    shareUrl: publicShareUrl(context.config, card),
    badgeToast: badgeToast(newBadges),
    canPractise: audience === "buyer",
    reflections,
    recording: recordings.find((entry) => entry.cardId === card.id) ?? null,
  });
}

/** The passage's translation is read from the URL by the page itself: switching it needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyTranslationChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

const STEP_LINK = "btn border-2 border-line bg-surface px-4 text-center text-sm text-ink hover:bg-surface-muted";

export default function CardPage() {
  const loaderData = useLoaderData<typeof loader>();
  const recordActivity = useActivityRecorder();
  const location = useLocation();
  if (loaderData.view === "gate") return <AccessGate price={loaderData.price} devGrant={loaderData.devGrant} sent={false} />;
  const {
    card,
    passage,
    categoryLabel,
    isFavorite,
    previous,
    next,
    position,
    stepCount,
    search,
    backHref,
    shareUrl,
    canPractise,
    reflections,
    recording,
  } = loaderData;
  // The filter the buyer came from, and the translation they read in (switched in the page, so not in the loader's data).
  const stepSearch = translationSearch(search, readPassageTranslation(new URLSearchParams(location.search)));
  const here = `/cards/${card.id}${stepSearch}`;
  const readVerse = () => recordActivity(card.id, "read_scripture", { source: "card-page-verse" });

  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-6xl space-y-6 px-4 pt-4 pb-12 sm:px-6 lg:px-8">
        <ActionToast toast={loaderData.badgeToast} />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to={backHref} className="font-semibold text-ink underline">
            Back to your cards
          </Link>
          <p className="text-sm text-ink-muted">
            {categoryLabel} · Card {position} of {stepCount}
          </p>
        </div>
        {/* The card shows its title just below: the page's heading is for screen readers and the tab, not a third copy. */}
        <h1 className="sr-only">{card.title}</h1>

        <div className="grid gap-8 lg:grid-cols-2">
          <AffirmationCard
            card={card}
            shareUrl={shareUrl ?? undefined}
            categoryLabel={categoryLabel}
            headingLevel="h2"
            flipHint={false}
            favoriteForm={{ isFavorite, redirectTo: here }}
            onFlip={(toBack) => {
              if (toBack) recordActivity(card.id, "read_scripture", { source: "card-page" });
            }}
          />
          <VersePanel card={card} passage={passage} onRead={readVerse} />
        </div>

        <CardPractice cardId={card.id} canPractise={canPractise} reflections={reflections} recording={recording} />

        {/* Two equal halves in the page's own colours (a white slab in the dark scheme before). */}
        <nav aria-label="Card navigation" className="grid grid-cols-2 gap-3">
          {previous ? (
            <Link to={`/cards/${previous.id}${stepSearch}`} className={STEP_LINK} rel="prev">
              ← Previous: {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={`/cards/${next.id}${stepSearch}`} className={`${STEP_LINK} col-start-2`} rel="next">
              Next: {next.title} →
            </Link>
          ) : null}
        </nav>
      </main>
    </AppShell>
  );
}

/** A dead card link keeps a signed-in reader in the app; anything else is the site's error page (root.tsx). */
export function ErrorBoundary() {
  const error = useRouteError();
  const viewer = useViewer();
  if (viewer && isRouteErrorResponse(error) && error.status === 404) return <CardNotFound viewer={viewer} />;
  return <SiteErrorPage />;
}
