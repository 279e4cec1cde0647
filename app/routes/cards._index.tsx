import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, type ShouldRevalidateFunctionArgs, useLoaderData } from "@remix-run/react";
import { ACCESS_GATE_ANSWER, AccessGate } from "~/components/access-gate";
import { CollectionBrowser } from "~/components/library/collection-browser";
import { accessRequiredRedirect, getAccessStatus, sendAccessLinkIfEntitled } from "~/modules/access/access.server";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import { startSession } from "~/modules/auth/account.server";
import { rejectBots } from "~/modules/security/honeypot";
import { getUser } from "~/modules/auth/guards.server";
import { redirectWithSession } from "~/modules/auth/sessions.server";
import { loadLibrary } from "~/modules/cards/library.server";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { formatPriceShort } from "~/modules/config/money";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { emailOnlySchema } from "~/validation/auth";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Your collection | LIGHT Cards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(context);
  const price = formatPriceShort(context.config.price);
  if (!user) {
    // Visitors see the gate (200), never a card beyond the previews.
    const sent = new URL(request.url).searchParams.get("sent") === "1";
    return data({ view: "gate" as const, price, devGrant: context.config.isDevelopment, sent });
  }
  if (!(await getAccessStatus(context.db, user.id)).hasAccess) throw await accessRequiredRedirect(context.config);
  const favoriteIds = await listFavoriteCardIds(context.db, user.id);
  const library = await loadLibrary(context.db, "buyer", favoriteIds, new URL(request.url).searchParams);
  return data(
    { view: "collection" as const, library, shareUrl: `${context.config.appOrigin}/cards` },
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

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const intent = formData.get("intent");
  const parsed = emailOnlySchema.safeParse({ email: formData.get("email") ?? undefined });

  if (intent === "dev-grant") {
    // Development only: grant the typed email and sign in as it.
    if (!context.config.isDevelopment) throw new Response("Not Found", { status: 404 });
    if (!parsed.success) return data({ emailError: "Please enter a valid email address", toast: null }, { status: 400 });
    const email = parsed.data.email;
    return withFailureToast("Failed to grant access. Please try again.", async () => {
      await enforceRateLimits(context, request, [{ rule: "email_action_ip" }]);
      const { user } = await grantAccessByEmail(context.db, {
        email,
        actor: { userId: null, email },
        reason: "Grant Access (Dev) on the access gate",
      });
      const session = await startSession(context, user, false);
      return redirectWithSession(context, request, session, "/cards", { type: "success", title: "Access Granted!" });
    });
  }

  if (intent === "check-access") {
    if (!parsed.success) return data({ emailError: "Please enter a valid email address", toast: null }, { status: 400 });
    const email = parsed.data.email;
    return withFailureToast("Failed to verify access. Please try again.", async () => {
      await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "access_check_email", email }]);
      sendAccessLinkIfEntitled(context, email);
      // The same answer whatever the email: the form never reveals who bought.
      return redirectWithToast(context.config, "/cards?sent=1", {
        type: "message",
        title: "Check your email",
        description: ACCESS_GATE_ANSWER,
      });
    });
  }
  return redirect("/cards");
}

/** The gate's failures show the spec's toast on the gate itself, not the error page (a 429 still answers as a 429). */
async function withFailureToast<T>(description: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`Access gate: ${description}`, error);
    return data({ emailError: null, toast: { type: "error" as const, title: "Error", description } }, { status: 503 });
  }
}

export default function CardsPage() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.view === "gate") return <AccessGate price={loaderData.price} devGrant={loaderData.devGrant} sent={loaderData.sent} />;
  const { library, shareUrl } = loaderData;
  return (
    <main id="main" className="section space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link to="/" className="font-semibold text-sage-800 underline">
          Back to Home
        </Link>
        <Link to="/dashboard" className="font-semibold text-lavender-700 underline">
          Your Journey
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl font-bold">Your Collection</h1>
        <span className="rounded-full bg-sage-800 px-3 py-1 text-sm font-semibold text-white">
          {library.totalAvailable} Cards Available
        </span>
      </div>
      <CollectionBrowser
        cards={library.cards}
        favoriteIds={library.favoriteIds}
        categories={library.categories}
        featuredCardId={library.featuredCardId}
        shareUrl={shareUrl}
      />
    </main>
  );
}
