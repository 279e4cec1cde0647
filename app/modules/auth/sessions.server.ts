import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { and, eq, getTableColumns, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { preparedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type Session, sessions, type User, users } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";
import type { ToastInput } from "~/modules/toast/toast";
import { createToastHeaders } from "~/modules/toast/toast.server";

/**
 * Sessions live in D1. The browser holds a random 256-bit token (httpOnly cookie) and API clients
 * send the same kind of token as a bearer; only its SHA-256 is stored, so a database leak opens no session.
 * The token ends with its user's id (`<random>.<user id>`), a hint to start the page's reads with in the same
 * round trip as the session's check (likelyUserId); the check is by the whole token's hash, so the hint proves nothing.
 * 'Keep me logged in' gives a 30-day persistent cookie renewed on use; otherwise a browser-session
 * cookie that the server expires after 24 hours.
 */
const SESSION_COOKIE_NAME = "lc_session";
const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** A persistent session is extended at most once an hour, so reads stay reads. */
const RENEW_INTERVAL_MS = 60 * 60 * 1000;

/** A session just started: the raw token (for the cookie or the bearer) and when it ends. */
export type NewSession = { token: string; persistent: boolean; expiresAt: Date };

type ActiveSession = { id: string; user: User; persistent: boolean; expiresAt: Date };

export async function createSession(db: Database, userId: string, options: { persistent: boolean }) {
  const token = `${randomToken()}.${userId}`;
  const now = Date.now();
  const expiresAt = new Date(now + (options.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    persistent: options.persistent,
    expiresAt,
    lastUsedAt: new Date(now),
  });
  return { token, expiresAt, persistent: options.persistent };
}

/**
 * Which user each session seen by this isolate belongs to (docs/decisions/037-fixed-cost-per-request.md). Only a
 * guess to start a page's reads with, never an answer: the session is checked in the same round trip, and the reads
 * are handed out only when that check names the same user. A session's user never changes, so the guess is wrong
 * only for a session that has ended, whose check then finds nothing.
 */
const MAX_REMEMBERED_SESSIONS = 10_000;
const userIdBySessionId = new Map<string, string>();

function rememberSessionUser(sessionId: string, userId: string): void {
  if (userIdBySessionId.size >= MAX_REMEMBERED_SESSIONS && !userIdBySessionId.has(sessionId)) {
    const oldest = userIdBySessionId.keys().next().value;
    if (oldest !== undefined) userIdBySessionId.delete(oldest);
  }
  userIdBySessionId.set(sessionId, userId);
}

/**
 * The user a token names (its end, since 2026-11-25), or null: a token issued before names none. A user id is a
 * UUID; anything else is no hint.
 */
const USER_ID_HINT = /\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function userIdNamedBy(token: string): string | null {
  return USER_ID_HINT.exec(token)?.[1] ?? null;
}

/** A live session and its user, by session id: every signed-in request's first read, prepared once (db/batch.ts). */
const readLiveSession = preparedRead((db) =>
  db
    .select({
      ...getTableColumns(users),
      sessionPersistent: sessions.persistent,
      sessionExpiresAt: sessions.expiresAt,
      sessionLastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now")), isNull(sessions.endedReason)))
    .limit(1),
);

/**
 * The live session with this id (the token's SHA-256), with its user; renews persistent sessions (the caller
 * re-sends the cookie). The read goes out with the page's other reads (db/batch.ts): its columns are named apart.
 */
async function resolveSession(db: Database, id: string): Promise<{ session: ActiveSession; renewedExpiresAt: Date | null } | null> {
  const now = Date.now();
  const [row] = await readLiveSession(db, { id, now: sessions.expiresAt.mapToDriverValue(new Date(now)) });
  if (!row) {
    userIdBySessionId.delete(id);
    return null;
  }
  const { sessionPersistent: persistent, sessionExpiresAt: expiresAt, sessionLastUsedAt: lastUsedAt, ...user } = row;
  rememberSessionUser(id, user.id);

  let renewedExpiresAt: Date | null = null;
  const lastUsed = lastUsedAt?.getTime() ?? 0;
  if (persistent && now - lastUsed > RENEW_INTERVAL_MS) {
    renewedExpiresAt = new Date(now + PERSISTENT_SESSION_MS);
    await db
      .update(sessions)
      .set({ expiresAt: renewedExpiresAt, lastUsedAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return { session: { id, user, persistent, expiresAt: renewedExpiresAt ?? expiresAt }, renewedExpiresAt };
}

export async function deleteSessionById(db: Database, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user at once, leaving no trace (after a password reset). */
export async function deleteAllSessionsOfUser(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

type SessionEndReason = NonNullable<Session["endedReason"]>;

/**
 * Ends the user's live sessions (all, or all but `exceptId`) and records why, so each signed-out device is told on
 * its next request (docs/decisions/027). The rows stay until they would have expired; the daily clean-up deletes them.
 */
export async function endSessionsOfUser(db: Database, userId: string, reason: SessionEndReason, options: { exceptId?: string } = {}) {
  await db
    .update(sessions)
    .set({ endedReason: reason })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.endedReason), options.exceptId ? ne(sessions.id, options.exceptId) : undefined),
    );
}

/** How many live sessions the user has besides `exceptId` (another device that would be signed out). */
export async function countOtherLiveSessions(db: Database, userId: string, exceptId: string | null): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedReason),
        gt(sessions.expiresAt, new Date()),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    );
  return rows.length;
}

/** A session the server ended (not one that expired or signed out), with its account's email. */
export type EndedSession = { id: string; reason: SessionEndReason; email: string };

/** The ended session with this id, while it would still have lived; null for a live, expired or unknown one. */
export async function findEndedSession(db: Database, id: string): Promise<EndedSession | null> {
  if (!/^[0-9a-f]{64}$/.test(id)) return null;
  const [row] = await db
    .select({ id: sessions.id, reason: sessions.endedReason, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNotNull(sessions.endedReason), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.reason ? { id: row.id, reason: row.reason, email: row.email } : null;
}

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
   * The user this request's session belonged to when this isolate last checked it, else the user its token names, or
   * null. A guess to start reads with in the same round trip as the check (getUserWith in guards.server.ts), never
   * proof of who is asking: anyone can write any id at the end of a token, and such a token opens no session.
   */
  likelyUserId(): Promise<string | null>;
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

type Credentials = { token: string; sessionId: string; via: CurrentUser["via"] };

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
      return { token, sessionId: await sha256Hex(token), via: bearer ? "bearer" : "cookie" };
    })();
    return credentials;
  }

  async function resolve(): Promise<CurrentUser | null> {
    const carried = await readCredentials();
    if (!carried) return null;
    const result = await resolveSession(db, carried.sessionId);
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
    async likelyUserId() {
      // The session's check starts now, so it travels with the reads the caller starts on the guess.
      void once().catch(() => {});
      const carried = await readCredentials();
      return carried ? (userIdBySessionId.get(carried.sessionId) ?? userIdNamedBy(carried.token)) : null;
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
