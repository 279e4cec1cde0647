import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, type ShouldRevalidateFunctionArgs, useLoaderData } from "@remix-run/react";
import { AccessGate } from "~/components/access-gate";
import { AppShell } from "~/components/app-shell";
import { CollectionBrowser } from "~/components/library/collection-browser";
import { accessRequiredRedirect, pageAccessStatus } from "~/modules/access/access.server";
import { accessGateAction } from "~/modules/access/gate.server";
import { getUserWith } from "~/modules/auth/guards.server";
import { loadLibrary } from "~/modules/cards/library.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { buyersPage } from "~/modules/http/page-policy";
import { publicShareUrls } from "~/modules/sharing/share-links.server";

export const headers = forwardHeaders;
// A route's meta replaces the root's (Remix v2), so the description is named again here.
export const handle = buyersPage;

export const meta: MetaFunction = () => [
  { title: "Your collection | LIGHT Cards" },
  {
    name: "description",
    content: "Your LIGHT Cards: every affirmation with its verse and reflection, by category, to read, flip and speak aloud.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Access and favourites read together, and with the session's check: one round trip to D1 (getUserWith).
  const signedIn = await getUserWith(context, (owner) =>
    Promise.all([pageAccessStatus(context.db, owner), listFavoriteCardIds(context.db, owner)]),
  );
  const price = formatPriceShort(context.config.price);
  if (!signedIn) {
    // Visitors see the gate (200), never a card beyond the previews.
    const sent = new URL(request.url).searchParams.get("sent") === "1";
    return data({ view: "gate" as const, price, devGrant: context.config.isDevelopment, sent });
  }
  const [access, favoriteIds] = signedIn.own;
  if (!access.hasAccess) throw await accessRequiredRedirect(context.config);
  const library = await loadLibrary(context, "buyer", favoriteIds, new URL(request.url).searchParams);
  return data(
    { view: "collection" as const, library, shareUrls: publicShareUrls(context.config, library.cards) },
    { status: library.filterError ? 400 : 200 },
  );
}

/**
 * Filters are query parameters that the page applies in the browser, so changing only them needs no new data;
 * a form post (the favourite button, the gate) revalidates as usual.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** The access gate's form, whichever card screen showed it (app/modules/access/gate.server.ts). */
export function action({ request, context }: ActionFunctionArgs) {
  return accessGateAction(context, request);
}

export default function CardsPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.view === "gate") return <AccessGate price={loaderData.price} devGrant={loaderData.devGrant} sent={loaderData.sent} />;
  const { library, shareUrls } = loaderData;
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-6xl space-y-4 px-4 pt-4 pb-12 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="font-serif text-2xl font-bold sm:text-3xl">Your Collection</h1>
          <span className="rounded-full bg-sage-800 px-3 py-1 text-xs font-semibold text-white">
            {library.totalAvailable} Cards Available
          </span>
          <span className="ml-auto flex gap-4 text-sm">
            <Link to="/" className="font-semibold text-ink-muted underline">
              Back to Home
            </Link>
            <Link to="/collection" className="font-semibold text-accent underline">
              Download PDF
            </Link>
          </span>
        </div>
        <CollectionBrowser
          cards={library.cards}
          favoriteIds={library.favoriteIds}
          categories={library.categories}
          shareUrls={shareUrls}
          rendered={{ filters: library.filters, error: library.filterError }}
        />
      </main>
    </AppShell>
  );
}
