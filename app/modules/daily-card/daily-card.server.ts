/**
 * The daily card by email (docs/decisions/021). A Cron Trigger runs every 15 minutes; each run enqueues the
 * day's featured card for every subscribed, verified user whose local time has reached 7:00 and who has not had
 * that local day's card. A row in daily_card_sends (unique per user and local day), written in one batch with the
 * outbox row, is what makes a second run, an overlapping run or a retry send nothing more.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { dailyCardSends, emailOutbox, type User, users } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";
import { cardOfTheDay } from "~/modules/cards/card";
import { getCardsFor } from "~/modules/cards/cards.server";
import type { AppConfig } from "~/modules/config/config.server";
import { type EmailProducer, newOutboxRow } from "~/modules/email/queue.server";
import { dailyCardEmail } from "~/modules/email/templates.server";
import { localClock } from "~/modules/users/time-zone";
import { rememberTimeZone } from "~/modules/users/time-zone.server";
import { updateUser } from "~/modules/users/users.server";
import { unsubscribeLinks } from "./unsubscribe.server";

/** The schedule in wrangler.toml that runs enqueueDailyCards. */
export const DAILY_CARD_CRON = "*/15 * * * *";

/** Local time the card goes out: 7:00. */
const SEND_AT_MINUTES = 7 * 60;
/**
 * A user is due from 7:00 until 8:00 local time, not only in the quarter hour after 7:00: a run the platform
 * skipped or that failed is caught up by the next ones. The record per local day keeps it to one email.
 */
const DUE_FOR_MINUTES = 60;

/** Zones are matched in chunks: D1 binds at most 100 parameters per statement. */
const ZONES_PER_QUERY = 50;

export function isDailyCardDue(now: Date, timeZone: string | null): boolean {
  const { minutes } = localClock(now, timeZone);
  return minutes >= SEND_AT_MINUTES && minutes < SEND_AT_MINUTES + DUE_FOR_MINUTES;
}

type DailyCardContext = { db: Database; config: AppConfig; queue: EmailProducer };

/** One cron run: returns how many users were due and how many emails this run enqueued. */
export async function enqueueDailyCards(context: DailyCardContext, now: Date): Promise<{ due: number; enqueued: number }> {
  const { db } = context;
  const due = await findDueSubscribers(db, now);
  if (due.length === 0) return { due: 0, enqueued: 0 };
  // Each audience's card of the day, chosen as the library chooses it: non-buyers only ever get a preview card.
  const [all, previews] = await Promise.all([getCardsFor(db, "buyer"), getCardsFor(db, "member-without-access")]);
  let enqueued = 0;
  for (const user of due) {
    const hasAccess = (await getAccessStatus(db, user.id)).hasAccess;
    const day = localClock(now, user.timeZone).day;
    // The morning's card, in the reader's own day: the card /today offers (never a bedtime card at 7:00).
    const card = cardOfTheDay(hasAccess ? all.cards : previews.cards, day);
    if (!card) continue;
    if (await hasHadCard(db, user.id, day)) continue;
    const { appOrigin } = context.config;
    const row = newOutboxRow(
      context.config,
      dailyCardEmail(user.email, {
        card,
        cardLink: hasAccess ? `${appOrigin}/cards/${card.id}` : null,
        sampleLink: `${appOrigin}/sample-card`,
        checkoutLink: `${appOrigin}/checkout`,
        cardCount: all.totalAvailable,
        unsubscribe: await unsubscribeLinks(context.config, user.id),
      }),
    );
    try {
      await db.batch([
        db.insert(emailOutbox).values(row),
        db.insert(dailyCardSends).values({ userId: user.id, day, cardId: card.id, outboxId: row.id }),
      ]);
    } catch (error) {
      // An overlapping run recorded this user's day first: the unique index refused ours, and nothing was written.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    await context.queue.send({ outboxId: row.id });
    enqueued++;
  }
  return { due: due.length, enqueued };
}

/**
 * The settings page's switch. Turning it on also keeps the browser's zone (the lc_tz cookie), so the card comes at
 * 7:00 where the user is now.
 */
export async function setDailyCardSubscription(
  db: Database,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  input: { subscribed: boolean; requestedTimeZone: string | null },
): Promise<void> {
  await updateUser(db, user.id, { newsletterSubscribed: input.subscribed });
  if (input.subscribed) await rememberTimeZone(db, user, input.requestedTimeZone);
}

/** Subscribed, verified users whose local time is in the due window: the zones first, then their users. */
async function findDueSubscribers(db: Database, now: Date) {
  const subscribed = and(eq(users.newsletterSubscribed, true), eq(users.emailVerified, true));
  const zones = await db.selectDistinct({ timeZone: users.timeZone }).from(users).where(subscribed);
  const dueZones = zones.map((row) => row.timeZone).filter((zone) => isDailyCardDue(now, zone));
  const named = dueZones.filter((zone): zone is string => zone !== null);
  const columns = { id: users.id, email: users.email, timeZone: users.timeZone };
  const found: { id: string; email: string; timeZone: string | null }[] = [];
  // Users whose zone is unknown count in UTC (docs/decisions/021).
  if (dueZones.includes(null))
    found.push(
      ...(await db
        .select(columns)
        .from(users)
        .where(and(subscribed, isNull(users.timeZone)))),
    );
  for (let start = 0; start < named.length; start += ZONES_PER_QUERY) {
    const chunk = named.slice(start, start + ZONES_PER_QUERY);
    found.push(
      ...(await db
        .select(columns)
        .from(users)
        .where(and(subscribed, inArray(users.timeZone, chunk)))),
    );
  }
  return found;
}

async function hasHadCard(db: Database, userId: string, day: string): Promise<boolean> {
  const [sent] = await db
    .select({ id: dailyCardSends.id })
    .from(dailyCardSends)
    .where(and(eq(dailyCardSends.userId, userId), eq(dailyCardSends.day, day)))
    .limit(1);
  return Boolean(sent);
}

/** D1's refusal by a unique index, however deep drizzle wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
