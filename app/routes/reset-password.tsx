import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout, RedirectingToSignIn } from "~/components/auth-layout";
import { FormAlert, HoneypotField, PasswordField, SubmitButton } from "~/components/forms";
import { ActionToast } from "~/components/ui/toaster";
import { refreshHeader, useDelayedRedirect } from "~/hooks/use-delayed-redirect";
import { resetPasswordWithToken } from "~/modules/auth/account.server";
import { resetPasswordSchema } from "~/modules/auth/auth.schema";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { rejectBots } from "~/modules/security/honeypot";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Reset password | LIGHT Cards" }];

const REDIRECT_DELAY_MS = 3000;

export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && token.length <= 200 ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { state: "form" as const, result: submission.reply({ hideFields: ["password", "confirmPassword"] }), toast: null },
      { status: 400 },
    );
  }
  const outcome = await resetPasswordWithToken(context, submission.value.token, submission.value.password);
  if (outcome === "valid") {
    return data(
      {
        state: "done" as const,
        result: undefined,
        toast: { type: "success" as const, title: "Password reset successful!", description: "Sign in with your new password." },
      },
      { headers: refreshHeader("/login", REDIRECT_DELAY_MS) },
    );
  }
  const message =
    outcome === "expired"
      ? "This reset link has expired. Reset links are valid for 1 hour."
      : "This reset link is invalid or has already been used.";
  return data(
    {
      state: outcome,
      result: submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }),
      toast: { type: "error" as const, title: "Password reset failed", description: message },
    },
    { status: outcome === "expired" ? 410 : 400 },
  );
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useDelayedRedirect(actionData?.state === "done" ? "/login" : null, REDIRECT_DELAY_MS);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: { token: token ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  if (!token) {
    return (
      <AuthLayout title="Invalid Reset Link">
        <div className="space-y-4 text-center">
          <p role="alert">This password reset link is missing its token. Please request a new one.</p>
          <Link to="/forgot-password" className="btn-primary w-full">
            Request a New Link
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (actionData?.state === "done") {
    return (
      <AuthLayout title="Password Reset Successful!">
        <ActionToast toast={actionData.toast} />
        <RedirectingToSignIn>Your password has been changed and every other session was signed out.</RedirectingToSignIn>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a New Password">
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField />
        <input type="hidden" name={fields.token.name} value={token} />
        <FormAlert id={form.errorId} errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        {actionData?.state === "expired" || actionData?.state === "invalid" ? (
          <Link to="/forgot-password" className="block text-center text-sm font-semibold text-lavender-700 underline">
            Request a new reset link
          </Link>
        ) : null}
        <PasswordField field={fields.password} label="New Password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label="Confirm New Password" autoComplete="new-password" />
        <SubmitButton pendingText="Saving...">Reset Password</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
