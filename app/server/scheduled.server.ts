import { createDb } from "#db/client";
import { readConfig } from "~/modules/config/config.server";
import { DAILY_CARD_CRON, emailChannel, enqueueDailyCards } from "~/modules/daily-card/daily-card.server";
import { pushChannel } from "~/modules/daily-card/push-channel.server";
import { createEmailSender, requeueStuckEmails } from "~/modules/email/queue.server";
import { deliverDueGifts } from "~/modules/gifts/gifts.server";
import { cleanedUpRows, withCronRun } from "~/modules/health/health.server";
import { CLEANUP_CRON, cleanUpExpired } from "~/modules/maintenance/cleanup.server";
import { timeD1 } from "./d1-timing.server";

/**
 * The Cron Triggers (wrangler.toml `[triggers]`): the daily card every quarter hour, the clean-up once a day (021).
 * Each run is recorded for the health panel and logged as one line (docs/decisions/029); an unknown schedule fails.
 */
export async function runSchedule(controller: ScheduledController, env: Env): Promise<void> {
  const d1 = timeD1(env.DB as unknown as D1DatabaseSession);
  const db = createDb(d1.session);
  // The schedule's own time, not the clock: a run that starts late still serves its quarter hour.
  const now = new Date(controller.scheduledTime);
  await withCronRun({ db, cron: controller.cron, now, d1Ms: d1.elapsedMs }, async () => {
    if (controller.cron === DAILY_CARD_CRON) {
      const config = readConfig(env);
      // Push reaches devices only where the deployment has its VAPID keys (docs/decisions/046-web-push.md).
      const channels = config.webPush ? [emailChannel, pushChannel] : [emailChannel];
      const { enqueued } = await enqueueDailyCards({ db, config, queue: env.EMAIL_QUEUE }, now, channels);
      // Gifts go out on their day in the giver's zone, in the same quarter-hourly run (docs/decisions/047-gifts.md).
      const gifts = await deliverDueGifts({ db, config, email: createEmailSender({ db, config, queue: env.EMAIL_QUEUE }) }, now);
      const requeued = await requeueStuckEmails({ db, queue: env.EMAIL_QUEUE }, now);
      return { count: enqueued + gifts + requeued };
    }
    if (controller.cron === CLEANUP_CRON) {
      return { count: cleanedUpRows(await cleanUpExpired({ db, recordings: env.CARD_ASSETS }, now)) };
    }
    throw new Error(`No task for the schedule "${controller.cron}" (see the crons in wrangler.toml)`);
  });
}
