/**
 * Who is due a reminder now (docs/decisions/049-reminders.md): the users a channel reaches whose chosen time fell in
 * the last hour of their own clock, and whether their day already had it on that channel.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Database } from "#db/client";
import { dailyCardSends, users } from "#db/schema";
import { localClock } from "~/modules/users/time-zone";

export type ReminderSlot = "morning" | "evening";

export type Recipient = { id: string; email: string; timeZone: string | null };

/**
 * A reminder is due from its time for an hour, not only in the quarter hour after it: a run the platform skipped or
 * that failed is caught up by the next ones. The record per local day keeps it to one message. The window ends at the
 * user's midnight (a 23:30 reminder has half an hour): the record is per local day.
 */
const DUE_FOR_MINUTES = 60;

/** Zones are matched in chunks: D1 binds at most 100 parameters per statement (a few go to the other conditions). */
const ZONES_PER_QUERY = 50;
const PARAMETERS_PER_QUERY = 80;

const slotColumn = { morning: users.morningReminderMinutes, evening: users.eveningReminderMinutes } as const;

/** True when a reminder set for `startMinutes` after local midnight is due at `now` in `timeZone`. */
export function isReminderDue(now: Date, timeZone: string | null, startMinutes: number): boolean {
  const { minutes } = localClock(now, timeZone);
  return minutes >= startMinutes && minutes < startMinutes + DUE_FOR_MINUTES;
}

/**
 * Users `reaches` selects whose `slot` is due at `now`. The zones first, grouped by their wall clock now (zones on one
 * offset share it); then, in as few statements as D1's bound parameters allow, the users of each group whose time fell
 * in the last hour of that clock.
 */
export async function findDueUsers(db: Database, now: Date, slot: ReminderSlot, reaches: SQL): Promise<Recipient[]> {
  const column = slotColumn[slot];
  const where = and(reaches, isNotNull(column));
  const zones = await db.selectDistinct({ timeZone: users.timeZone }).from(users).where(where);
  const byClock = new Map<number, (string | null)[]>();
  for (const { timeZone } of zones) {
    const { minutes } = localClock(now, timeZone);
    byClock.set(minutes, [...(byClock.get(minutes) ?? []), timeZone]);
  }
  // One condition per group of at most ZONES_PER_QUERY zones: its zones, and its clock's last hour.
  const conditions: { sql: SQL; parameters: number }[] = [];
  for (const [minutes, group] of byClock) {
    const dueNow = and(gt(column, minutes - DUE_FOR_MINUTES), lte(column, minutes)) as SQL;
    // Users whose zone is unknown count in UTC (docs/decisions/021).
    if (group.includes(null)) conditions.push({ sql: and(dueNow, isNull(users.timeZone)) as SQL, parameters: 2 });
    const named = group.filter((zone): zone is string => zone !== null);
    for (let start = 0; start < named.length; start += ZONES_PER_QUERY) {
      const chunk = named.slice(start, start + ZONES_PER_QUERY);
      conditions.push({ sql: and(dueNow, inArray(users.timeZone, chunk)) as SQL, parameters: chunk.length + 2 });
    }
  }
  const columns = { id: users.id, email: users.email, timeZone: users.timeZone };
  const found: Recipient[] = [];
  let batch: SQL[] = [];
  let parameters = 0;
  const flush = async () => {
    if (batch.length > 0)
      found.push(
        ...(await db
          .select(columns)
          .from(users)
          .where(and(where, or(...batch)))),
      );
    batch = [];
    parameters = 0;
  };
  for (const condition of conditions) {
    if (parameters + condition.parameters > PARAMETERS_PER_QUERY) await flush();
    batch.push(condition.sql);
    parameters += condition.parameters;
  }
  await flush();
  return found;
}

export async function hasSent(db: Database, userId: string, day: string, slot: ReminderSlot, channel: string): Promise<boolean> {
  const [sent] = await db
    .select({ id: dailyCardSends.id })
    .from(dailyCardSends)
    .where(
      and(
        eq(dailyCardSends.userId, userId),
        eq(dailyCardSends.day, day),
        eq(dailyCardSends.slot, slot),
        eq(dailyCardSends.channel, channel),
      ),
    )
    .limit(1);
  return Boolean(sent);
}

/** D1's refusal by a unique index, however deep drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
