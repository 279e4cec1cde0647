import { createDb } from "#db/client";
import { readConfig } from "~/modules/config/config.server";
import { DAILY_CARD_CRON, enqueueDailyCards } from "~/modules/daily-card/daily-card.server";
import { requeueStuckEmails } from "~/modules/email/queue.server";
import { CLEANUP_CRON, cleanUpExpired } from "~/modules/maintenance/cleanup.server";

/** The Cron Triggers (wrangler.toml `[triggers]`): the daily card every quarter hour, the clean-up once a day (021). */
export async function runSchedule(controller: ScheduledController, env: Env): Promise<void> {
  const db = createDb(env.DB);
  // The schedule's own time, not the clock: a run that starts late still serves its quarter hour.
  const now = new Date(controller.scheduledTime);
  if (controller.cron === DAILY_CARD_CRON) {
    const { due, enqueued } = await enqueueDailyCards({ db, config: readConfig(env), queue: env.EMAIL_QUEUE }, now);
    console.log(`Daily card: ${due} subscribers due, ${enqueued} emails enqueued`);
    await requeueStuckEmails({ db, queue: env.EMAIL_QUEUE }, now);
  } else if (controller.cron === CLEANUP_CRON) {
    await cleanUpExpired(db, now);
  } else {
    console.error(`No task for the schedule "${controller.cron}" (see the crons in wrangler.toml)`);
  }
}
