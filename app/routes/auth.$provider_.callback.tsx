import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { landingAfterSignIn } from "~/modules/access/access.server";
import { clearOAuthCookie, configuredProviders, finishOAuth, oauthProviderSchema } from "~/modules/auth/oauth.server";
import { redirectWithSession } from "~/modules/auth/request-auth.server";
import { forwardHeaders } from "~/modules/http/forward-headers";

// The file name's `_` keeps this route out of auth.$provider.tsx (whose loader would redirect every GET to /login).

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Sign in | LIGHT Cards" }];

/**
 * The provider redirects the browser here with ?code&state. Unlike the rest of the app this GET
 * changes data (signs in, may create an account): the provider's redirect can only be a GET. It is
 * protected by the state in the signed, 10-minute lc_oauth cookie (a forged callback has neither)
 * and by PKCE (a stolen code is useless without this browser's code verifier).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = oauthProviderSchema.safeParse(params.provider);
  if (!provider.success || !configuredProviders(context.cloudflare.env).includes(provider.data)) {
    throw new Response("Not Found", { status: 404 });
  }
  const clearCookie = await clearOAuthCookie(context.config, request);
  const outcome = await finishOAuth(context, request, provider.data);
  if (outcome.status === "signed-in") {
    const landing = await landingAfterSignIn(context, outcome.user, outcome.redirectTo);
    const response = await redirectWithSession(context, request, outcome.session, landing, {
      type: "success",
      title: "Welcome back!",
    });
    response.headers.append("Set-Cookie", clearCookie);
    return response;
  }
  return data({ message: outcome.message }, { status: 400, headers: { "Set-Cookie": clearCookie } });
}

export default function OAuthCallbackPage() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title="Sign-In Failed">
      <div role="alert" className="space-y-4 text-center">
        <p>{message}</p>
        <Link to="/login" className="btn-primary w-full">
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
