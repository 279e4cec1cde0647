/**
 * Request authentication: which session a request presents (its `lc_session` cookie or an `Authorization: Bearer`
 * token), who that is, and the cookies that start, renew or end a session. The sessions themselves are stored by
 * sessions.server.ts (docs/decisions/005-accounts-and-sessions.md).
 */
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { Database } from "#db/client";
import type { User } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import type { ToastInput } from "~/modules/toast/toast";
import { createToastHeaders } from "~/modules/toast/toast.server";
import type { PresentedSession } from "./owner.server";
import { type EndedSession, findEndedSession, type NewSession, resolveSession } from "./sessions.server";

const SESSION_COOKIE_NAME = "lc_session";

function sessionCookie(config: AppConfig, request: Request) {
  return signedCookie(SESSION_COOKIE_NAME, config, request);
}

/**
 * Whether the browser sent a session cookie at all (it may still have expired or be forged), read by the parser that
 * reads the session itself: `lc_session =<token>` is one, `x=lc_session=` and `xlc_session=1` are not.
 */
export function carriesSessionCookie(request: Request): boolean {
  return carriesCookie(request, SESSION_COOKIE_NAME);
}

async function readSessionToken(config: AppConfig, request: Request): Promise<string | null> {
  if (!carriesSessionCookie(request)) return null;
  const value = await sessionCookie(config, request).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Set-Cookie for a session: persistent ones carry Max-Age, browser-session ones none. */
export async function serializeSessionCookie(
  config: AppConfig,
  request: Request,
  session: { token: string; persistent: boolean; expiresAt: Date },
): Promise<string> {
  return sessionCookie(config, request).serialize(session.token, {
    maxAge: session.persistent ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000) : undefined,
  });
}

export async function clearSessionCookie(config: AppConfig, request: Request): Promise<string> {
  return sessionCookie(config, request).serialize("", { maxAge: 0, expires: new Date(0) });
}

// ---------------------------------------------------------------------------
// The signed-in user of a request
// ---------------------------------------------------------------------------

export type CurrentUser = {
  user: User;
  sessionId: string;
  via: "cookie" | "bearer";
  /** "Keep me logged in": the cookie outlives the browser session (and only then may the browser keep pages offline). */
  persistent: boolean;
  expiresAt: Date;
};

/**
 * Who is making this request, resolved at most once per request from the session cookie or an
 * `Authorization: Bearer` token (the same server-side sessions). Built by the Worker for the load
 * context; the Worker also sends the renewed cookie of a persistent session.
 */
export type RequestAuth = {
  getCurrentUser(): Promise<CurrentUser | null>;
  /**
   * The session the request presents, read from its token without asking D1 (null without one), and the check of it
   * started: reads keyed by it (owner.server.ts) travel with the check in one round trip (getUserWith).
   */
  presentedSession(): Promise<PresentedSession | null>;
  /** True when the request carried credentials that did not resolve (expired or unknown). */
  hadInvalidCredentials(): Promise<boolean>;
  /** The session the cookie held, when the server ended it (decision 027), so the page can say why. */
  endedSession(): Promise<EndedSession | null>;
  /** Set-Cookie values the Worker appends to the response, unless the route already set the cookie. */
  readonly responseCookies: string[];
};

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

type Credentials = { token: string; session: PresentedSession; via: CurrentUser["via"] };

export function createRequestAuth(db: Database, config: AppConfig, request: Request): RequestAuth {
  const responseCookies: string[] = [];
  let invalid = false;
  let unresolvedCookieToken: string | null = null;
  let credentials: Promise<Credentials | null> | null = null;
  let resolved: Promise<CurrentUser | null> | null = null;
  let ended: Promise<EndedSession | null> | null = null;

  /** The token the request carries (a bearer, else the session cookie) and the id of its session. */
  function readCredentials(): Promise<Credentials | null> {
    credentials ??= (async () => {
      const bearer = bearerToken(request);
      const token = bearer ?? (await readSessionToken(config, request));
      if (!token) return null;
      if (token.length > 100) {
        invalid = true;
        return null;
      }
      return { token, session: { sessionId: await sha256Hex(token), now: new Date() }, via: bearer ? "bearer" : "cookie" };
    })();
    return credentials;
  }

  async function resolve(): Promise<CurrentUser | null> {
    const carried = await readCredentials();
    if (!carried) return null;
    const result = await resolveSession(db, carried.session);
    if (!result) {
      invalid = true;
      if (carried.via === "cookie") unresolvedCookieToken = carried.token;
      return null;
    }
    if (result.renewedExpiresAt && carried.via === "cookie") {
      responseCookies.push(
        await serializeSessionCookie(config, request, { token: carried.token, persistent: true, expiresAt: result.renewedExpiresAt }),
      );
    }
    const { user, id, persistent, expiresAt } = result.session;
    return { user, sessionId: id, via: carried.via, persistent, expiresAt };
  }

  function once(): Promise<CurrentUser | null> {
    resolved ??= resolve();
    return resolved;
  }

  return {
    getCurrentUser: once,
    async presentedSession() {
      // The check starts now, so it travels with the reads the caller starts on the session.
      void once().catch(() => {});
      return (await readCredentials())?.session ?? null;
    },
    async hadInvalidCredentials() {
      await once();
      return invalid;
    },
    endedSession() {
      ended ??= once().then(async () => (unresolvedCookieToken ? findEndedSession(db, await sha256Hex(unresolvedCookieToken)) : null));
      return ended;
    },
    responseCookies,
  };
}

/** Appends the renewal cookie unless the route's response already sets the session cookie (sign-in, logout). */
export function applyAuthCookies(response: Response, auth: RequestAuth): Response {
  if (auth.responseCookies.length === 0) return response;
  if (sessionCookieChange(response)) return response;
  for (const cookie of auth.responseCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/**
 * What a response does to the session cookie: sets it ("started": a sign-in, or a renewal), clears it ("ended":
 * `clearSessionCookie` sends an empty value) or leaves it alone (null).
 */
export function sessionCookieChange(response: Response): "started" | "ended" | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) return null;
  return cookie.startsWith(`${SESSION_COOKIE_NAME}=;`) ? "ended" : "started";
}

// ---------------------------------------------------------------------------
// Responses that start or end a session
// ---------------------------------------------------------------------------

/** Redirect after sign-in: the new session cookie plus a toast. */
export async function redirectWithSession(context: AppLoadContext, request: Request, session: NewSession, to: string, toast: ToastInput) {
  const headers = await createToastHeaders(context.config, toast);
  headers.append("Set-Cookie", await serializeSessionCookie(context.config, request, session));
  return redirect(to, { headers });
}

/** Redirect after sign-out: the cookie is cleared whatever else happened. */
export async function redirectClearingSession(context: AppLoadContext, request: Request, to: string, toast?: ToastInput) {
  const headers = toast ? await createToastHeaders(context.config, toast) : new Headers();
  headers.append("Set-Cookie", await clearSessionCookie(context.config, request));
  return redirect(to, { headers });
}
