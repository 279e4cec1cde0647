/**
 * One D1 session per request (docs/decisions/023-d1-sessions.md). Reads may go to a read replica near the colo; a
 * signed-in browser carries the session's bookmark in a cookie, so its next request reads from a copy at least as
 * new as what its last one wrote or read. A visitor gets no bookmark: their public pages stay cookie-free for the
 * edge cache (022), and their form posts stay byte-for-byte alike whatever the database did meanwhile.
 */
import { z } from "zod";
import { carriesSessionCookie, sessionCookieChange } from "~/modules/auth/request-auth.server";
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";

export const D1_BOOKMARK_COOKIE = "lc_d1";

/** D1's bookmarks: three 8-digit hex counters and a hex hash, e.g. `0000000a-00000003-00004f8e-<hex>`. */
export const D1_BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{1,64}$/;
const d1BookmarkSchema = z.string().regex(D1_BOOKMARK_PATTERN);

function bookmarkCookie(config: AppConfig, request: Request) {
  return signedCookie(D1_BOOKMARK_COOKIE, config, request);
}

/** The bookmark the browser sent, or null for none, a forged or garbled cookie, or a value not shaped like D1's. */
export async function readBookmark(config: AppConfig, request: Request): Promise<string | null> {
  if (!carriesCookie(request, D1_BOOKMARK_COOKIE)) return null;
  const parsed = d1BookmarkSchema.safeParse(await bookmarkCookie(config, request).parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/**
 * The request's session: from the bookmark when there is one D1 takes; otherwise a form post starts on the primary
 * (it reads what it is about to change, and a visitor's carries no bookmark), and so does any request that presents a
 * session (a cookie or a bearer token) or another credential (`presentsCredential`: a private wallpaper address): a
 * replica could still show a session that a reset or "Sign out of all devices" ended a moment ago, or an address just
 * turned off. Only a visitor's page reads anywhere.
 */
export function openSession(d1: D1Database, request: Request, bookmark: string | null, presentsCredential = false): D1DatabaseSession {
  if (bookmark) {
    try {
      return d1.withSession(bookmark);
    } catch {
      // A bookmark D1 refuses costs this request its read-your-writes, never its answer.
    }
  }
  const readsOnly = request.method === "GET" || request.method === "HEAD";
  return d1.withSession(readsOnly && !presentsCredential && !presentsSession(request) ? "first-unconstrained" : "first-primary");
}

function presentsSession(request: Request): boolean {
  return carriesSessionCookie(request) || /^Bearer\s/i.test(request.headers.get("Authorization") ?? "");
}

/**
 * Sends the session's newest bookmark to a signed-in browser (a session cookie came with the request, or the
 * response starts one) when it moved on from the one sent; clears it at sign-out.
 */
export async function applyBookmarkCookie(
  response: Response,
  context: { config: AppConfig; request: Request; sent: string | null; session: D1DatabaseSession },
): Promise<Response> {
  const { config, request, sent, session } = context;
  const change = sessionCookieChange(response);
  if (change === "ended") {
    if (carriesCookie(request, D1_BOOKMARK_COOKIE)) {
      response.headers.append("Set-Cookie", await bookmarkCookie(config, request).serialize("", { maxAge: 0, expires: new Date(0) }));
    }
    return response;
  }
  if (change !== "started" && !carriesSessionCookie(request)) return response;
  const bookmark = session.getBookmark();
  if (bookmark && bookmark !== sent) response.headers.append("Set-Cookie", await bookmarkCookie(config, request).serialize(bookmark));
  return response;
}
