import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { abEvents, abEventTotals } from "#db/schema";

/**
 * How `ab_events` stays bounded and /admin's results stay exact (docs/decisions/020-ab-tests.md, "Retention"), run by
 * the daily clean-up. Events older than AB_EVENT_FOLD_DAYS are added to `ab_event_totals` (per test, variant, event,
 * placement and UTC day) and deleted in the same D1 batch (all or nothing), so an event is counted in exactly one of
 * the two tables at every moment:
 * - clicks: the results count them as rows, so a row folds into a count of one;
 * - visitors' page views: a visitor has one row per test, written only in the first day of its id (events.server.ts),
 *   so once that row is older than two days no other can follow, and it folds into a count of one visitor;
 * - users' page views stay (one per user and test: a user counts once across devices, which only the row can tell),
 *   and so do conversions (one per purchase, withdrawn when it is refunded: withdrawConversion).
 */
export const AB_EVENT_FOLD_DAYS = 2;

/**
 * Rows per D1 batch. The rows are chosen by a subquery, not bound one by one (D1 binds at most 100 values to a
 * statement); a large batch keeps a day's fold well inside the 1,000 queries one invocation may make.
 */
const BATCH_SIZE = 10_000;

export async function compactExperimentEvents(db: Database, now: Date): Promise<{ clicks: number; pageViews: number }> {
  const before = now.getTime() - AB_EVENT_FOLD_DAYS * 86_400_000;
  const clicks = await fold(db, sql`event IN ('preview_click', 'cta_click') AND timestamp < ${before}`);
  const pageViews = await fold(db, sql`event = 'page_view' AND user_id IS NULL AND timestamp < ${before}`);
  return { clicks, pageViews };
}

/** Folds the rows matching `where` into the totals, BATCH_SIZE at a time; returns how many. */
async function fold(db: Database, where: SQL): Promise<number> {
  let folded = 0;
  for (;;) {
    // Both statements run in one transaction, so the subquery picks the same rows for each.
    const chosen = sql`SELECT rowid FROM ab_events WHERE ${where} ORDER BY rowid LIMIT ${BATCH_SIZE}`;
    const picked = sql`rowid IN (${chosen})`;
    const placement = sql<string>`coalesce(${abEvents.placement}, '')`;
    const day = sql<string>`strftime('%Y-%m-%d', ${abEvents.timestamp} / 1000, 'unixepoch')`;
    const [, deleted] = await db.batch([
      db
        .insert(abEventTotals)
        .select(
          db
            .select({
              testName: abEvents.testName,
              variant: abEvents.variant,
              event: abEvents.event,
              placement: placement.as("placement"),
              day: day.as("day"),
              events: sql<number>`count(*)`.as("events"),
            })
            .from(abEvents)
            .where(picked)
            .groupBy(abEvents.testName, abEvents.variant, abEvents.event, placement, day),
        )
        .onConflictDoUpdate({
          target: [abEventTotals.testName, abEventTotals.variant, abEventTotals.event, abEventTotals.placement, abEventTotals.day],
          set: { events: sql`${abEventTotals.events} + excluded.events` },
        }),
      db.delete(abEvents).where(picked),
    ]);
    const changes = deleted.meta.changes ?? 0;
    folded += changes;
    if (changes < BATCH_SIZE) return folded;
  }
}
