import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AuthLayout } from "~/components/auth-layout";
import { AutoSubmitTokenForm } from "~/components/auto-submit";
import { signInWithLinkToken } from "~/modules/auth/account.server";
import { redirectWithSession } from "~/modules/auth/session-response.server";
import { safeRedirectPath, tokenSchema } from "~/validation/auth";
import { forwardHeaders } from "~/modules/http/forward-headers";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Sign in | LIGHT Cards" }];

const linkQuerySchema = z.object({
  token: z.string().max(200).optional(),
  redirectTo: z.string().optional(),
  confirm: z.enum(["access"]).optional(),
});

export function loader({ request }: LoaderFunctionArgs) {
  const query = linkQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const value = query.success ? query.data : {};
  return { token: value.token ?? null, redirectTo: safeRedirectPath(value.redirectTo), confirm: value.confirm ?? null };
}

/** The emailed sign-in link: one POST uses the token (scanners that prefetch the GET do not). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = tokenSchema.safeParse(form);
  if (!parsed.success) return data({ state: "invalid" as const }, { status: 400 });
  const outcome = await signInWithLinkToken(context, parsed.data.token);
  if (outcome.status !== "signed-in") return data({ state: outcome.status }, { status: outcome.status === "expired" ? 410 : 400 });
  const confirmingAccess = form.confirm === "access";
  return redirectWithSession(context, request, outcome.session, safeRedirectPath(form.redirectTo, confirmingAccess ? "/cards" : "/dashboard"), {
    type: "success",
    title: confirmingAccess ? "Access Confirmed!" : "Welcome back!",
  });
}

export default function SignInLinkPage() {
  const { token, redirectTo, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (token && !result) {
    return (
      <AuthLayout title="Sign In">
        <p className="mb-6 text-center">Use your emailed link to sign in to your collection.</p>
        <AutoSubmitTokenForm
          token={token}
          extraFields={{ redirectTo, ...(confirm ? { confirm } : {}) }}
          buttonLabel="Sign In"
          pendingLabel="Signing you in..."
          autoSubmit
        />
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
