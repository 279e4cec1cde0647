/**
 * Reminders by Web Push (docs/decisions/046-web-push.md, 049-reminders.md): the second channel beside email. It
 * reaches a buyer on every device that took notifications, at the same morning (and evening) time as the email, with
 * the same card. The cron records the send and enqueues its id on the email queue; the consumer sends the message, so
 * a push service that is down is tried again with the queue's retries, as an email provider is.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { affirmationCards, dailyCardSends, pushSubscriptions, users } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { logProblem } from "~/modules/observability/log.server";
import { sendPushToUser } from "~/modules/push/push.server";
import { dailyCardPush, eveningReminderPush } from "~/modules/push/push-message";
import { type ReminderChannel, recordSend } from "./daily-card.server";

export const pushChannel: ReminderChannel = {
  name: "push",
  // A device that took notifications is the buyer's "yes": its row goes when access, the session or the device does.
  reaches: sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${users.id})` as SQL,
  async deliver(context, reminder) {
    const sendId = await recordSend(context.db, reminder, "push", []);
    if (sendId) await context.queue.send({ reminderPush: sendId });
    return sendId !== null;
  },
};

type ReminderPushMessage = { reminderPush: string };

export function isReminderPushMessage(body: unknown): body is ReminderPushMessage {
  return typeof body === "object" && body !== null && typeof (body as ReminderPushMessage).reminderPush === "string";
}

/** Waits before the next try: 1 min, 4 min, 16 min, then an hour. */
function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 4 ** Math.max(0, attempts - 1), 3600);
}

/**
 * The queue's side: each recorded send goes to the buyer's devices. A send that reached no device while some failed
 * (a push service down) is retried; one that reached any device is done (a retry would repeat it on those). From the
 * dead-letter queue, after the last retry, it is only logged: a morning's card is not worth a second day.
 */
export async function consumeReminderPushes(
  context: { db: Database; config: AppConfig },
  messages: readonly Message<unknown>[],
  { deadLetter }: { deadLetter: boolean },
): Promise<void> {
  for (const message of messages) {
    const sendId = (message.body as ReminderPushMessage).reminderPush;
    if (deadLetter) {
      logProblem("warn", `A reminder's push (send ${sendId}) reached no device after the queue's retries`);
      message.ack();
      continue;
    }
    const [send] = await context.db
      .select({ userId: dailyCardSends.userId, slot: dailyCardSends.slot, title: affirmationCards.title })
      .from(dailyCardSends)
      .innerJoin(affirmationCards, eq(affirmationCards.id, dailyCardSends.cardId))
      .where(eq(dailyCardSends.id, sendId))
      .limit(1);
    // The account or the card is gone: nothing left to send.
    if (!send) {
      message.ack();
      continue;
    }
    const push = send.slot === "evening" ? eveningReminderPush(send) : dailyCardPush(send);
    const outcome = await sendPushToUser(context, send.userId, push);
    if (outcome.sent === 0 && outcome.failed > 0) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}
