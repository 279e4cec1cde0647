import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { pushSubscriptions } from "#db/schema";
import type { PushSubscriptionInput } from "./push.schema";

/**
 * The devices a buyer receives notifications on (docs/decisions/046-web-push.md). A row belongs to the session it was
 * made in: signing out of that device deletes the session and the row with it (the foreign key); the functions here
 * are the other ways one goes.
 */

export type PushDevice = { id: string; label: string; createdAt: Date; lastSuccessAt: Date | null; endpoint: string };

/**
 * Keeps this device's subscription for this account and session. The endpoint is the device's: subscribing it again
 * (a new session, or another account in the same browser) moves it, so one device never reaches two accounts.
 */
export async function saveSubscription(
  db: Database,
  input: { userId: string; sessionId: string; subscription: PushSubscriptionInput; deviceLabel: string },
  now = new Date(),
): Promise<void> {
  const { endpoint, keys } = input.subscription;
  const row = { userId: input.userId, sessionId: input.sessionId, p256dh: keys.p256dh, auth: keys.auth, deviceLabel: input.deviceLabel };
  await db
    .insert(pushSubscriptions)
    .values({ ...row, endpoint, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      // Another account's row for this endpoint becomes this one's, with a fresh start date.
      set: {
        ...row,
        createdAt: sql`case when ${pushSubscriptions.userId} = ${input.userId} then ${pushSubscriptions.createdAt} else ${now.getTime()} end`,
        lastSuccessAt: null,
      },
    });
}

/**
 * The account's devices, newest first (the settings page lists them). `userId` is the id or SQL that finds it (a
 * page keys it by the session it presents, auth's ownerIdSql), so the read travels with the session's check.
 */
export async function listDevices(db: Database, userId: string | SQL): Promise<PushDevice[]> {
  return batchedRead(
    db,
    db
      .select({
        id: pushSubscriptions.id,
        label: pushSubscriptions.deviceLabel,
        createdAt: pushSubscriptions.createdAt,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
        endpoint: pushSubscriptions.endpoint,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt)),
  );
}

/** Turns one device off: by its endpoint (the device itself) or its id (the list); only the account's own. */
export async function deleteSubscription(db: Database, userId: string, which: { endpoint: string } | { id: string }): Promise<boolean> {
  const match = "endpoint" in which ? eq(pushSubscriptions.endpoint, which.endpoint) : eq(pushSubscriptions.id, which.id);
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), match))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Every device of the account: its access ended (a refund, a revoke), or it signed out everywhere. */
export async function deleteSubscriptionsOfUser(db: Database, userId: string): Promise<void> {
  await deleteSubscriptionsOfUserStatement(db, userId);
}

/** The same, as a statement for a caller's batch (it lands with the change that ends access). */
export function deleteSubscriptionsOfUserStatement(db: Database, userId: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The statement that deletes the devices of these sessions, for a caller's batch (sessions the server ended). */
export function deleteSubscriptionsOfSessionsStatement(db: Database, sessionIds: string[]) {
  return db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds));
}
