import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout } from "~/components/auth-layout";
import { AutoSubmitTokenForm } from "~/components/auto-submit";
import { SubmitButton } from "~/components/forms";
import { useViewer } from "~/hooks/use-viewer";
import { landingAfterSignIn } from "~/modules/access/access.server";
import { homeFor } from "~/modules/access/home";
import { safeRedirectPath, tokenSchema } from "~/modules/auth/auth.schema";
import { HOME_PATH } from "~/modules/auth/home-path";
import { browserAskedForLinkTo, linkDestination } from "~/modules/auth/link-request.server";
import { redirectWithSession } from "~/modules/auth/request-auth.server";
import { signInLinkAddress, signInWithLinkToken } from "~/modules/auth/sign-in-link.server";
import { formatPrice } from "~/modules/config/money";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Sign in | LIGHT Cards" }];

const linkQuerySchema = z.object({
  token: z.string().max(200).optional(),
  redirectTo: z.string().optional(),
  confirm: z.enum(["access"]).optional(),
});

/**
 * The emailed sign-in link's page names the account and asks before it signs in: a link planted in someone's browser
 * must not sign them in by itself (app/modules/auth/link-request.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = linkQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const value = query.success ? query.data : {};
  const link = value.token ? await signInLinkAddress(context, value.token) : null;
  const status = !link ? 400 : link.status === "expired" ? 410 : link.status === "invalid" ? 400 : 200;
  return data(
    {
      token: value.token ?? null,
      linkState: link?.status ?? null,
      email: link?.status === "valid" ? link.email : null,
      redirectTo: safeRedirectPath(value.redirectTo),
      confirm: value.confirm ?? null,
    },
    { status },
  );
}

/** The emailed sign-in link: one POST uses the token (scanners that prefetch the GET do not). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = tokenSchema.safeParse(form);
  if (!parsed.success) return data({ state: "invalid" as const }, { status: 400 });
  const confirmingAccess = form.confirm === "access";
  const destination = safeRedirectPath(form.redirectTo, confirmingAccess ? "/cards" : HOME_PATH);
  const current = await context.auth.getCurrentUser();
  const outcome = await signInWithLinkToken(context, parsed.data.token, {
    current,
    confirmSwitch: form.switchAccount === "1",
    purchaseAnswer: form.purchase === "mine" || form.purchase === "not-mine" ? form.purchase : undefined,
  });
  if (outcome.status === "purchase-question") {
    const { question } = outcome;
    const when = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: preferredTimeZone(timeZoneFromRequest(request), null),
      timeZoneName: "short",
    }).format(question.paidAt);
    return data(
      {
        state: "purchase-question" as const,
        email: question.email,
        purchase: `${formatPrice({ cents: question.amountCents, currency: question.currency })} on ${when}`,
        token: parsed.data.token,
        redirectTo: destination,
        confirm: confirmingAccess ? ("access" as const) : null,
        switchAccount: form.switchAccount === "1",
      },
      { status: 409 },
    );
  }
  if (outcome.status === "switch-required") {
    return data(
      {
        state: "switch-required" as const,
        currentEmail: current?.user.email ?? null,
        linkEmail: outcome.linkEmail,
        token: parsed.data.token,
        redirectTo: destination,
        confirm: confirmingAccess ? ("access" as const) : null,
      },
      { status: 409 },
    );
  }
  if (outcome.status !== "signed-in") {
    return data({ state: outcome.status }, { status: outcome.status === "expired" ? 410 : 400 });
  }
  const askedHere = await browserAskedForLinkTo(context.config, request, outcome.user.email);
  const landing = await landingAfterSignIn(context, outcome.user, linkDestination(destination, askedHere, HOME_PATH));
  return redirectWithSession(context, request, outcome.session, landing, {
    type: "success",
    title: confirmingAccess ? "Access Confirmed!" : "Welcome back!",
  });
}

export default function SignInLinkPage() {
  const viewer = useViewer();
  const { token, linkState, email, redirectTo, confirm } = useLoaderData<typeof loader>();
  const actionResult = useActionData<typeof action>();
  const result = actionResult ?? (linkState === "expired" || linkState === "invalid" ? { state: linkState } : undefined);
  if (token && email && !result) {
    return (
      <AuthLayout title="Sign In">
        <p className="mb-6 text-center font-semibold [overflow-wrap:anywhere]">{`Sign in as ${email}?`}</p>
        <AutoSubmitTokenForm
          token={token}
          extraFields={{ redirectTo, ...(confirm ? { confirm } : {}) }}
          buttonLabel="Sign In"
          pendingLabel="Signing you in..."
          autoSubmit={false}
        />
      </AuthLayout>
    );
  }
  if (result?.state === "switch-required") {
    return (
      <AuthLayout title="Switch Accounts?">
        <div className="space-y-4 text-center">
          <p role="alert">
            You are signed in as <strong>{result.currentEmail}</strong>. This link signs in as <strong>{result.linkEmail}</strong>.
          </p>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="token" value={result.token} />
            <input type="hidden" name="redirectTo" value={result.redirectTo} />
            {result.confirm ? <input type="hidden" name="confirm" value={result.confirm} /> : null}
            <input type="hidden" name="switchAccount" value="1" />
            <SubmitButton pendingText="Signing you in...">Switch to {result.linkEmail}</SubmitButton>
          </Form>
          <Link to={viewer ? homeFor(viewer) : "/"} className="btn-secondary w-full">
            Stay Signed In as {result.currentEmail}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (result?.state === "purchase-question") {
    const fields = (
      <>
        <input type="hidden" name="token" value={result.token} />
        <input type="hidden" name="redirectTo" value={result.redirectTo} />
        {result.confirm ? <input type="hidden" name="confirm" value={result.confirm} /> : null}
        {result.switchAccount ? <input type="hidden" name="switchAccount" value="1" /> : null}
      </>
    );
    return (
      <AuthLayout title="Did You Buy LIGHT Cards?">
        <div className="space-y-4">
          <p role="alert">
            The account for <strong className="break-all">{result.email}</strong> was set up by a payment of{" "}
            <strong>{result.purchase}</strong>, and another device, or a password, has been using it since.
          </p>
          <p className="text-sm text-ink-muted">
            Nobody had confirmed this email address until now. If that payment was yours, your other devices stay signed in and your
            password keeps working. If it was not, we sign out every other device and remove that password.
          </p>
          <Form method="post">
            {fields}
            <SubmitButton name="purchase" value="mine" pendingText="Signing you in...">
              Yes, I paid: keep my devices signed in
            </SubmitButton>
          </Form>
          <Form method="post">
            {fields}
            <SubmitButton name="purchase" value="not-mine" className="btn-secondary w-full" pendingText="Signing you in...">
              No, that was not me: sign them out
            </SubmitButton>
          </Form>
        </div>
      </AuthLayout>
    );
  }
  const expired = result?.state === "expired";
  return (
    <AuthLayout title={expired ? "Link Expired" : "Link Not Valid"}>
      <div className="space-y-4 text-center">
        <p role="alert">
          {expired
            ? "This sign-in link has expired. Sign-in links work for 15 minutes."
            : "This sign-in link is invalid or has already been used."}
        </p>
        <Link to="/login" className="btn-primary w-full">
          Get a New Link
        </Link>
      </div>
    </AuthLayout>
  );
}
