import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { abEvents, abEventTotals } from "#db/schema";

/**
 * How `ab_events` stays small and /admin's results stay exact (docs/decisions/020-ab-tests.md, "Retention"), run by
 * the daily clean-up:
 * - clicks older than AB_EVENT_RETENTION_DAYS are added to `ab_event_totals` and deleted in the same D1 batch (all or
 *   nothing), so a click is counted in exactly one of the two tables at every moment;
 * - of a subject's page views of a test, the first is kept and older later ones are deleted: visitors are distinct
 *   subjects with a page view, which the first alone answers;
 * - conversions are kept: one per purchase, and a refund marks its row (results.server.ts).
 */
export const AB_EVENT_RETENTION_DAYS = 30;

/** Rows per batch: well under D1's limits on bound parameters and statement time. */
const BATCH_SIZE = 500;

const CLICKS = ["preview_click", "cta_click"];

export async function compactExperimentEvents(db: Database, now: Date): Promise<{ clicks: number; pageViews: number }> {
  const before = new Date(now.getTime() - AB_EVENT_RETENTION_DAYS * 86_400_000);
  let clicks = 0;
  for (;;) {
    const rows = await db
      .select({ id: abEvents.id })
      .from(abEvents)
      .where(and(inArray(abEvents.event, CLICKS), lt(abEvents.timestamp, before)))
      .limit(BATCH_SIZE);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) break;
    const placement = sql<string>`coalesce(${abEvents.placement}, '')`;
    await db.batch([
      db
        .insert(abEventTotals)
        .select(
          db
            .select({
              testName: abEvents.testName,
              variant: abEvents.variant,
              event: abEvents.event,
              placement: placement.as("placement"),
              events: sql<number>`count(*)`.as("events"),
            })
            .from(abEvents)
            .where(inArray(abEvents.id, ids))
            .groupBy(abEvents.testName, abEvents.variant, abEvents.event, placement),
        )
        .onConflictDoUpdate({
          target: [abEventTotals.testName, abEventTotals.variant, abEventTotals.event, abEventTotals.placement],
          set: { events: sql`${abEventTotals.events} + excluded.events` },
        }),
      db.delete(abEvents).where(inArray(abEvents.id, ids)),
    ]);
    clicks += ids.length;
    if (ids.length < BATCH_SIZE) break;
  }

  let pageViews = 0;
  for (;;) {
    const deleted = await db.run(sql`
      DELETE FROM ${abEvents} WHERE id IN (
        SELECT later.id FROM ${abEvents} AS later
        WHERE later.event = 'page_view' AND later.timestamp < ${before.getTime()} AND EXISTS (
          SELECT 1 FROM ${abEvents} AS earlier
          WHERE earlier.event = 'page_view' AND earlier.test_name = later.test_name
            AND coalesce(earlier.user_id, earlier.visitor_id) = coalesce(later.user_id, later.visitor_id)
            AND (earlier.timestamp < later.timestamp OR (earlier.timestamp = later.timestamp AND earlier.id < later.id)))
        LIMIT ${BATCH_SIZE})`);
    const changes = deleted.meta.changes ?? 0;
    pageViews += changes;
    if (changes < BATCH_SIZE) break;
  }
  return { clicks, pageViews };
}
