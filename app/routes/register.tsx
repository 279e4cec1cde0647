import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { CheckboxField, FormAlert, HoneypotField, PasswordField, SubmitButton, TextField } from "~/components/forms";
import { OAuthButtons } from "~/components/oauth-buttons";
import { ActionToast } from "~/components/ui/toaster";
import { useBrowserTimeZone } from "~/hooks/use-time-zone-cookie";
import { markRegisteringBrowser, registerAccount } from "~/modules/auth/account.server";
import { registerSchema } from "~/modules/auth/auth.schema";
import { requireAnonymous } from "~/modules/auth/guards.server";
import { HOME_PATH } from "~/modules/auth/home-path";
import { configuredProviders } from "~/modules/auth/oauth.server";
import { getPublicCollection } from "~/modules/cards/public-collection.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { publicPage } from "~/modules/http/page-policy";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { createToastHeaders } from "~/modules/toast/toast.server";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const headers = forwardHeaders;

export const handle = publicPage;

export const meta: MetaFunction = () => [{ title: "Create your account | LIGHT Cards" }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const { previewCards, cardCount } = await getPublicCollection(context);
  return { oauthProviders: configuredProviders(context.cloudflare.env), previewCount: previewCards.length, cardCount };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), toast: null }, { status: 400 });
  }
  await enforceRateLimits(context, request, [{ rule: "register_ip" }, { rule: "register_email", email: submission.value.email }]);
  // The zone from the form's script, else the one the root's script put in the lc_tz cookie.
  const outcome = await registerAccount(context, {
    ...submission.value,
    timeZone: submission.value.timeZone || timeZoneFromRequest(request),
  });
  if (outcome.status === "exists") {
    return data(
      {
        result: submission.reply({
          formErrors: ["An account with this email already exists."],
          hideFields: ["password", "confirmPassword"],
        }),
        toast: {
          type: "error" as const,
          title: "Account already exists",
          description: "Try logging in instead or use password reset if you forgot your password.",
        },
      },
      { status: 409 },
    );
  }
  const headers = await createToastHeaders(context.config, {
    type: "success",
    title: "Account created successfully!",
    description: "Check your email to verify your account.",
  });
  // This browser may later verify the account without retyping its password (see verifyEmailWithToken).
  headers.append("Set-Cookie", await markRegisteringBrowser(context.config, request, outcome.user.id));
  return redirect(`/check-email?email=${encodeURIComponent(outcome.user.email)}`, { headers });
}

export default function RegisterPage() {
  const { oauthProviders, previewCount, cardCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  const timeZone = useBrowserTimeZone();
  return (
    <AuthLayout
      title="Create Your Account"
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-lavender-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <ActionToast toast={actionData?.toast} />
      <p className="mb-6 rounded-xl bg-sage-50 p-3 text-sm text-ink">
        Your free account opens all {previewCount} preview cards. Purchase the collection for full access to all {cardCount} cards.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField />
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label="Email Address" type="email" autoComplete="email" />
        <PasswordField field={fields.password} label="Password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
        <CheckboxField field={fields.newsletterSubscribed} label="Send me the daily card by email" />
        <p className="-mt-2 text-xs text-ink-muted">
          Each morning at 7:00 your time, or the time you choose in Settings. Unsubscribe with one click.
        </p>
        <input type="hidden" name={fields.timeZone.name} value={timeZone} />
        <SubmitButton>Create Account</SubmitButton>
      </Form>
      <OAuthButtons providers={oauthProviders} redirectTo={HOME_PATH} />
    </AuthLayout>
  );
}
