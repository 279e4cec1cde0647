import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gte } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { practiceDays, type User } from "#db/schema";
import { type Owner, ownerIdSql } from "~/modules/auth/owner.server";
import { type Card, cardOfTheDay } from "~/modules/cards/card";
import { getLibraryCollection } from "~/modules/cards/public-collection.server";
import { localClock, localDay, preferredTimeZone } from "~/modules/users/time-zone";
import { rememberTimeZone, timeZoneFromRequest } from "~/modules/users/time-zone.server";
import type { PracticeDay } from "./practice.server";
import { EVENING_FROM_MINUTES } from "./todays-card";

/**
 * Today, as the practice sees it (docs/decisions/040-the-light-practice.md): the buyer's calendar day and hour in
 * their zone, the day's card (the one they picked, else the day's own) and what they did with it so far.
 */

/**
 * The owner's practice rows from yesterday (UTC) on: every zone's "today" is among them, so the page can start the read
 * with the session's check, before it knows the buyer's zone (one round trip).
 */
export async function readRecentPracticeDays(db: Database, owner: Owner, now: Date): Promise<PracticeDay[]> {
  const yesterday = localDay(new Date(now.getTime() - 86_400_000), "UTC");
  return batchedRead(
    db,
    db
      .select()
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, ownerIdSql(owner)), gte(practiceDays.day, yesterday))),
  );
}

export type Today = {
  day: string;
  timeZone: string;
  /** From 17:00 in the buyer's day: the evening check is open. */
  isEvening: boolean;
  card: Card;
  /** The buyer picked this card for today. */
  chosen: boolean;
  practice: PracticeDay | null;
};

type Context = Pick<AppLoadContext, "db" | "config">;

/** Today for a page: the zone from the browser's cookie or the account, never stored by a GET. */
export async function todayFor(
  context: Context,
  input: { user: Pick<User, "timeZone">; request: Request; recent: PracticeDay[]; now: Date },
): Promise<Today | null> {
  const timeZone = preferredTimeZone(timeZoneFromRequest(input.request), input.user.timeZone);
  return resolveToday(context, timeZone, input.recent, input.now);
}

/** Today for a form: the zone as the habit engine keeps it (rememberTimeZone), and the day's row read afresh. */
export async function todayForChange(
  context: Context,
  input: { user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">; request: Request; now: Date },
): Promise<Today | null> {
  const timeZone = await rememberTimeZone(context.db, input.user, timeZoneFromRequest(input.request), input.now);
  const recent = await readRecentPracticeDays(context.db, input.user.id, input.now);
  return resolveToday(context, timeZone, recent, input.now);
}

/**
 * Today for a request that brings no browser (the wallpaper's private address, docs/decisions/044-wallpaper-address.md):
 * the day in the zone the account keeps, the same card /today shows in that day. `recent`: the rows a page already read
 * with readRecentPracticeDays.
 */
export async function todayForAccount(
  context: Context,
  user: Pick<User, "id" | "timeZone">,
  now: Date,
  recent?: PracticeDay[],
): Promise<Today | null> {
  const days = recent ?? (await readRecentPracticeDays(context.db, user.id, now));
  return resolveToday(context, preferredTimeZone(null, user.timeZone), days, now);
}

async function resolveToday(context: Context, timeZone: string, recent: PracticeDay[], now: Date): Promise<Today | null> {
  const { day, minutes } = localClock(now, timeZone);
  const practice = recent.find((row) => row.day === day) ?? null;
  const { cards } = await getLibraryCollection(context, "buyer");
  const card = (practice?.cardId ? cards.find((entry) => entry.id === practice.cardId) : null) ?? cardOfTheDay(cards, day);
  if (!card) return null;
  return { day, timeZone, isEvening: minutes >= EVENING_FROM_MINUTES, card, chosen: practice?.chosen ?? false, practice };
}
