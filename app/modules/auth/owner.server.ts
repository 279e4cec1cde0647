import { type SQL, sql } from "drizzle-orm";
import { preparedRead, type Read } from "#db/batch";
import type { Database } from "#db/client";
import { sessions } from "#db/schema";

/**
 * Whose rows a read is for: a user id the caller already holds, or the session a request presents. A signed-in page
 * starts its reads before the session is checked, so they travel to D1 with the check in one round trip
 * (docs/decisions/037-fixed-cost-per-request.md); keyed by the session itself, they find the rows of its user only
 * while it lives, and nobody's once it has ended or expired. Nothing is guessed from the token.
 */
export type Owner = string | PresentedSession;

/** The session a request presents: the SHA-256 of its token (sessions.id), and the moment its life is judged at. */
export type PresentedSession = { sessionId: string; now: Date };

/** The owner's user id as SQL: the id itself, or the live session's user (null for an ended or unknown session). */
export function ownerIdSql(owner: Owner): SQL {
  if (typeof owner === "string") return sql`${owner}`;
  return sessionUserSql(owner.sessionId, sessions.expiresAt.mapToDriverValue(owner.now));
}

/** The user of the live session `sessionId` (a value or a placeholder), judged at `now` as the column stores it. */
function sessionUserSql(sessionId: unknown, now: unknown): SQL {
  return sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId} and ${sessions.expiresAt} > ${now} and ${sessions.endedReason} is null)`;
}

/** A name that tells owners apart in a per-request memo (a user id and a session id never collide). */
export function ownerKey(owner: Owner): string {
  return typeof owner === "string" ? `user:${owner}` : `session:${owner.sessionId}`;
}

/**
 * A read of one owner's rows whose statement is built once per isolate (db/batch.ts, preparedRead) in both forms:
 * `build` compares its user-id column with `ownerId`, and each call binds the owner and its own `values`.
 */
export function preparedOwnedRead<Values extends Record<string, unknown>, Result>(
  build: (db: Database, ownerId: SQL) => Read<Result>,
): (db: Database, owner: Owner, values: Values) => Promise<Result> {
  const byUser = preparedRead<Values & { ownerUserId: string }, Result>((db) => build(db, sql`${sql.placeholder("ownerUserId")}`));
  const bySession = preparedRead<Values & { ownerSessionId: string; ownerNow: unknown }, Result>((db) =>
    build(db, sessionUserSql(sql.placeholder("ownerSessionId"), sql.placeholder("ownerNow"))),
  );
  return (db, owner, values) =>
    typeof owner === "string"
      ? byUser(db, { ...values, ownerUserId: owner })
      : bySession(db, { ...values, ownerSessionId: owner.sessionId, ownerNow: sessions.expiresAt.mapToDriverValue(owner.now) });
}
