import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { CheckboxField, ErrorList, FormAlert, HoneypotField, PasswordField, SubmitButton, TextField } from "~/components/forms";
import { OAuthButtons } from "~/components/oauth-buttons";
import { SignInLinkOffer } from "~/components/sign-in-link-offer";
import { RELINK_INTENT, SignedOutNoticePanel } from "~/components/signed-out-notice-panel";
import { ActionToast } from "~/components/ui/toaster";
import { landingAfterSignIn } from "~/modules/access/access.server";
import { signInWithPassword } from "~/modules/auth/account.server";
import { emailOnlySchema, loginSchema, safeRedirectPath } from "~/modules/auth/auth.schema";
import { requireAnonymous } from "~/modules/auth/guards.server";
import { markLinkAsked } from "~/modules/auth/link-request.server";
import { configuredProviders } from "~/modules/auth/oauth.server";
import { redirectWithSession } from "~/modules/auth/request-auth.server";
import { requestSignInLink } from "~/modules/auth/sign-in-link.server";
import { clearSignedOutNotice, readSignedOutNotice, signedOutEmail } from "~/modules/auth/signed-out-notice.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { publicPage } from "~/modules/http/page-policy";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const handle = publicPage;

export const meta: MetaFunction = () => [{ title: "Sign in | LIGHT Cards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  await requireAnonymous(context, redirectTo);
  // A device whose session the server ended learns why here (docs/decisions/027).
  const { notice, setCookies } = await readSignedOutNotice(context, request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  // `?link=1` (the receipt's "get a new sign-in link") opens the sign-in link form at once.
  const linkOpen = new URL(request.url).searchParams.get("link") === "1";
  return data({ redirectTo, oauthProviders: configuredProviders(context.cloudflare.env), notice, linkOpen }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));

  if (formData.get("intent") === RELINK_INTENT) {
    // The address comes from the ended session this browser held, never from the form.
    const email = await signedOutEmail(context, request);
    if (!email) {
      return data(
        {
          intent: "link" as const,
          linkError: "This notice has expired. Enter your email below to get a sign-in link.",
          result: undefined,
          toast: null,
        },
        { status: 400 },
      );
    }
    await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "sign_in_link_email", email }]);
    requestSignInLink(context, { email, redirectTo });
    const headers = new Headers([
      ["Set-Cookie", await clearSignedOutNotice(context.config, request)],
      ["Set-Cookie", await markLinkAsked(context.config, request, email)],
    ]);
    return redirectWithToast(
      context.config,
      `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      {
        type: "success",
        title: "Check your email",
        description: `A sign-in link is on its way to ${email}. It works once, for 15 minutes.`,
      },
      { headers },
    );
  }

  if (formData.get("intent") === "link") {
    const parsed = emailOnlySchema.safeParse({ email: formData.get("email") ?? undefined });
    if (!parsed.success) {
      return data(
        { intent: "link" as const, linkError: "Please enter a valid email address", result: undefined, toast: null },
        { status: 400 },
      );
    }
    await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "sign_in_link_email", email: parsed.data.email }]);
    requestSignInLink(context, { email: parsed.data.email, redirectTo });
    return redirectWithToast(
      context.config,
      `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      {
        type: "success",
        title: "Check your email",
        description: "If an account exists for this email, a sign-in link is on its way. It works once, for 15 minutes.",
      },
      { headers: { "Set-Cookie": await markLinkAsked(context.config, request, parsed.data.email) } },
    );
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "password" as const, linkError: null, result: submission.reply({ hideFields: ["password"] }), toast: null },
      { status: 400 },
    );
  }
  await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }, { rule: "sign_in_email", email: submission.value.email }]);
  const outcome = await signInWithPassword(context, submission.value);
  if (outcome.status === "signed-in") {
    const landing = await landingAfterSignIn(context, outcome.user, redirectTo);
    return redirectWithSession(context, request, outcome.session, landing, { type: "success", title: "Welcome back!" });
  }
  if (outcome.status === "unverified") {
    return data(
      {
        intent: "password" as const,
        linkError: null,
        result: submission.reply({ formErrors: ["Please verify your email before signing in."], hideFields: ["password"] }),
        toast: {
          type: "error" as const,
          title: "Email verification required",
          description: "Please check your email and verify your account before logging in.",
        },
      },
      { status: 403 },
    );
  }
  return data(
    {
      intent: "password" as const,
      linkError: null,
      result: submission.reply({ formErrors: ["Invalid email or password."], hideFields: ["password"] }),
      toast: null,
      offerLinkTo: String(submission.value.email),
    },
    { status: 401 },
  );
}

export default function LoginPage() {
  const { redirectTo, oauthProviders, notice, linkOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    defaultValue: { email: searchParams.get("email") ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const needsVerification = actionData?.toast?.title === "Email verification required";

  return (
    <AuthLayout
      title="Welcome Back"
      footer={
        <>
          New here?{" "}
          <Link to="/register" className="font-semibold text-lavender-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <ActionToast toast={actionData?.toast} />
      {notice ? <SignedOutNoticePanel notice={notice} redirectTo={redirectTo} /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert id={form.errorId} errors={form.errors} />
        {needsVerification ? (
          <p className="text-sm">
            <Link
              to={`/check-email?email=${encodeURIComponent(String(fields.email.value ?? ""))}`}
              className="font-semibold text-lavender-700 underline"
            >
              Resend the verification email
            </Link>
          </p>
        ) : null}
        <TextField field={fields.email} label="Email Address" type="email" autoComplete="email" />
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField field={fields.rememberMe} label="Keep me logged in for daily access" />
          <Link to="/forgot-password" className="text-sm font-semibold text-lavender-700 underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton name="intent" value="password" pendingText="Signing in...">
          Sign In
        </SubmitButton>
      </Form>
      {actionData && "offerLinkTo" in actionData ? (
        <div className="mt-4">
          <SignInLinkOffer email={String(actionData.offerLinkTo)} redirectTo={redirectTo} />
        </div>
      ) : null}

      <OAuthButtons providers={oauthProviders} redirectTo={redirectTo} />

      <details id="sign-in-link" className="mt-6 rounded-xl bg-sage-50 p-4" open={actionData?.intent === "link" || linkOpen}>
        <summary className="cursor-pointer text-sm font-semibold">
          Bought the collection without a password? Email me a sign-in link
        </summary>
        <Form method="post" className="mt-3 space-y-3">
          <HoneypotField />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label htmlFor="link-email" className="block text-sm font-semibold">
            Email Address
          </label>
          <input
            id="link-email"
            name="email"
            type="email"
            autoComplete="email"
            // biome-ignore lint/a11y/noAutofocus: opened on purpose from the receipt's link, the field is all the page is for
            autoFocus={linkOpen}
            aria-invalid={actionData?.linkError ? true : undefined}
            aria-describedby={actionData?.linkError ? "link-email-error" : undefined}
            className="block min-h-[44px] w-full rounded-xl border border-sage-300 bg-white px-4 py-2"
          />
          <ErrorList id="link-email-error" errors={actionData?.linkError ? [actionData.linkError] : null} />
          <SubmitButton name="intent" value="link" className="btn-secondary w-full" pendingText="Sending...">
            Email Me a Sign-In Link
          </SubmitButton>
        </Form>
      </details>
    </AuthLayout>
  );
}
