import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type EveningAnswer, practiceDays } from "#db/schema";
import { type Owner, ownerIdSql } from "~/modules/auth/owner.server";
import type { EarnedBadge } from "~/modules/habit/progress";
import { activityStatements, checkBadges, recordActivity } from "~/modules/habit/record-activity.server";
import { logProblem } from "~/modules/observability/log.server";

/**
 * The LIGHT practice's days (docs/decisions/040-the-light-practice.md): one row per buyer and calendar day, written
 * only for the signed-in buyer's own (userId, day). The first write of a day fixes its card; "I said it aloud"
 * completes the morning once however many tabs send it, and only that first completion counts for the streak.
 */

export type PracticeDay = typeof practiceDays.$inferSelect;

/** The buyer's practice on `day`, or null before they began it. */
export async function readPracticeDay(db: Database, owner: Owner, day: string): Promise<PracticeDay | null> {
  const [row] = await batchedRead(
    db,
    db
      .select()
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, ownerIdSql(owner)), eq(practiceDays.day, day)))
      .limit(1),
  );
  return row ?? null;
}

type DayKey = { userId: string; day: string; cardId: string };

/** The day's row, made with this card when it does not exist yet (a card once set stays the day's). */
function beginDayStatement(db: Database, key: DayKey, now: Date) {
  return db
    .insert(practiceDays)
    .values({ userId: key.userId, day: key.day, cardId: key.cardId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [practiceDays.userId, practiceDays.day] });
}

async function beginDay(db: Database, key: DayKey, now: Date): Promise<void> {
  await beginDayStatement(db, key, now);
}

const ofDay = (key: Pick<DayKey, "userId" | "day">) => and(eq(practiceDays.userId, key.userId), eq(practiceDays.day, key.day));

/** Ground: the day's one private line (null clears it). */
export async function saveReflection(db: Database, key: DayKey, reflection: string | null, now = new Date()): Promise<void> {
  await beginDay(db, key, now);
  await db.update(practiceDays).set({ reflection, updatedAt: now }).where(ofDay(key));
}

/**
 * "Practise this card": today's card becomes this one, until the buyer's day ends. Refused once the morning is done,
 * so the journal's reflection stays beside the card it was written for.
 */
export async function pickTodaysCard(db: Database, key: DayKey, now = new Date()): Promise<"picked" | "already-practised"> {
  await beginDay(db, key, now);
  const changed = await db
    .update(practiceDays)
    .set({ cardId: key.cardId, chosen: true, updatedAt: now })
    .where(and(ofDay(key), isNull(practiceDays.saidAloudAt)))
    .returning({ id: practiceDays.id });
  return changed.length > 0 ? "picked" : "already-practised";
}

type Completion = { completed: boolean; newBadges: EarnedBadge[] };

/**
 * Hear Again: the buyer said it aloud, which completes the morning. Only the request that first sets the moment
 * records the practice (two tabs completing together count once); recording it never fails the answer.
 */
export async function completeMorning(db: Database, key: DayKey & { timeZone: string }, now = new Date()): Promise<Completion> {
  await beginDay(db, key, now);
  const [first] = await db
    .update(practiceDays)
    .set({ saidAloudAt: now, updatedAt: now })
    .where(and(ofDay(key), isNull(practiceDays.saidAloudAt)))
    .returning({ cardId: practiceDays.cardId });
  if (!first) return { completed: false, newBadges: [] };
  return { completed: true, newBadges: await recordSafely(db, key, "practice", first.cardId, now) };
}

/**
 * The evening check: its answer and line, kept beside the morning's, and the day's `evening_check` activity with the
 * count it feeds, in one D1 batch: the answer never lands without its count, nor the count without it. The activity's
 * id is the buyer's day, so only the day's first answer counts (two tabs, or an answer changed later, count once).
 */
export async function saveEveningCheck(
  db: Database,
  key: DayKey & { timeZone: string },
  check: { answer: EveningAnswer; note: string | null },
  now = new Date(),
): Promise<{ newBadges: EarnedBadge[] }> {
  const dayCard = sql<string | null>`(SELECT ${practiceDays.cardId} FROM ${practiceDays} WHERE ${ofDay(key)})`;
  const [, , counted] = await db.batch([
    beginDayStatement(db, key, now),
    db
      .update(practiceDays)
      .set({
        eveningAnswer: check.answer,
        eveningNote: check.note,
        eveningAt: sql`coalesce(${practiceDays.eveningAt}, ${now.getTime()})`,
        updatedAt: now,
      })
      .where(ofDay(key)),
    ...activityStatements(db, {
      id: `evening_check:${key.userId}:${key.day}`,
      userId: key.userId,
      cardId: dayCard,
      activityType: "evening_check",
      now,
    }),
  ]);
  return { newBadges: counted.length > 0 ? await checkBadgesSafely(db, key.userId, now) : [] };
}

/** Badges follow from the counts already written: a failure to award them is logged, never the answer's. */
async function checkBadgesSafely(db: Database, userId: string, now: Date): Promise<EarnedBadge[]> {
  try {
    return await checkBadges(db, userId, { now });
  } catch (error) {
    logProblem("error", "Checking badges failed", error);
    return [];
  }
}

async function recordSafely(
  db: Database,
  key: { userId: string; timeZone: string },
  activityType: "practice",
  cardId: string | null,
  now: Date,
): Promise<EarnedBadge[]> {
  try {
    return (await recordActivity(db, { userId: key.userId, cardId, activityType, timeZone: key.timeZone, now })).newBadges;
  } catch (error) {
    logProblem("error", `Recording ${activityType} failed`, error);
    return [];
  }
}

/**
 * Whether the buyer has completed a morning yet ("I said it aloud", 040): the settings page offers notifications only
 * after the first (docs/decisions/046-web-push.md), when the buyer knows what a morning asks of them.
 */
export async function hasCompletedAMorning(db: Database, owner: Owner): Promise<boolean> {
  const rows = await batchedRead(
    db,
    db
      .select({ id: practiceDays.id })
      .from(practiceDays)
      .where(and(eq(practiceDays.userId, ownerIdSql(owner)), isNotNull(practiceDays.saidAloudAt)))
      .limit(1),
  );
  return rows.length > 0;
}
