import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AffirmationCard, CardGrid } from "~/components/affirmation-card";
import { ErrorList, HoneypotField } from "~/components/forms";
import { ActionToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import { getAccessStatus, sendAccessLinkIfEntitled } from "~/modules/access/access.server";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import { startSession } from "~/modules/auth/account.server";
import { rejectBots } from "~/modules/security/honeypot";
import { getUser } from "~/modules/auth/guards.server";
import { redirectWithSession } from "~/modules/auth/sessions.server";
import { getCardsFor, listCategories } from "~/modules/cards/cards.server";
import { formatPriceShort } from "~/modules/config/money";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { emailOnlySchema } from "~/validation/auth";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Your collection | LIGHT Cards" }];

const SAME_ANSWER = "If this email has purchased the collection, a sign-in link is on its way. It works once, for 15 minutes.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(context);
  const price = formatPriceShort(context.config.price);
  if (!user) {
    // Visitors see the gate (200), never a card beyond the previews.
    const sent = new URL(request.url).searchParams.get("sent") === "1";
    return { view: "gate" as const, price, devGrant: context.config.isDevelopment, sent, cards: [], total: 0, labels: {}, pageUrl: "" };
  }
  if (!(await getAccessStatus(context.db, user.id)).hasAccess) {
    throw await redirectWithToast(context.config, "/checkout", {
      type: "error",
      title: "Access Required",
      description: "Please complete your purchase to access the cards.",
    });
  }
  const [result, categories] = await Promise.all([getCardsFor(context.db, "buyer"), listCategories(context.db)]);
  return {
    view: "collection" as const,
    price,
    devGrant: false,
    sent: false,
    cards: result.cards,
    total: result.totalAvailable,
    labels: Object.fromEntries(categories.map((category) => [category.slug, category.label])) as Record<string, string>,
    pageUrl: `${context.config.appOrigin}/cards`,
  };
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
      return redirectWithToast(context.config, "/cards?sent=1", { type: "message", title: "Check your email", description: SAME_ANSWER });
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
  const { cards, total, labels, pageUrl } = loaderData;
  return (
    <main id="main" className="section space-y-8">
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
        <span className="rounded-full bg-sage-800 px-3 py-1 text-sm font-semibold text-white">{total} Cards Available</span>
      </div>
      <CardGrid>
        {cards.map((card) => (
          <AffirmationCard key={card.id} card={card} shareUrl={pageUrl} categoryLabel={labels[card.category]} />
        ))}
      </CardGrid>
    </main>
  );
}

function AccessGate({ price, devGrant, sent }: { price: string; devGrant: boolean; sent: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [email, setEmail] = useState("");
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check-access";
  const emailError = actionData && "emailError" in actionData ? actionData.emailError : null;
  const failureToast = actionData && "toast" in actionData ? actionData.toast : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-sage-200">
        <ActionToast toast={failureToast} />
        <h1 className="text-center font-serif text-3xl font-bold">Access Your Collection</h1>
        <p className="mt-2 text-center text-ink-muted">Enter the email you bought with and we will send you a sign-in link.</p>
        {sent ? (
          <p role="status" className="mt-4 rounded-xl bg-sage-100 p-3 text-center text-sm">
            {SAME_ANSWER}
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-4">
          <HoneypotField />
          <div>
            <label htmlFor="gate-email" className="block text-sm font-semibold">
              Email Address
            </label>
            <input
              id="gate-email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? "gate-email-error" : undefined}
              className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 px-4 py-2"
            />
            <ErrorList id="gate-email-error" errors={emailError ? [emailError] : null} />
          </div>
          {/* The spec disables these while the email is empty or being checked (with JavaScript). */}
          <GateButton
            intent="check-access"
            label={checking ? "Checking your access..." : "Check Access"}
            disabled={checking || email.trim() === ""}
            className="btn-primary w-full"
          />
          {devGrant ? (
            <GateButton intent="dev-grant" label="Grant Access (Dev)" disabled={email.trim() === ""} className="btn-secondary w-full" />
          ) : null}
        </Form>
        <Link to="/checkout" className="btn-secondary mt-4 w-full">
          Purchase Collection ({price})
        </Link>
      </div>
    </main>
  );
}

/** Disabling needs JavaScript to re-enable it, so without JavaScript the button is always enabled. */
function GateButton({ intent, label, disabled, className }: { intent: string; label: string; disabled: boolean; className: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={hydrated && disabled}>
      {label}
    </button>
  );
}
