import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";

/** The signed-in user or null. */
export async function getUser(context: AppLoadContext): Promise<User | null> {
  return (await context.auth.getCurrentUser())?.user ?? null;
}

/** Pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<User> {
  const user = await getUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Pages: visitors only (sign-in and register send a signed-in user on). */
export async function requireAnonymous(context: AppLoadContext, destination = "/dashboard"): Promise<void> {
  if (await getUser(context)) throw redirect(destination);
}

/** /api/*: never redirects. 401 JSON with the spec's messages. */
export async function requireApiUser(context: AppLoadContext): Promise<User> {
  const user = await getUser(context);
  if (user) return user;
  const error = (await context.auth.hadInvalidCredentials()) ? "Authentication failed" : "No authentication token";
  throw Response.json({ error }, { status: 401 });
}
