/**
 * The daily clean-up (a Cron Trigger, docs/decisions/021): deletes what can never be used again, in batches small
 * enough for D1's per-statement limits, and logs the counts. Checkout state needs nothing here: it lives only in a
 * signed cookie that expires after an hour (app/modules/payments/checkout-state.server.ts).
 */
import { and, eq, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/client";
import { dailyCardSends, emailOutbox, gifts, oneTimeTokens, sessions } from "#db/schema";
import { AB_EVENT_FOLD_DAYS, compactExperimentEvents } from "~/modules/experiments/retention.server";
import { logNote } from "~/modules/observability/log.server";
import { deleteRecordingsOfRemovedCards } from "~/modules/practice/recordings.server";

/** The schedule in wrangler.toml that runs cleanUpExpired. */
export const CLEANUP_CRON = "30 3 * * *";

/** Sent email and daily-card records are kept this long (support questions), then deleted. */
const SENT_EMAIL_RETENTION_DAYS = 90;

/**
 * A gift written before its payment and never paid is deleted after this long (docs/decisions/047-gifts.md): a
 * Checkout Session expires after a day, and a delayed payment method (a bank debit) settles well within it.
 */
const UNPAID_GIFT_DAYS = 30;

/** Rows per DELETE: well under D1's limits on bound parameters and statement time. */
const BATCH_SIZE = 500;

export type CleanupCounts = {
  sessions: number;
  oneTimeTokens: number;
  sentEmails: number;
  dailyCardSends: number;
  /** A/B clicks and visitors' page views folded into daily totals (app/modules/experiments/retention.server.ts). */
  experimentEvents: { clicks: number; pageViews: number };
  /** Voice recordings (R2 objects) of cards no longer in the collection (docs/decisions/040). */
  recordingsOfRemovedCards: number;
  unpaidGifts: number;
};

export async function cleanUpExpired(
  { db, recordings }: { db: Database; recordings: R2Bucket },
  now: Date = new Date(),
): Promise<CleanupCounts> {
  const keptSince = new Date(now.getTime() - SENT_EMAIL_RETENTION_DAYS * 86_400_000);
  const counts: CleanupCounts = {
    sessions: await deleteInBatches(db, sessions, sessions.id, lt(sessions.expiresAt, now)),
    oneTimeTokens: await deleteInBatches(
      db,
      oneTimeTokens,
      oneTimeTokens.id,
      or(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.expiresAt, now)),
    ),
    // Daily-card records first: they point at the outbox rows.
    dailyCardSends: await deleteInBatches(db, dailyCardSends, dailyCardSends.id, lt(dailyCardSends.createdAt, keptSince)),
    sentEmails: await deleteInBatches(
      db,
      emailOutbox,
      emailOutbox.id,
      and(eq(emailOutbox.status, "sent"), lt(emailOutbox.createdAt, keptSince)),
    ),
    experimentEvents: await compactExperimentEvents(db, now),
    recordingsOfRemovedCards: await deleteRecordingsOfRemovedCards(db, recordings),
    unpaidGifts: await deleteInBatches(
      db,
      gifts,
      gifts.id,
      and(eq(gifts.status, "pending"), lt(gifts.createdAt, new Date(now.getTime() - UNPAID_GIFT_DAYS * 86_400_000))),
    ),
  };
  logNote(
    `Clean-up: deleted ${counts.sessions} expired sessions, ${counts.oneTimeTokens} used or expired one-time tokens, ` +
      `${counts.sentEmails} sent emails and ${counts.dailyCardSends} daily-card records older than ${SENT_EMAIL_RETENTION_DAYS} days; ` +
      `A/B events older than ${AB_EVENT_FOLD_DAYS} days folded into daily totals: ${counts.experimentEvents.clicks} clicks, ` +
      `${counts.experimentEvents.pageViews} visitors' page views; ` +
      `${counts.recordingsOfRemovedCards} recordings of cards no longer in the collection, ` +
      `${counts.unpaidGifts} gifts never paid in ${UNPAID_GIFT_DAYS} days`,
  );
  return counts;
}

/** Deletes the rows matching `where`, BATCH_SIZE at a time, until none is left; returns how many. */
async function deleteInBatches(db: Database, table: SQLiteTable, id: SQLiteColumn, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(BATCH_SIZE);
    const deleted = await db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    if (deleted.length < BATCH_SIZE) return total;
  }
}
