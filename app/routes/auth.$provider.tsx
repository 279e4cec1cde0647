import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { safeRedirectPath } from "~/modules/auth/auth.schema";
import { configuredProviders, oauthProviderSchema, startOAuth } from "~/modules/auth/oauth.server";

/** No GET starts a sign-in flow: visiting /auth/<provider> just goes to the sign-in page. */
export function loader() {
  return redirect("/login");
}

/** "Continue with Google/GitHub": sets the flow cookie and redirects to the provider's consent page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = oauthProviderSchema.safeParse(params.provider);
  if (!provider.success || !configuredProviders(context.cloudflare.env).includes(provider.data)) {
    throw new Response("Not Found", { status: 404 });
  }
  const formData = await request.formData();
  return startOAuth(context, request, provider.data, safeRedirectPath(formData.get("redirectTo")));
}
