/**
 * The daily card and the evening reminder by email (docs/decisions/021, 049-reminders.md). A Cron Trigger runs every
 * 15 minutes; each run sends every reminder whose time has come in its user's own day and that the day has not had on
 * that channel. A row in daily_card_sends (unique per user, local day, slot and channel), written in one batch with
 * the message, is what makes a second run, an overlapping run or a retry send nothing more.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { dailyCardSends, emailOutbox, type User, users } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";
import { type Card, cardOfTheDay } from "~/modules/cards/card";
import { getCardsFor } from "~/modules/cards/cards.server";
import type { AppConfig } from "~/modules/config/config.server";
import { type EmailProducer, newOutboxRow } from "~/modules/email/queue.server";
import { eveningReminderEmail } from "~/modules/email/reminder-templates.server";
import { dailyCardEmail } from "~/modules/email/templates.server";
import { todayForAccount } from "~/modules/practice/today.server";
import { localClock } from "~/modules/users/time-zone";
import { rememberTimeZone } from "~/modules/users/time-zone.server";
import { updateUser } from "~/modules/users/users.server";
import { findDueUsers, hasSent, isUniqueViolation, type Recipient, type ReminderSlot } from "./due-reminders.server";
import { unsubscribeLinks } from "./unsubscribe.server";

export type { ReminderSlot };

/** The schedule in wrangler.toml that runs enqueueDailyCards. */
export const DAILY_CARD_CRON = "*/15 * * * *";

/** The email queue carries reminders' pushes too (push-channel.server.ts): one queue, one set of retries. */
export type ReminderQueue = Pick<Queue<{ outboxId: string } | { reminderPush: string }>, "send">;

export type ReminderContext = { db: Database; config: AppConfig; queue: ReminderQueue & EmailProducer };

/** One reminder for one user and day, with the card every channel shows: the card /today shows now (049). */
export type DueReminder = {
  user: Recipient;
  slot: ReminderSlot;
  day: string;
  card: Card;
  hasAccess: boolean;
  /** The whole collection's size, for a non-buyer's "Unlock all N cards" (a buyer's email has no such line: 0). */
  cardCount: number;
};

/**
 * A way reminders reach a user. Email is the one here; another (Web Push) is a second entry with its own `name`, whose
 * send record is its own row, so one channel's failure or its record never holds back the other's.
 */
export type ReminderChannel = {
  /** Stored in daily_card_sends.channel. */
  name: string;
  /** The users this channel reaches at all, as a condition on `users`. */
  reaches: SQL;
  /** Writes and hands over one reminder; false when another run recorded this user's day and slot first. */
  deliver(context: ReminderContext, reminder: DueReminder): Promise<boolean>;
};

/**
 * The email channel: users who asked for the daily card and confirmed their address (a stranger can type anyone's
 * address at checkout or registration: 007, 027, 049). The evening reminder points to the evening check on /today,
 * which only buyers have.
 */
export const emailChannel: ReminderChannel = {
  name: "email",
  reaches: and(eq(users.newsletterSubscribed, true), eq(users.emailVerified, true)) as SQL,
  async deliver(context, reminder) {
    const { appOrigin } = context.config;
    const { card, hasAccess, user } = reminder;
    const unsubscribe = await unsubscribeLinks(context.config, user.id);
    const message =
      reminder.slot === "morning"
        ? dailyCardEmail(user.email, {
            card,
            cardLink: hasAccess ? `${appOrigin}/cards/${card.id}` : null,
            sampleLink: `${appOrigin}/sample-card`,
            checkoutLink: `${appOrigin}/checkout`,
            cardCount: reminder.cardCount,
            unsubscribe,
          })
        : eveningReminderEmail(user.email, { card, eveningLink: `${appOrigin}/today#evening`, unsubscribe });
    const row = newOutboxRow(context.config, message);
    const recorded = await recordSend(context.db, reminder, "email", [context.db.insert(emailOutbox).values(row)], row.id);
    if (recorded) await context.queue.send({ outboxId: row.id });
    return recorded !== null;
  },
};

/** One cron run: how many reminders were due and how many this run handed to their channels. */
export async function enqueueDailyCards(
  context: ReminderContext,
  now: Date,
  channels: ReminderChannel[] = [emailChannel],
): Promise<{ due: number; enqueued: number }> {
  let due = 0;
  let enqueued = 0;
  // The preview cards, read once a run and only when a non-buyer is due.
  let previews: ReturnType<typeof getCardsFor> | null = null;
  const readPreviews = () => {
    previews ??= getCardsFor(context.db, "member-without-access");
    return previews;
  };
  for (const slot of ["morning", "evening"] as const) {
    // Each user once, whichever channels reach them: the card is chosen once and every channel shows it (049).
    const recipients = new Map<string, { user: Recipient; channels: ReminderChannel[] }>();
    for (const channel of channels) {
      for (const user of await findDueUsers(context.db, now, slot, channel.reaches)) {
        const entry = recipients.get(user.id) ?? { user, channels: [] };
        entry.channels.push(channel);
        recipients.set(user.id, entry);
      }
    }
    for (const { user, channels: reaching } of recipients.values()) {
      const day = localClock(now, user.timeZone).day;
      const pending = [];
      for (const channel of reaching) if (!(await hasSent(context.db, user.id, day, slot, channel.name))) pending.push(channel);
      if (pending.length === 0) continue;
      const reminder = await reminderFor(context, { user, slot, day, now }, readPreviews);
      if (!reminder) continue;
      due++;
      for (const channel of pending) if (await channel.deliver(context, reminder)) enqueued++;
    }
  }
  return { due, enqueued };
}

/**
 * The reminder's card. A buyer's is today's card as /today and the wallpaper show it (the one they picked, else the
 * day's own: todayForAccount, 040, 044); everyone else's the day's card over the preview cards, so a non-buyer never
 * receives a paid card's text. The evening reminder is a buyer's: it points to the evening check.
 */
async function reminderFor(
  context: ReminderContext,
  due: { user: Recipient; slot: ReminderSlot; day: string; now: Date },
  readPreviews: () => ReturnType<typeof getCardsFor>,
): Promise<DueReminder | null> {
  const { user, slot, day } = due;
  const hasAccess = (await getAccessStatus(context.db, user.id)).hasAccess;
  if (slot === "evening" && !hasAccess) return null;
  if (hasAccess) {
    const today = await todayForAccount(context, user, due.now);
    if (!today || today.day !== day) return null;
    return { user, slot, day, card: today.card, hasAccess, cardCount: 0 };
  }
  const previews = await readPreviews();
  const card = cardOfTheDay(previews.cards, day);
  return card ? { user, slot, day, card, hasAccess, cardCount: previews.totalAvailable } : null;
}

/**
 * The send record and the channel's own writes in one batch: of two overlapping runs, the unique index lets exactly
 * one through, and the other writes nothing. `outboxId` links an email to its record. Returns the record's id, or null
 * when another run recorded this user's day, slot and channel first.
 */
export async function recordSend(
  db: Database,
  reminder: DueReminder,
  channel: string,
  writes: BatchItem<"sqlite">[],
  outboxId: string | null = null,
): Promise<string | null> {
  const { user, day, slot, card } = reminder;
  const id = crypto.randomUUID();
  try {
    const record = db.insert(dailyCardSends).values({ id, userId: user.id, day, slot, channel, cardId: card.id, outboxId });
    // The record last: it names the outbox row the batch writes before it.
    const [first = record, ...rest] = [...writes, record];
    await db.batch([first, ...rest]);
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** What the settings page's reminders form saves (049); the zone moves with it as the habit engine allows (015). */
export type ReminderSettings = { newsletterSubscribed: boolean; morningMinutes: number; eveningMinutes: number | null };

export async function saveReminderSettings(
  db: Database,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  input: ReminderSettings & { requestedTimeZone: string | null },
): Promise<string> {
  await updateUser(db, user.id, {
    newsletterSubscribed: input.newsletterSubscribed,
    morningReminderMinutes: input.morningMinutes,
    eveningReminderMinutes: input.eveningMinutes,
  });
  return rememberTimeZone(db, user, input.requestedTimeZone);
}
