import { asc, desc, eq, sql } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type ActivityType, affirmationCards, badges, type User, userActivity, userBadges, userFavorites, userStats } from "#db/schema";
import { countCards } from "~/modules/cards/cards.server";
import { isValidTimeZone, localDay, preferredTimeZone } from "~/modules/users/time-zone";
import { updateUser } from "~/modules/users/users.server";
import { type BadgeStats, badgeProgress } from "./badges";
import type { ActivityPage, BadgeList, EarnedBadge, StatsView } from "./progress";
import { nextStreak, type StreakState, streakOn } from "./streaks";

/**
 * The habit engine: activity, the counters and streak in user_stats, badges.
 * Why it works this way: docs/decisions/015-habit-streaks-and-badges.md.
 */

export type { ActivityItem, ActivityPage, BadgeList, BadgeSummary, EarnedBadge, StatsView } from "./progress";

type RecordedActivity = {
  activity: { id: string; cardId: string | null; activityType: ActivityType; timestamp: string };
  newBadges: EarnedBadge[];
};

const STREAK_RETRIES = 5;

const badgeColumns = {
  id: badges.id,
  name: badges.name,
  description: badges.description,
  icon: badges.icon,
  category: badges.category,
};

const streakColumns = {
  currentStreak: userStats.currentStreak,
  longestStreak: userStats.longestStreak,
  lastActivityDate: userStats.lastActivityDate,
  graceDay: userStats.graceDay,
};

const NO_STREAK: StreakState = { currentStreak: 0, longestStreak: 0, lastActivityDate: null, graceDay: null };

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
 * Records one activity and brings user_stats up to date, then awards the badges it earned.
 * The activity row and the stats land in one D1 batch (atomic); the counters are recomputed from the rows
 * in that batch, never incremented, so concurrent requests cannot lose a count. Throws on a database
 * failure: callers on a page catch it so a failed record never breaks the page.
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
  let read = await readStreak(db, userId);
  let next = nextStreak(read, today);
  const activityId = crypto.randomUUID();

  const countOf = (type: ActivityType, distinctCards: boolean) =>
    sql<number>`(SELECT ${distinctCards ? sql`count(DISTINCT ${userActivity.cardId})` : sql`count(*)`} FROM ${userActivity} WHERE ${userActivity.userId} = ${userId} AND ${userActivity.activityType} = ${type})`;

  const [, , [written]] = await db.batch([
    db.insert(userActivity).values({
      id: activityId,
      userId,
      cardId: input.cardId,
      activityType: input.activityType,
      timestamp: now,
      metadata: input.metadata ?? null,
    }),
    db.insert(userStats).values({ userId }).onConflictDoNothing({ target: userStats.userId }),
    db
      .update(userStats)
      .set({
        totalCardsViewed: countOf("view", true),
        totalScriptureReads: countOf("read_scripture", true),
        totalSpokenAffirmations: countOf("speak_aloud", false),
        totalFavorites: sql`(SELECT count(*) FROM ${userFavorites} WHERE ${userFavorites.userId} = ${userId})`,
        ...streakAssignments(read, next),
      })
      .where(eq(userStats.userId, userId))
      .returning(streakColumns),
  ]);

  // The row equals what we computed: ours landed, or a concurrent request already counted this day.
  // Otherwise recompute from the row as it now stands, a few times.
  let current: StreakState | undefined = written;
  for (let attempt = 0; current && !sameStreak(current, next) && attempt < STREAK_RETRIES; attempt++) {
    read = current;
    next = nextStreak(read, today);
    if (sameStreak(read, next)) break;
    [current] = await db.update(userStats).set(streakAssignments(read, next)).where(eq(userStats.userId, userId)).returning(streakColumns);
  }

  const newBadges = await checkBadges(db, userId, { now });
  return {
    activity: { id: activityId, cardId: input.cardId, activityType: input.activityType, timestamp: now.toISOString() },
    newBadges,
  };
}

async function readBadgeStats(db: Database, userId: string): Promise<BadgeStats> {
  const [row] = await batchedRead(
    db,
    db
      .select({
        totalCardsViewed: userStats.totalCardsViewed,
        totalScriptureReads: userStats.totalScriptureReads,
        totalSpokenAffirmations: userStats.totalSpokenAffirmations,
        totalFavorites: userStats.totalFavorites,
        longestStreak: userStats.longestStreak,
      })
      .from(userStats)
      .where(eq(userStats.userId, userId))
      .limit(1),
  );
  return row ?? { totalCardsViewed: 0, totalScriptureReads: 0, totalSpokenAffirmations: 0, totalFavorites: 0, longestStreak: 0 };
}

/**
 * Awards every active badge whose requirement the user's stats meet, each exactly once: the unique index on
 * (user_id, badge_id) decides between concurrent calls, and only the rows this call inserted are returned.
 */
export async function checkBadges(db: Database, userId: string, options: { now?: Date } = {}): Promise<EarnedBadge[]> {
  const earnedAt = options.now ?? new Date();
  const [stats, cardCount, activeBadges, already] = await Promise.all([
    readBadgeStats(db, userId),
    countCards(db),
    db
      .select({ ...badgeColumns, requirement: badges.requirement })
      .from(badges)
      .where(eq(badges.isActive, true)),
    db.select({ badgeId: userBadges.badgeId }).from(userBadges).where(eq(userBadges.userId, userId)),
  ]);
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

type StatsOptions = { timeZone: string | null | Promise<string | null>; now?: Date };

/**
 * The user's stats as they stand on today's date in `timeZone`: a lapsed streak shows 0. Zeros for a new user.
 * The zone may still be on its way (a page's read starts before the user's own row is in: getUserWith).
 */
export async function getStats(db: Database, userId: string, options: StatsOptions): Promise<StatsView> {
  const [row] = await batchedRead(db, db.select().from(userStats).where(eq(userStats.userId, userId)).limit(1));
  const timeZone = await options.timeZone;
  const stats = row ?? {
    totalCardsViewed: 0,
    totalScriptureReads: 0,
    totalSpokenAffirmations: 0,
    totalFavorites: 0,
    ...NO_STREAK,
  };
  const streak = streakOn(stats, localDay(options.now ?? new Date(), timeZone));
  return {
    totalCardsViewed: stats.totalCardsViewed,
    totalScriptureReads: stats.totalScriptureReads,
    totalSpokenAffirmations: stats.totalSpokenAffirmations,
    totalFavorites: stats.totalFavorites,
    currentStreak: streak.current,
    longestStreak: streak.longest,
    graceDay: streak.graceDay,
    atRisk: streak.atRisk,
    lastActivityDate: stats.lastActivityDate,
  };
}

/** The user's activity, newest first, with each card's title (null once a card is gone). */
export async function listActivity(db: Database, userId: string, options: { page: number; pageSize: number }): Promise<ActivityPage> {
  const page = Math.max(1, Math.floor(options.page));
  const pageSize = Math.max(1, Math.floor(options.pageSize));
  // The columns' names differ (the card's `title` beside the activity's own), as a batched read needs.
  const rows = await batchedRead(
    db,
    db
      .select({
        id: userActivity.id,
        cardId: userActivity.cardId,
        cardTitle: affirmationCards.title,
        activityType: userActivity.activityType,
        timestamp: userActivity.timestamp,
        metadata: userActivity.metadata,
      })
      .from(userActivity)
      .leftJoin(affirmationCards, eq(affirmationCards.id, userActivity.cardId))
      .where(eq(userActivity.userId, userId))
      // rowid breaks ties between rows of the same millisecond: insertion order.
      .orderBy(desc(userActivity.timestamp), desc(sql`${userActivity}.rowid`))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
  );
  return {
    items: rows.slice(0, pageSize).map((row) => ({ ...row, cardTitle: row.cardTitle ?? null, timestamp: row.timestamp.toISOString() })),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/**
 * Every active badge with the user's progress, the badges earned (newest first), and `next`: the unearned
 * badge closest to completion (highest current/target).
 */
export async function listBadges(db: Database, userId: string, options: { cardCount?: number } = {}): Promise<BadgeList> {
  const [stats, cardCount, allBadges, earnedRows] = await Promise.all([
    readBadgeStats(db, userId),
    options.cardCount ?? countCards(db),
    batchedRead(
      db,
      db
        .select({ ...badgeColumns, requirement: badges.requirement, isActive: badges.isActive })
        .from(badges)
        .orderBy(asc(sql`${badges}.rowid`)),
    ),
    batchedRead(
      db,
      db
        .select({ badgeId: userBadges.badgeId, earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .where(eq(userBadges.userId, userId))
        .orderBy(desc(userBadges.earnedAt)),
    ),
  ]);
  const byId = new Map(allBadges.map(({ requirement, isActive, ...badge }) => [badge.id, { badge, requirement, isActive }]));
  const earnedIds = new Set(earnedRows.map((row) => row.badgeId));

  const earned = earnedRows.flatMap((row) => {
    const entry = byId.get(row.badgeId);
    return entry ? [{ badge: entry.badge, earnedAt: row.earnedAt.toISOString() }] : [];
  });
  const all = [...byId.values()].flatMap(({ badge, requirement, isActive }) => {
    const progress = badgeProgress(requirement, stats, cardCount);
    const isEarned = earnedIds.has(badge.id);
    if (!isActive && !isEarned) return [];
    const target = progress?.target ?? 0;
    return [{ badge, earned: isEarned, current: isEarned ? target : (progress?.current ?? 0), target }];
  });
  let next: BadgeList["next"] = null;
  for (const entry of all) {
    if (entry.earned || entry.target <= 0) continue;
    if (!next || entry.current / entry.target > next.current / next.target) {
      next = { badge: entry.badge, current: entry.current, target: entry.target };
    }
  }
  return { earned, next, all };
}

/** The dashboard's data in one call: stats, badges and the 5 newest activities. */
export async function getProgress(db: Database, userId: string, options: StatsOptions) {
  const [stats, badgeList, recent] = await Promise.all([
    getStats(db, userId, options),
    listBadges(db, userId),
    listActivity(db, userId, { page: 1, pageSize: 5 }),
  ]);
  return { stats, badges: badgeList, recentActivity: recent.items };
}

/** A browser may move a user's zone at most this often (three zones in a minute made a 3-day streak). */
const TIME_ZONE_CHANGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The zone to count this user's days in: the requested one when the runtime knows it (kept on the user when it
 * changed), else the stored one, else UTC. A change is accepted at most once per TIME_ZONE_CHANGE_INTERVAL_MS (a
 * refused one counts in the stored zone), and on the day of a change the activity counts in whichever of the two
 * zones is on the earlier day, so moving east never pushes the streak's day ahead of the user's real calendar.
 */
export async function rememberTimeZone(
  db: Database,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  requested: string | null | undefined,
  now: Date = new Date(),
): Promise<string> {
  const zone = preferredTimeZone(requested, user.timeZone);
  // Intl's spelling is stored, so "america/new_york" and "America/New_York" are one zone.
  if (!isValidTimeZone(requested) || zone === user.timeZone) return zone;
  const stored = user.timeZone;
  const changedAt = user.timeZoneChangedAt?.getTime() ?? null;
  if (stored && changedAt !== null && now.getTime() - changedAt < TIME_ZONE_CHANGE_INTERVAL_MS) return stored;
  await updateUser(db, user.id, { timeZone: zone, timeZoneChangedAt: now });
  if (!stored) return zone;
  return localDay(now, zone) <= localDay(now, stored) ? zone : stored;
}
