import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SetPasswordForm } from "~/components/account-security";
import { InstallBanner } from "~/components/install-banner";
import { SiteHeader } from "~/components/site-chrome";
import { Spinner } from "~/components/ui/spinner";
import { ActionToast } from "~/components/ui/toaster";
import { setPasswordAction } from "~/modules/auth/account-security.server";
import { SET_PASSWORD_INTENT } from "~/modules/auth/auth.schema";
import { serializeSessionCookie } from "~/modules/auth/request-auth.server";
import { countCards } from "~/modules/cards/cards.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { logProblem } from "~/modules/observability/log.server";
import { completeCheckout, isPaymentSessionId } from "~/modules/payments/success.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Payment successful | LIGHT Cards" }];

const querySchema = z.object({ session_id: z.string().max(260).refine(isPaymentSessionId) });

const FAILED = { state: "failed" as const, email: null, signIn: null, cardCount: 0, mayChoosePassword: false, here: "/success" };

/**
 * The payment-success page. Its GET is the one that may change data: fulfilment is idempotent
 * (see fulfilPaidCheckout), so reloading or a late webhook never grants twice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const support = context.config.supportEmail;
  if (!query.success) return data({ ...FAILED, support }, { status: 400 });
  await enforceRateLimits(context, request, [{ rule: "payment_lookup_ip" }]);

  try {
    const outcome = await completeCheckout(context, query.data.session_id);
    if (outcome.status === "pending") {
      // Some payment methods confirm a moment later: look again shortly.
      return data({ ...FAILED, state: "pending" as const, support }, { headers: { Refresh: "3" } });
    }
    if (outcome.status === "not-found") {
      return data({ ...FAILED, support }, { status: 404 });
    }
    const headers = new Headers();
    if (outcome.session) headers.append("Set-Cookie", await serializeSessionCookie(context.config, request, outcome.session));
    const url = new URL(request.url);
    return data(
      {
        state: "granted" as const,
        support,
        email: outcome.email,
        signIn: outcome.signIn,
        cardCount: await countCards(context.db),
        mayChoosePassword: outcome.mayChoosePassword,
        here: url.pathname + url.search,
      },
      { headers },
    );
  } catch (error) {
    logProblem("warn", "Success page could not confirm the payment", error);
    return data({ ...FAILED, support }, { status: 502 });
  }
}

/** "Set a password" (docs/decisions/027): the signed-in buyer's session cookie authorises it, not the session_id. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== SET_PASSWORD_INTENT) return data({ setPasswordResult: null }, { status: 400 });
  return setPasswordAction(context, request, formData, "/cards");
}

export default function SuccessPage() {
  const result = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="rounded-3xl bg-white p-8 text-center shadow-xl ring-1 ring-sage-200">
          {result.state === "pending" ? <Spinner label="Setting up your access..." /> : null}
          {result.state === "failed" ? (
            <>
              <ActionToast
                toast={{
                  type: "error",
                  title: "Access Setup",
                  description: "Please contact support if you need help accessing your cards.",
                }}
              />
              <h1 className="font-serif text-3xl font-bold">Access Setup</h1>
              <p role="alert" className="mt-4">
                We could not confirm this payment. Please contact support if you need help accessing your cards:{" "}
                <a className="font-semibold text-lavender-700 underline" href={`mailto:${result.support}`}>
                  {result.support}
                </a>
              </p>
              <Link to="/" className="btn-secondary mt-6 w-full">
                Return to Home
              </Link>
            </>
          ) : null}
          {result.state === "granted" ? (
            <>
              {/* The product rules' success toast; on a phone toasts sit over the header, not the page's words. */}
              {actionData ? null : <ActionToast toast={{ type: "success", title: "Payment Successful!" }} />}
              <h1 className="font-serif text-3xl font-bold">Payment Successful!</h1>
              <p role="status" className="mt-3 text-lg font-semibold text-sage-800">
                Access granted to all {result.cardCount} cards!
              </p>
              <p className="mt-2 text-ink-muted">
                {result.signIn === "emailed-link"
                  ? `We emailed a sign-in link to ${result.email}. Open it to reach your collection on any device.`
                  : `You are signed in as ${result.email}.`}
              </p>
              {(result.mayChoosePassword || actionData?.setPasswordResult) && result.email ? (
                <div className="mt-6">
                  <SetPasswordForm
                    email={result.email}
                    redirectTo={result.here}
                    lastResult={actionData?.setPasswordResult}
                    intro="Choose one to sign in on any device with your email and password. You can also skip it: your receipt has a sign-in link, and “Forgot password?” sets one later."
                  />
                </div>
              ) : null}
              <section aria-labelledby="next-title" className="mt-6 rounded-2xl bg-sage-50 p-5 text-left">
                <h2 id="next-title" className="font-semibold">
                  What's Next
                </h2>
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                  <li>Open your collection and read today's featured card.</li>
                  <li>Flip a card, read the verse, and speak the affirmation aloud.</li>
                  <li>Save your favorites and come back tomorrow to build your streak.</li>
                </ol>
              </section>
              <p className="mt-4 text-sm text-ink-muted">
                Need help? Write to{" "}
                <a className="font-semibold text-lavender-700 underline" href={`mailto:${result.support}`}>
                  {result.support}
                </a>
                . Your purchase is covered by our 30-day guarantee.
              </p>
              <Link to="/cards" className="btn-primary mt-6 w-full">
                Access Your Collection
              </Link>
              <Link to="/" className="btn-secondary mt-3 w-full">
                Return to Home
              </Link>
            </>
          ) : null}
        </div>
      </main>
      {/* Installing the app, right after buying (docs/decisions/046-web-push.md). */}
      {result.state === "granted" ? <InstallBanner aboveTabBar={false} /> : null}
    </>
  );
}
