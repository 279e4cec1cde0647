import { asc, desc, eq, sql } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { affirmationCards, badges, userActivity, userBadges, userStats } from "#db/schema";
import { type Owner, ownerIdSql } from "~/modules/auth/owner.server";
import { countCards } from "~/modules/cards/cards.server";
import { localDay } from "~/modules/users/time-zone";
import { type BadgeStats, badgeProgress } from "./badges";
import type { ActivityPage, BadgeList, StatsView } from "./progress";
import { type StreakState, streakOn } from "./streaks";

/**
 * What a user's habit looks like: stats, streak, badges and recent activity, read together in one round trip
 * (db/batch.ts). Each read takes an owner (owner.server.ts), so a page can start them with the session's check.
 * Why the numbers work this way: docs/decisions/015-habit-streaks-and-badges.md.
 */

export type { ActivityItem, ActivityPage, BadgeList, BadgeSummary, EarnedBadge, StatsView } from "./progress";

export const BADGE_COLUMNS = {
  id: badges.id,
  name: badges.name,
  description: badges.description,
  icon: badges.icon,
  category: badges.category,
};

export const NO_STREAK: StreakState = { currentStreak: 0, longestStreak: 0, lastActivityDate: null, graceDay: null };

const NO_BADGE_STATS: BadgeStats = {
  totalCardsViewed: 0,
  totalScriptureReads: 0,
  totalSpokenAffirmations: 0,
  totalFavorites: 0,
  totalPractices: 0,
  totalEveningChecks: 0,
  totalCardsPractised: 0,
  longestStreak: 0,
};

/** The counters badges are earned by, as a query a caller may put in a batch of its own (recordActivity does). */
export function badgeStatsQuery(db: Database, owner: Owner) {
  return db
    .select({
      totalCardsViewed: userStats.totalCardsViewed,
      totalScriptureReads: userStats.totalScriptureReads,
      totalSpokenAffirmations: userStats.totalSpokenAffirmations,
      totalFavorites: userStats.totalFavorites,
      totalPractices: userStats.totalPractices,
      totalEveningChecks: userStats.totalEveningChecks,
      totalCardsPractised: userStats.totalCardsPractised,
      longestStreak: userStats.longestStreak,
    })
    .from(userStats)
    .where(eq(userStats.userId, ownerIdSql(owner)))
    .limit(1);
}

/** The counters from `badgeStatsQuery`'s rows: zero for a user with no stats row yet. */
export function badgeStatsFrom(rows: BadgeStats[]): BadgeStats {
  return rows[0] ?? NO_BADGE_STATS;
}

export async function readBadgeStats(db: Database, owner: Owner): Promise<BadgeStats> {
  return badgeStatsFrom(await batchedRead(db, badgeStatsQuery(db, owner)));
}

type StatsOptions = { timeZone: string | null | Promise<string | null>; now?: Date };

/**
 * The user's stats as they stand on today's date in `timeZone`: a lapsed streak shows 0. Zeros for a new user.
 * The zone may still be on its way (a page's read starts before the user's own row is in: getUserWith).
 */
export async function getStats(db: Database, owner: Owner, options: StatsOptions): Promise<StatsView> {
  const [row] = await batchedRead(
    db,
    db
      .select()
      .from(userStats)
      .where(eq(userStats.userId, ownerIdSql(owner)))
      .limit(1),
  );
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
export async function listActivity(db: Database, owner: Owner, options: { page: number; pageSize: number }): Promise<ActivityPage> {
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
      .where(eq(userActivity.userId, ownerIdSql(owner)))
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
export async function listBadges(db: Database, owner: Owner, options: { cardCount?: number } = {}): Promise<BadgeList> {
  const [stats, cardCount, allBadges, earnedRows] = await Promise.all([
    readBadgeStats(db, owner),
    options.cardCount ?? countCards(db),
    batchedRead(
      db,
      db
        .select({ ...BADGE_COLUMNS, requirement: badges.requirement, isActive: badges.isActive })
        .from(badges)
        .orderBy(asc(sql`${badges}.rowid`)),
    ),
    batchedRead(
      db,
      db
        .select({ badgeId: userBadges.badgeId, earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .where(eq(userBadges.userId, ownerIdSql(owner)))
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
export async function getProgress(db: Database, owner: Owner, options: StatsOptions) {
  const [stats, badgeList, recent] = await Promise.all([
    getStats(db, owner, options),
    listBadges(db, owner),
    listActivity(db, owner, { page: 1, pageSize: 5 }),
  ]);
  return { stats, badges: badgeList, recentActivity: recent.items };
}
