import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { returnPathOf } from "~/modules/auth/auth.schema";
import { HOME_PATH } from "~/modules/auth/home-path";
import type { Owner } from "./owner.server";

/** The signed-in user or null. */
export async function getUser(context: AppLoadContext): Promise<User | null> {
  return (await context.auth.getCurrentUser())?.user ?? null;
}

/**
 * The signed-in user and `readOwn`'s answer for them, or null for a visitor. `readOwn` starts at once, keyed by the
 * session the request presents (owner.server.ts), so its reads reach D1 in the same round trip as the session's check
 * (db/batch.ts; docs/decisions/037-fixed-cost-per-request.md); for an ended or unknown session they find nobody's rows
 * and are dropped unread. `user` lets a read wait for the user's own row (a time zone) without delaying the reads.
 * `readOwn` must only read.
 */
export async function getUserWith<T>(
  context: AppLoadContext,
  readOwn: (owner: Owner, user: Promise<User>) => Promise<T>,
): Promise<{ user: User; own: T } | null> {
  const session = await context.auth.presentedSession();
  if (!session) return null;
  const signedIn = getUser(context);
  const provenUser = signedIn.then((user) => user ?? Promise.reject(new NotSignedIn()));
  const own = readOwn(session, provenUser);
  // Unread unless the session proves to be live.
  own.catch(() => {});
  provenUser.catch(() => {});
  const user = await signedIn;
  return user ? { user, own: await own } : null;
}

/** The session getUserWith's reads were keyed by is not a live one: nothing of theirs is used. */
class NotSignedIn extends Error {}

/** Pages: getUserWith, or a redirect to /login as requireUser does. */
export async function requireUserWith<T>(
  context: AppLoadContext,
  request: Request,
  readOwn: (owner: Owner, user: Promise<User>) => Promise<T>,
): Promise<{ user: User; own: T }> {
  const signedIn = await getUserWith(context, readOwn);
  if (signedIn) return signedIn;
  throw loginRedirect(request);
}

/** Pages: the signed-in user, or a redirect to /login that comes back here afterwards (unless the address is overlong). */
export async function requireUser(context: AppLoadContext, request: Request): Promise<User> {
  const user = await getUser(context);
  if (user) return user;
  throw loginRedirect(request);
}

function loginRedirect(request: Request): Response {
  const back = returnPathOf(new URL(request.url));
  return redirect(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
}

/** Pages: visitors only (sign-in and register send a signed-in user on: home, unless they carry another page). */
export async function requireAnonymous(context: AppLoadContext, destination = HOME_PATH): Promise<void> {
  if (await getUser(context)) throw redirect(destination);
}

/** /api/*: never redirects. 401 JSON with the spec's messages. */
export async function requireApiUser(context: AppLoadContext): Promise<User> {
  const user = await getUser(context);
  if (user) return user;
  throw await apiUnauthorized(context);
}

/** /api/*: getUserWith, or the 401 requireApiUser answers. */
export async function requireApiUserWith<T>(
  context: AppLoadContext,
  readOwn: (owner: Owner, user: Promise<User>) => Promise<T>,
): Promise<{ user: User; own: T }> {
  const signedIn = await getUserWith(context, readOwn);
  if (signedIn) return signedIn;
  throw await apiUnauthorized(context);
}

async function apiUnauthorized(context: AppLoadContext): Promise<Response> {
  const error = (await context.auth.hadInvalidCredentials()) ? "Authentication failed" : "No authentication token";
  return Response.json({ error }, { status: 401 });
}

/** Admins are the verified accounts whose email is listed in ADMIN_EMAILS (checked on every request). */
export function isAdmin(context: AppLoadContext, user: Pick<User, "email" | "emailVerified"> | null): boolean {
  return Boolean(user?.emailVerified && context.config.adminEmails.includes(user.email.trim().toLowerCase()));
}

/** Pages: visitors go to /login; signed-in non-admins get 403. */
export async function requireAdmin(context: AppLoadContext, request: Request): Promise<User> {
  const user = await requireUser(context, request);
  if (!isAdmin(context, user)) throw new Response("You do not have permission to open this page.", { status: 403 });
  return user;
}

/** /api/*: 401 JSON without a session, 403 JSON without the right. */
export async function requireApiAdmin(context: AppLoadContext): Promise<User> {
  const user = await requireApiUser(context);
  if (!isAdmin(context, user)) throw Response.json({ error: "Admin access required." }, { status: 403 });
  return user;
}

/** /api/user/{userId}/...: that user or an admin; anyone else 403. */
export async function requireApiSelfOrAdmin(context: AppLoadContext, userId: string): Promise<User> {
  const user = await requireApiUser(context);
  if (user.id !== userId && !isAdmin(context, user))
    throw Response.json({ error: "You can only access your own account." }, { status: 403 });
  return user;
}
