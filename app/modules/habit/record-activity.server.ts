import { eq, type SQL, sql } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type ActivityType, badges, userActivity, userBadges, userFavorites, userStats } from "#db/schema";
import { cardCountQuery } from "~/modules/cards/cards.server";
import { localDay } from "~/modules/users/time-zone";
import { badgeProgress } from "./badges";
import type { EarnedBadge } from "./progress";
import { BADGE_COLUMNS, badgeStatsFrom, badgeStatsQuery, NO_STREAK } from "./progress.server";
import { nextStreak, type StreakState } from "./streaks";

/**
 * Recording one activity: the row, the counters and streak in user_stats, and the badges it earned. It throws on a
 * database failure; pages record through page-activity.server.ts, which never lets a failure break the page.
 * Why it works this way: docs/decisions/015-habit-streaks-and-badges.md.
 */

type RecordedActivity = {
  activity: { id: string; cardId: string | null; activityType: ActivityType; timestamp: string };
  newBadges: EarnedBadge[];
};

const STREAK_RETRIES = 5;

const streakColumns = {
  currentStreak: userStats.currentStreak,
  longestStreak: userStats.longestStreak,
  lastActivityDate: userStats.lastActivityDate,
  graceDay: userStats.graceDay,
};

async function readStreak(db: Database, userId: string): Promise<StreakState> {
  const [row] = await db.select(streakColumns).from(userStats).where(eq(userStats.userId, userId)).limit(1);
  return row ?? NO_STREAK;
}

function sameStreak(a: Omit<StreakState, "longestStreak">, b: Omit<StreakState, "longestStreak">): boolean {
  return a.currentStreak === b.currentStreak && a.lastActivityDate === b.lastActivityDate && a.graceDay === b.graceDay;
}

/**
 * The streak columns set to `next` only if the row still holds `read` (compare-and-set): a concurrent request
 * that moved the streak first is not overwritten, and the caller recomputes from what it wrote.
 */
function streakAssignments(read: StreakState, next: StreakState) {
  const unchanged = sql`(${userStats.lastActivityDate} IS ${read.lastActivityDate} AND ${userStats.currentStreak} = ${read.currentStreak} AND ${userStats.graceDay} IS ${read.graceDay})`;
  const setIf = <T>(value: T, column: typeof userStats.currentStreak | typeof userStats.lastActivityDate | typeof userStats.graceDay) =>
    sql`CASE WHEN ${unchanged} THEN ${value} ELSE ${column} END`;
  return {
    currentStreak: setIf(next.currentStreak, userStats.currentStreak),
    lastActivityDate: setIf(next.lastActivityDate, userStats.lastActivityDate),
    graceDay: setIf(next.graceDay, userStats.graceDay),
    longestStreak: sql`CASE WHEN ${unchanged} THEN max(${userStats.longestStreak}, ${next.currentStreak}) ELSE ${userStats.longestStreak} END`,
  };
}

/**
 * user_stats brought up to date: made if missing, its counters recomputed from the activity rows (never incremented,
 * so concurrent requests cannot lose a count), and `streak`'s columns set. For the end of a D1 batch that writes rows.
 */
function recountStatements(db: Database, userId: string, streak: Partial<Record<keyof typeof streakColumns, SQL>>) {
  const countOf = (type: ActivityType, distinctCards: boolean) =>
    sql<number>`(SELECT ${distinctCards ? sql`count(DISTINCT ${userActivity.cardId})` : sql`count(*)`} FROM ${userActivity} WHERE ${userActivity.userId} = ${userId} AND ${userActivity.activityType} = ${type})`;
  return [
    db.insert(userStats).values({ userId }).onConflictDoNothing({ target: userStats.userId }),
    db
      .update(userStats)
      .set({
        totalCardsViewed: countOf("view", true),
        totalScriptureReads: countOf("read_scripture", true),
        // Said aloud: a completed morning is the buyer's word that they said it (older rows: the Speak button).
        totalSpokenAffirmations: sql`${countOf("speak_aloud", false)} + ${countOf("practice", false)}`,
        totalFavorites: sql`(SELECT count(*) FROM ${userFavorites} WHERE ${userFavorites.userId} = ${userId})`,
        totalPractices: countOf("practice", false),
        totalEveningChecks: countOf("evening_check", false),
        totalCardsPractised: countOf("practice", true),
        ...streak,
      })
      .where(eq(userStats.userId, userId))
      .returning(streakColumns),
  ] as const;
}

/**
 * The statements that record one activity which moves no streak, for the caller to send in its own D1 batch beside
 * the change the activity belongs to, so the two land together or not at all (the evening check: its answer and its
 * count). `id` makes it happen once: an activity already recorded under that id is not recorded again, and the
 * insert's `returning` is then empty. Badges are the caller's to check afterwards (checkBadges).
 */
export function activityStatements(
  db: Database,
  input: { id: string; userId: string; cardId: string | SQL | null; activityType: Exclude<ActivityType, "practice">; now: Date },
) {
  return [
    db
      .insert(userActivity)
      .values({ id: input.id, userId: input.userId, cardId: input.cardId, activityType: input.activityType, timestamp: input.now })
      .onConflictDoNothing({ target: userActivity.id })
      .returning({ id: userActivity.id }),
    ...recountStatements(db, input.userId, {}),
  ] as const;
}

/**
 * Records one activity and brings user_stats up to date, then awards the badges it earned.
 * The activity row and the stats land in one D1 batch (atomic); the counters are recomputed from the rows
 * in that batch, never incremented, so concurrent requests cannot lose a count. The badges' reads end the same batch,
 * so they see its counts: an activity that moves no streak (a card opened) is one round trip, two when it earns a
 * badge. Throws on a database failure: callers on a page catch it so a failed record never breaks the page.
 */
export async function recordActivity(
  db: Database,
  input: {
    userId: string;
    cardId: string | null;
    activityType: ActivityType;
    metadata?: Record<string, unknown> | null;
    timeZone?: string | null;
    now?: Date;
  },
): Promise<RecordedActivity> {
  const now = input.now ?? new Date();
  const today = localDay(now, input.timeZone);
  const { userId } = input;
  // The streak counts practice, not page views (docs/decisions/015, amended by 040).
  const movesStreak = input.activityType === "practice";
  // Only practice reads the streak before writing: nothing else sets its columns.
  let read = movesStreak ? await readStreak(db, userId) : NO_STREAK;
  let next = movesStreak ? nextStreak(read, today) : read;
  const activityId = crypto.randomUUID();

  const [, , [written], ...badgeRows] = await db.batch([
    db.insert(userActivity).values({
      id: activityId,
      userId,
      cardId: input.cardId,
      activityType: input.activityType,
      timestamp: now,
      metadata: input.metadata ?? null,
    }),
    ...recountStatements(db, userId, movesStreak ? streakAssignments(read, next) : {}),
    ...badgeReads(db, userId),
  ]);

  // The row equals what we computed: ours landed, or a concurrent request already counted this day.
  // Otherwise recompute from the row as it now stands, a few times.
  let current: StreakState | undefined = written;
  let streakRewritten = false;
  for (let attempt = 0; movesStreak && current && !sameStreak(current, next) && attempt < STREAK_RETRIES; attempt++) {
    read = current;
    next = nextStreak(read, today);
    if (sameStreak(read, next)) break;
    [current] = await db.update(userStats).set(streakAssignments(read, next)).where(eq(userStats.userId, userId)).returning(streakColumns);
    streakRewritten = true;
  }

  // A streak written again after the batch may earn a streak badge its reads did not see: read them again then.
  const newBadges = streakRewritten ? await checkBadges(db, userId, { now }) : await awardBadges(db, userId, now, badgeRows);
  return {
    activity: { id: activityId, cardId: input.cardId, activityType: input.activityType, timestamp: now.toISOString() },
    newBadges,
  };
}

/** What deciding a user's badges reads, as queries: in a batch of their caller's, or batched together by checkBadges. */
function badgeReads(db: Database, userId: string) {
  return [
    badgeStatsQuery(db, userId),
    cardCountQuery(db),
    db
      .select({ ...BADGE_COLUMNS, requirement: badges.requirement })
      .from(badges)
      .where(eq(badges.isActive, true)),
    db.select({ badgeId: userBadges.badgeId }).from(userBadges).where(eq(userBadges.userId, userId)),
  ] as const;
}

/** Each query's rows, in the queries' order. */
type RowsOf<Queries extends readonly unknown[]> = { -readonly [Index in keyof Queries]: Awaited<Queries[Index]> };
type BadgeRows = RowsOf<ReturnType<typeof badgeReads>>;

/**
 * Awards every active badge whose requirement the user's stats meet, each exactly once: the unique index on
 * (user_id, badge_id) decides between concurrent calls, and only the rows this call inserted are returned.
 */
export async function checkBadges(db: Database, userId: string, options: { now?: Date } = {}): Promise<EarnedBadge[]> {
  const [stats, cardCount, activeBadges, already] = badgeReads(db, userId);
  const rows: BadgeRows = await Promise.all([
    batchedRead(db, stats),
    batchedRead(db, cardCount),
    batchedRead(db, activeBadges),
    batchedRead(db, already),
  ]);
  return awardBadges(db, userId, options.now ?? new Date(), rows);
}

async function awardBadges(db: Database, userId: string, earnedAt: Date, rows: BadgeRows): Promise<EarnedBadge[]> {
  const [statsRows, cardCountRows, activeBadges, already] = rows;
  const stats = badgeStatsFrom(statsRows);
  const cardCount = cardCountRows[0]?.value ?? 0;
  const owned = new Set(already.map((row) => row.badgeId));
  const due = activeBadges.flatMap(({ requirement, ...badge }) => {
    const progress = badgeProgress(requirement, stats, cardCount);
    return progress?.earned && !owned.has(badge.id) ? [{ badge, progress }] : [];
  });
  if (due.length === 0) return [];

  const inserts = due.map(({ badge, progress }) =>
    db
      .insert(userBadges)
      .values({ userId, badgeId: badge.id, earnedAt, progress: { current: progress.current, target: progress.target } })
      .onConflictDoNothing({ target: [userBadges.userId, userBadges.badgeId] })
      .returning({ badgeId: userBadges.badgeId }),
  );
  const [first, ...rest] = inserts;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  const inserted = new Set(results.flat().map((row) => row.badgeId));
  return due.filter(({ badge }) => inserted.has(badge.id)).map(({ badge }) => ({ badge, earnedAt: earnedAt.toISOString() }));
}
