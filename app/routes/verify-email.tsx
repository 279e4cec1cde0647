import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout, RedirectingToSignIn } from "~/components/auth-layout";
import { AutoSubmitTokenForm } from "~/components/auto-submit";
import { HoneypotField, SubmitButton } from "~/components/forms";
import { refreshHeader, useDelayedRedirect } from "~/hooks/use-delayed-redirect";
import { verifyEmailWithToken } from "~/modules/auth/account.server";
import { tokenSchema, verifyEmailSchema, WRONG_VERIFY_PASSWORD_MESSAGE } from "~/modules/auth/auth.schema";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Verify your email | LIGHT Cards" }];

const REDIRECT_DELAY_MS = 3000;

export function loader({ request }: LoaderFunctionArgs) {
  const parsed = tokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
  return { token: parsed.success ? parsed.data.token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = verifyEmailSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ state: "error" as const, message: "No verification token found", token: null }, { status: 400 });
  }
  const password = parsed.data.password || undefined;
  if (password) await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }]);
  const result = await verifyEmailWithToken(context, request, { token: parsed.data.token, password });
  if (result === "password-required" || result === "wrong-password") {
    // Another browser than the one that registered: only the account's password proves who chose it.
    const message =
      result === "password-required"
        ? "This link was opened in a different browser from the one that created the account. Enter the account's password to verify it."
        : WRONG_VERIFY_PASSWORD_MESSAGE;
    return data({ state: "password" as const, message, token: parsed.data.token }, { status: result === "wrong-password" ? 401 : 200 });
  }
  if (result === "valid") {
    return data(
      { state: "success" as const, message: "Your email is verified.", token: null },
      { headers: refreshHeader("/login", REDIRECT_DELAY_MS) },
    );
  }
  if (result === "expired") {
    return data({ state: "expired" as const, message: "This verification link has expired.", token: parsed.data.token }, { status: 410 });
  }
  return data(
    { state: "error" as const, message: "Verification failed. This link is invalid or has already been used.", token: null },
    { status: 400 },
  );
}

export default function VerifyEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useDelayedRedirect(result?.state === "success" ? "/login" : null, REDIRECT_DELAY_MS);

  if (!result) {
    if (!token) return <VerifyError message="No verification token found" />;
    return (
      <AuthLayout title="Verify Your Email">
        <p className="mb-6 text-center">Confirm your email address to finish setting up your account.</p>
        <AutoSubmitTokenForm token={token} buttonLabel="Verify My Email" pendingLabel="Verifying your email..." autoSubmit />
      </AuthLayout>
    );
  }
  if (result.state === "success") {
    return (
      <AuthLayout title="Email Verified!">
        <RedirectingToSignIn>{result.message} You can now sign in.</RedirectingToSignIn>
      </AuthLayout>
    );
  }
  if (result.state === "password") {
    return (
      <AuthLayout title="Confirm Your Password">
        <div className="space-y-4">
          <p role="alert">{result.message}</p>
          <Form method="post" className="space-y-3">
            <HoneypotField />
            <input type="hidden" name="token" value={result.token ?? ""} />
            <label htmlFor="verify-password" className="block text-sm font-semibold">
              Password
            </label>
            <input
              id="verify-password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="block min-h-[44px] w-full rounded-xl border border-sage-300 bg-white px-4 py-2"
            />
            <SubmitButton pendingText="Verifying your email...">Verify My Email</SubmitButton>
          </Form>
          <p className="text-sm text-ink-muted">
            Did not create this account, or forgot its password?{" "}
            <Link to="/forgot-password" className="font-semibold text-lavender-700 underline">
              Reset the password
            </Link>{" "}
            with a link sent to this mailbox: that verifies the email and replaces any password set by someone else.
          </p>
        </div>
      </AuthLayout>
    );
  }
  if (result.state === "expired") {
    return (
      <AuthLayout title="Link Expired">
        <div className="space-y-4 text-center">
          <p role="alert">{result.message} Verification links are valid for 24 hours.</p>
          <Form method="post" action="/check-email" className="space-y-3">
            <HoneypotField />
            <input type="hidden" name="token" value={result.token ?? ""} />
            <SubmitButton pendingText="Sending...">Send a New Verification Email</SubmitButton>
          </Form>
          <Link to="/login" className="block text-sm font-semibold text-lavender-700 underline">
            Back to Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return <VerifyError message={result.message} />;
}

function VerifyError({ message }: { message: string }) {
  return (
    <AuthLayout title="Verification Failed">
      <div className="space-y-4 text-center">
        <p role="alert">{message}</p>
        <p className="text-sm text-ink-muted">Try registering again, or go back to sign in and request a new link.</p>
        <Link to="/register" className="btn-primary w-full">
          Register Again
        </Link>
        <Link to="/login" className="btn-secondary w-full">
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
