/**
 * Email through Cloudflare Queues (docs/decisions/021): a request writes the message to the outbox and enqueues
 * its id, and answers; the consumer (app/server/worker.server.ts queue()) delivers it, marks it sent, and on failure lets
 * the queue retry with backoff. After the last retry the queue moves the message to the dead-letter queue,
 * whose consumer marks the row failed, for /admin to show with a Resend button.
 */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#db/client";
import { emailOutbox } from "#db/schema";
import { type Actor, auditRow } from "~/modules/audit/audit-log.server";
import type { AppConfig } from "~/modules/config/config.server";
import { logProblem } from "~/modules/observability/log.server";
import { type DeliveryContext, deliverEmail, type EmailMessage, type EmailSender, getOutboxMessage } from "./send.server";

/** The queue names in wrangler.toml. */
export const EMAIL_QUEUE = "light-cards-email";
export const EMAIL_DEAD_LETTER_QUEUE = "light-cards-email-dlq";

/** The message is only the row's id: the content stays in D1, where the consumer reads its current state. */
const queueMessageSchema = z.object({ outboxId: z.string().uuid() });
type EmailQueueMessage = z.infer<typeof queueMessageSchema>;

export type EmailProducer = Pick<Queue<EmailQueueMessage>, "send">;

type EnqueueContext = { db: Database; config: AppConfig; queue: EmailProducer };

/** A new outbox row for a message, not yet written: callers that must write it with other rows batch the insert. */
export function newOutboxRow(config: AppConfig, message: EmailMessage) {
  const id = crypto.randomUUID();
  return {
    id,
    to: message.to,
    from: config.emailFrom,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? null,
    status: "queued" as const,
    idempotencyKey: `light-cards-outbox-${id}`,
  };
}

export function createEmailSender(context: EnqueueContext): EmailSender {
  return {
    async send(message) {
      const row = newOutboxRow(context.config, message);
      await context.db.insert(emailOutbox).values(row);
      await context.queue.send({ outboxId: row.id });
    },
  };
}

/** Waits before the next delivery: 1 min, 4 min, 16 min, then an hour (a provider outage, not a hiccup). */
function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 4 ** Math.max(0, attempts - 1), 3600);
}

/**
 * The consumer of both queues. The row's state decides, not the message: a row already sent is acknowledged
 * without sending again (a redelivery after a send that was not acknowledged), and the provider gets the row's
 * idempotency key in case the send went through but marking it did not.
 */
export async function consumeEmailBatch(
  context: DeliveryContext & { db: Database },
  batch: Pick<MessageBatch, "queue" | "messages">,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = queueMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      logProblem("error", `Email queue: dropped a message that is not an outbox id: ${JSON.stringify(message.body).slice(0, 200)}`);
      message.ack();
      continue;
    }
    const { outboxId } = parsed.data;
    if (batch.queue === EMAIL_DEAD_LETTER_QUEUE) {
      await markFailed(context.db, outboxId);
      message.ack();
      continue;
    }
    if (await deliverOutboxRow(context, outboxId)) message.ack();
    else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** True when the row needs nothing more (sent now or before, or gone); false when the queue should retry. */
async function deliverOutboxRow(context: DeliveryContext & { db: Database }, outboxId: string): Promise<boolean> {
  const { db } = context;
  const row = await getOutboxMessage(db, outboxId);
  if (row?.status !== "queued") return true;
  await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, outboxId));
  try {
    await deliverEmail(context, row);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logProblem("warn", `Email ${outboxId} (${row.subject}) not delivered (attempt ${row.attempts + 1}); the queue retries`, error);
    await db
      .update(emailOutbox)
      .set({ lastError: reason.slice(0, 500) })
      .where(eq(emailOutbox.id, outboxId));
    return false;
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), lastError: null, ...sentMessageKept(context) })
    .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "queued")));
  return true;
}

/**
 * What a sent row keeps of its message. Once the provider has it, the body is blanked: sign-in, reset and verify
 * emails carry live links, which the tokens table itself keeps only as hashes. /admin needs only the
 * recipient, subject, state and attempts. In development the outbox is the mailbox (/dev/outbox), so it keeps all.
 */
function sentMessageKept(context: DeliveryContext): Partial<typeof emailOutbox.$inferInsert> {
  return context.config.isDevelopment ? {} : { text: "", html: "", headers: null };
}

async function markFailed(db: Database, outboxId: string) {
  const [failed] = await db
    .update(emailOutbox)
    .set({ status: "failed" })
    .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "queued")))
    .returning();
  if (failed) {
    logProblem("error", `Email ${failed.id} (${failed.subject}) failed after ${failed.attempts} attempts: ${failed.lastError}`);
  }
}

/**
 * A row still queued this long after it was written has no message left on the queue: its enqueue failed after the
 * row was written, or its dead-letter delivery did. The longest retry chain (retryDelaySeconds, wrangler.toml's
 * max_retries) ends well within it.
 */
export const STUCK_AFTER_MS = 3 * 60 * 60 * 1000;
const REQUEUE_BATCH = 50;

/**
 * Puts stuck rows back on the queue (the quarter-hourly Cron Trigger runs this), so no saved email is lost to a
 * failed enqueue. Sending twice is impossible: the consumer skips a row that is no longer queued, and the provider
 * gets the row's idempotency key. Returns how many were re-enqueued.
 */
export async function requeueStuckEmails(context: { db: Database; queue: EmailProducer }, now: Date): Promise<number> {
  const stuck = await context.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), lt(emailOutbox.createdAt, new Date(now.getTime() - STUCK_AFTER_MS))))
    .orderBy(emailOutbox.createdAt)
    .limit(REQUEUE_BATCH);
  for (const row of stuck) await context.queue.send({ outboxId: row.id });
  if (stuck.length > 0) logProblem("warn", `Email queue: re-enqueued ${stuck.length} stuck outbox rows`);
  return stuck.length;
}

/** The emails that ran out of retries, newest first, for /admin. */
export function listFailedEmails(db: Database, limit = 50) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.status, "failed")).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/**
 * An admin's Resend: the failed row goes back to queued and onto the queue, with an audit row. Every earlier
 * attempt failed under the old idempotency key (a success would have been answered as one on the next retry),
 * so a new key cannot make a second email. False when the row is not failed (already resent, or unknown).
 */
export async function resendFailedEmail(context: { db: Database; queue: EmailProducer }, outboxId: string, actor: Actor) {
  const { db } = context;
  const row = await getOutboxMessage(db, outboxId);
  if (row?.status !== "failed") return false;
  const [updated] = await db.batch([
    db
      .update(emailOutbox)
      .set({ status: "queued", idempotencyKey: `light-cards-outbox-${row.id}-resend-${row.attempts}` })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "failed")))
      .returning({ id: emailOutbox.id }),
    auditRow(db, actor, "resend-email", { email: row.to, userId: null }, { subject: row.subject, attempts: row.attempts }),
  ]);
  if (updated.length === 0) return false;
  await context.queue.send({ outboxId: row.id });
  return true;
}
