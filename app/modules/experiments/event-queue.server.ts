import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#db/client";
import { logProblem } from "~/modules/observability/log.server";
import { VARIANTS } from "./experiments";

/**
 * A/B events reach D1 through a queue (docs/decisions/020-ab-tests.md, "Counting"): a request enqueues its rows after
 * the response and the consumer, this same Worker's queue(), writes a whole batch in a few statements. A million
 * first visits a day are then a few thousand D1 statements, not a million single-row writes to one primary.
 */
export const EVENTS_QUEUE = "light-cards-events";

/**
 * Rows per INSERT. D1 binds at most 100 values to a statement, so the rows travel as one JSON array read back with
 * `json_each`: one bound value, however many columns.
 */
export const ROWS_PER_STATEMENT = 100;

const queuedRowSchema = z.object({
  id: z.uuid(),
  testName: z.string().max(64),
  variant: z.enum(VARIANTS),
  event: z.enum(["page_view", "preview_click", "cta_click", "conversion"]),
  visitorId: z.string().max(64),
  userId: z.string().max(64).nullable(),
  placement: z.string().max(32).nullable(),
  dedupeKey: z.string().max(512).nullable(),
  url: z.string().max(2048).nullable(),
  /** When the event happened (ms since the epoch), not when the consumer wrote it. */
  timestamp: z.number().int(),
});
export type QueuedEventRow = z.infer<typeof queuedRowSchema>;

/** One message per counted event: a row for each running test it counts in. */
const messageSchema = z.object({ rows: z.array(queuedRowSchema).min(1).max(16) });

export async function enqueueEventRows(queue: Queue, rows: QueuedEventRow[]): Promise<void> {
  if (rows.length > 0) await queue.send({ rows } satisfies z.infer<typeof messageSchema>);
}

/**
 * Writes a batch of queued events. A row whose dedupe key D1 already holds (a view counted on another device's
 * request that day, a redelivered message) is skipped by the unique key; a user deleted since the event keeps the
 * row without the user. A failed write throws, and the platform delivers the whole batch again.
 */
export async function consumeEventBatch(db: Database, batch: MessageBatch): Promise<{ rows: number }> {
  const rows: QueuedEventRow[] = [];
  for (const message of batch.messages) {
    const parsed = messageSchema.safeParse(message.body);
    if (parsed.success) rows.push(...parsed.data.rows);
    else
      logProblem(
        "error",
        `Events queue: dropped a message that is not a list of event rows: ${JSON.stringify(message.body).slice(0, 200)}`,
      );
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await insertRows(db, rows.slice(start, start + ROWS_PER_STATEMENT));
  }
  batch.ackAll();
  return { rows: rows.length };
}

function insertRows(db: Database, rows: QueuedEventRow[]) {
  const field = (name: keyof QueuedEventRow) => sql.raw(`json_extract(value, '$.${name}')`);
  // `WHERE true` lets SQLite read ON CONFLICT as the upsert clause, not as part of the SELECT's join.
  return db.run(sql`
    INSERT INTO ab_events (id, test_name, variant, event, visitor_id, user_id, placement, dedupe_key, url, timestamp)
    SELECT ${field("id")}, ${field("testName")}, ${field("variant")}, ${field("event")}, ${field("visitorId")},
      (SELECT id FROM users WHERE id = ${field("userId")}), ${field("placement")}, ${field("dedupeKey")}, ${field("url")},
      ${field("timestamp")}
    FROM json_each(${JSON.stringify(rows)}) WHERE true
    ON CONFLICT DO NOTHING`);
}
