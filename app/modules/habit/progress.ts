import type { ActivityType } from "#db/schema";

/** The shapes the habit engine answers with (client-safe: the dashboard's progress panel renders them). */
export type BadgeSummary = { id: string; name: string; description: string; icon: string; category: string };
export type EarnedBadge = { badge: BadgeSummary; earnedAt: string };

export type StatsView = {
  totalCardsViewed: number;
  totalScriptureReads: number;
  totalSpokenAffirmations: number;
  totalFavorites: number;
  currentStreak: number;
  longestStreak: number;
  graceDay: string | null;
  atRisk: boolean;
  lastActivityDate: string | null;
};

export type ActivityItem = {
  id: string;
  cardId: string | null;
  cardTitle: string | null;
  activityType: ActivityType;
  timestamp: string;
  metadata: Record<string, unknown> | null;
};
export type ActivityPage = { items: ActivityItem[]; page: number; pageSize: number; hasMore: boolean };

export type BadgeList = {
  earned: EarnedBadge[];
  next: { badge: BadgeSummary; current: number; target: number } | null;
  all: { badge: BadgeSummary; earned: boolean; current: number; target: number }[];
};
