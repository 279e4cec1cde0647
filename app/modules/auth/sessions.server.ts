import { and, eq, getTableColumns, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { preparedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type Session, sessions, type User, users } from "#db/schema";
import { deleteSubscriptionsOfSessionsStatement } from "~/modules/push/subscriptions.server";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";
import type { PresentedSession } from "./owner.server";

/**
 * Sessions live in D1. The browser holds a random 256-bit token (httpOnly cookie) and API clients
 * send the same kind of token as a bearer; only its SHA-256 is stored, so a database leak opens no session.
 * A token names nobody: tokens issued before 2026-11-27 ended with their user's id, and like any other they are
 * found by their whole hash until they expire.
 * 'Keep me logged in' gives a 30-day persistent cookie renewed on use; otherwise a browser-session
 * cookie that the server expires after 24 hours. This module stores sessions; request-auth.server.ts reads a
 * request's cookie or bearer token and writes the cookies.
 */
const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** A persistent session is extended at most once an hour, so reads stay reads. */
const RENEW_INTERVAL_MS = 60 * 60 * 1000;

/** A session just started: the raw token (for the cookie or the bearer) and when it ends. */
export type NewSession = { token: string; persistent: boolean; expiresAt: Date };

type ActiveSession = { id: string; user: User; persistent: boolean; expiresAt: Date };

export async function createSession(db: Database, userId: string, options: { persistent: boolean }) {
  const token = randomToken();
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
export async function resolveSession(
  db: Database,
  { sessionId: id, now: checkedAt }: PresentedSession,
): Promise<{ session: ActiveSession; renewedExpiresAt: Date | null } | null> {
  const now = checkedAt.getTime();
  const [row] = await readLiveSession(db, { id, now: sessions.expiresAt.mapToDriverValue(checkedAt) });
  if (!row) return null;
  const { sessionPersistent: persistent, sessionExpiresAt: expiresAt, sessionLastUsedAt: lastUsedAt, ...user } = row;

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
  const ended = await db
    .update(sessions)
    .set({ endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedReason), options.exceptId ? ne(sessions.id, options.exceptId) : undefined))
    .returning({ id: sessions.id });
  // A signed-out device receives no more notifications (docs/decisions/046-web-push.md).
  if (ended.length > 0)
    await deleteSubscriptionsOfSessionsStatement(
      db,
      ended.map((session) => session.id),
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
