import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { HoneypotField, SubmitButton } from "~/components/forms";
import { resendVerification } from "~/modules/auth/account.server";
import { emailSchema, resendVerificationSchema } from "~/modules/auth/auth.schema";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Check your email | LIGHT Cards" }];

export function loader({ request }: LoaderFunctionArgs) {
  const email = emailSchema.safeParse(new URL(request.url).searchParams.get("email") ?? "");
  return { email: email.success ? email.data : null };
}

/** Resend: the same answer whatever the email, so this form reveals no accounts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const submission = parseWithZod(formData, { schema: resendVerificationSchema });
  if (submission.status !== "success") {
    return data({ error: submission.error?.email?.[0] ?? "Please enter a valid email address" }, { status: 400 });
  }
  await enforceRateLimits(context, request, [
    { rule: "email_action_ip" },
    { rule: "resend_verification_email", email: submission.value.email },
  ]);
  resendVerification(context, submission.value);
  const email = submission.value.email ?? "";
  return redirectWithToast(context.config, `/check-email?email=${encodeURIComponent(email)}`, {
    type: "success",
    title: "Verification email sent",
    description: "If that account still needs verifying, a new link is on its way.",
  });
}

export default function CheckEmailPage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title="Check Your Email">
      <div className="space-y-4 text-center">
        <p>
          We sent a verification link to {email ? <strong>{email}</strong> : "your email address"}. Open it to verify your account, then
          sign in.
        </p>
        <p className="text-sm text-ink-muted">The link is valid for 24 hours. Check your spam folder if you cannot find it.</p>
        <Form method="post" className="space-y-3">
          <HoneypotField />
          {email ? <input type="hidden" name="email" value={email} /> : null}
          <SubmitButton className="btn-secondary w-full" pendingText="Sending...">
            Resend verification email
          </SubmitButton>
        </Form>
        <Link to="/login" className="btn-primary w-full">
          Go to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
