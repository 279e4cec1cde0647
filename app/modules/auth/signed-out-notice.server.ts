/**
 * A device whose session the server ended (the first proof of the mailbox, or "Sign out of all devices") is told why
 * on its next page, the sign-in page, and offered a one-tap sign-in link to the same address (docs/decisions/027).
 *
 * What carries the address is the ended session's own record: the browser keeps only that session's id (the hash of
 * its token, which opens nothing) in a short-lived signed cookie. So only a browser that held the session can learn
 * the address or have a link sent to it, and it can never name another address.
 */
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { AppConfig } from "~/modules/config/config.server";
import { signedCookie } from "~/modules/http/cookies.server";
import { clearSessionCookie } from "./request-auth.server";
import { type EndedSession, findEndedSession } from "./sessions.server";

export const SIGNED_OUT_COOKIE_NAME = "lc_signed_out";
/** Long enough to come back to the phone the next morning; the link it offers still goes only to the mailbox. */
const SIGNED_OUT_NOTICE_SECONDS = 24 * 60 * 60;

function signedOutCookie(config: AppConfig, request: Request) {
  return signedCookie(SIGNED_OUT_COOKIE_NAME, config, request, { maxAge: SIGNED_OUT_NOTICE_SECONDS });
}

/** Set-Cookie values that move the ended session into the notice cookie: the stale session cookie goes. */
async function handOverToNotice(context: Pick<AppLoadContext, "config">, request: Request, ended: EndedSession): Promise<string[]> {
  return [await clearSessionCookie(context.config, request), await signedOutCookie(context.config, request).serialize(ended.id)];
}

function isDocumentNavigation(request: Request): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.endsWith(".data") || pathname === "/login" || pathname.startsWith("/login/")) return false;
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * The Worker's first look at a page request: a browser opening a page with a session the server ended goes to the
 * sign-in page, which says why (with the page to come back to). Client-side navigations (`.data`) reach the same
 * notice through the page's own redirect to /login.
 */
export async function redirectForEndedSession(
  context: Pick<AppLoadContext, "config" | "auth">,
  request: Request,
): Promise<Response | null> {
  if (!isDocumentNavigation(request)) return null;
  const ended = await context.auth.endedSession();
  if (!ended) return null;
  const url = new URL(request.url);
  const headers = new Headers();
  for (const cookie of await handOverToNotice(context, request, ended)) headers.append("Set-Cookie", cookie);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { status: 303, headers });
}

export type SignedOutNotice = { reason: EndedSession["reason"]; email: string };

/**
 * For the sign-in page: the notice this browser is owed, from its stale session cookie or the notice cookie, and the
 * Set-Cookie values that hand the former over to the latter.
 */
export async function readSignedOutNotice(
  context: Pick<AppLoadContext, "config" | "auth" | "db">,
  request: Request,
): Promise<{ notice: SignedOutNotice | null; setCookies: string[] }> {
  const fromSession = await context.auth.endedSession();
  if (fromSession) {
    return {
      notice: { reason: fromSession.reason, email: fromSession.email },
      setCookies: await handOverToNotice(context, request, fromSession),
    };
  }
  const ended = await readNoticeCookie(context, request);
  return { notice: ended ? { reason: ended.reason, email: ended.email } : null, setCookies: [] };
}

async function readNoticeCookie(context: Pick<AppLoadContext, "config" | "db">, request: Request): Promise<EndedSession | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SIGNED_OUT_COOKIE_NAME}=`)) return null;
  const id = await signedOutCookie(context.config, request).parse(header);
  return typeof id === "string" ? findEndedSession(context.db, id) : null;
}

/** The address the notice offers a link to; null when this browser holds no (valid, unexpired) notice. */
export async function signedOutEmail(context: Pick<AppLoadContext, "config" | "db">, request: Request): Promise<string | null> {
  return (await readNoticeCookie(context, request))?.email ?? null;
}

/** Set-Cookie that removes the notice (it has been acted on). */
export function clearSignedOutNotice(config: AppConfig, request: Request): Promise<string> {
  return signedOutCookie(config, request).serialize("", { maxAge: 0, expires: new Date(0) });
}
