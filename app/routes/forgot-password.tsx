import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { FormAlert, HoneypotField, SubmitButton, TextField } from "~/components/forms";
import { ActionToast } from "~/components/ui/toaster";
import { requestPasswordReset } from "~/modules/auth/account.server";
import { emailOnlySchema } from "~/modules/auth/auth.schema";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Forgot password | LIGHT Cards" }];

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const submission = parseWithZod(formData, { schema: emailOnlySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  await enforceRateLimits(context, request, [
    { rule: "email_action_ip" },
    { rule: "forgot_password_email", email: submission.value.email },
  ]);
  requestPasswordReset(context, submission.value.email);
  // The same answer whether or not the email has an account.
  return redirectWithToast(context.config, "/forgot-password?sent=1", {
    type: "success",
    title: "Reset instructions sent",
    description: "If an account exists for this email, you will receive a reset link.",
  });
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema }),
  });
  if (sent) {
    return (
      <AuthLayout title="Check Your Email">
        <div role="status" className="space-y-4 text-center">
          <p>If an account exists for that email, we sent a link to reset your password.</p>
          <p className="text-sm text-ink-muted">The link expires in 1 hour.</p>
          <Link to="/login" className="btn-primary w-full">
            Back to Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot Your Password?"
      footer={
        <Link to="/login" className="font-semibold text-lavender-700 underline">
          Back to Sign In
        </Link>
      }
    >
      <ActionToast toast={actionData?.toast} />
      <p className="mb-6 text-center text-ink-muted">Enter your email and we will send you a link to choose a new password.</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField />
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label="Email Address" type="email" autoComplete="email" />
        <SubmitButton pendingText="Sending...">Send Reset Link</SubmitButton>
      </Form>
    </AuthLayout>
  );
}
