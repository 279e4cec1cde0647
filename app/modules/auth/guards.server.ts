import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { returnPathOf } from "~/modules/auth/auth.schema";

/** The signed-in user or null. */
export async function getUser(context: AppLoadContext): Promise<User | null> {
  return (await context.auth.getCurrentUser())?.user ?? null;
}

/**
 * The signed-in user and `readOwn`'s answer for them, or null for a visitor. When the session names a likely user
 * (this isolate has seen it before, or its token ends with the user's id), `readOwn` starts on that user in the same
 * turn as the session's check, so both reach D1 in one round trip (db/batch.ts;
 * docs/decisions/037-fixed-cost-per-request.md). Its answer is handed out only when the check names that same user:
 * for an ended session, a visitor, or a token that names someone else, it is dropped unread. Otherwise `readOwn`
 * starts once the user is known. `user` lets a read wait for the user's own row (a time zone) without delaying the
 * reads. `readOwn` must only read: it may run for a user the request is not (anyone can write an id into a token).
 */
export async function getUserWith<T>(
  context: AppLoadContext,
  readOwn: (userId: string, user: Promise<User>) => Promise<T>,
): Promise<{ user: User; own: T } | null> {
  const likelyUserId = await context.auth.likelyUserId();
  if (likelyUserId) {
    const signedIn = getUser(context);
    const provenUser = signedIn.then((user) => (user?.id === likelyUserId ? user : Promise.reject(new NotThisUser())));
    const own = readOwn(likelyUserId, provenUser);
    // Whatever the guess's reads do, they are never seen unless the check names the same user.
    own.catch(() => {});
    provenUser.catch(() => {});
    const user = await signedIn;
    if (user?.id === likelyUserId) return { user, own: await own };
    if (!user) return null;
  }
  const user = await getUser(context);
  return user ? { user, own: await readOwn(user.id, Promise.resolve(user)) } : null;
}

/** The guess of getUserWith was not the session's user: its reads are dropped. */
class NotThisUser extends Error {}

/** Pages: getUserWith, or a redirect to /login as requireUser does. */
export async function requireUserWith<T>(
  context: AppLoadContext,
  request: Request,
  readOwn: (userId: string, user: Promise<User>) => Promise<T>,
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
