/**
 * Streak days as a user with a script plays them (docs/decisions/015-habit-streaks-and-badges.md). The day counts in
 * the browser's zone, so three activity posts in a minute with the zones furthest west, in the middle and furthest
 * east once counted three calendar days: a 3-day streak and its badge in seconds, and a last-activity date a day in
 * the future. A browser may move the user's zone at most once a day, and a change never moves the streak's day
 * ahead: afterwards the user has a 1-day streak, no streak badge, and no day later than their own calendar's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localDay } from "~/modules/users/time-zone";
import { api, previewCardIds, signedInUser } from "../library-support";

describe("switching time zones", () => {
  it("three zone changes in a minute earn no streak, no badge, and no day in the future", async () => {
    const me = await signedInUser("zones");
    const [cardId] = await previewCardIds();
    const earned: string[] = [];
    for (const timeZone of ["Etc/GMT+12", "UTC", "Etc/GMT-14"]) {
      const response = await api("/api/activity", {
        token: me.token,
        method: "POST",
        body: JSON.stringify({ cardId, activityType: "view", timeZone }),
      });
      expect(response.status).toBe(201);
      earned.push(...((await response.json()) as { newBadges: { name: string }[] }).newBadges.map((badge) => badge.name));
    }
    const stats = (await (await api(`/api/user/${me.id}/stats`, { token: me.token })).json()) as {
      currentStreak: number;
      longestStreak: number;
      lastActivityDate: string;
    };
    expect({ current: stats.currentStreak, longest: stats.longestStreak }).toEqual({ current: 1, longest: 1 });
    expect(earned.filter((name) => /streak|day/i.test(name))).toEqual([]);
    const stored = await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(me.id).first<{ time_zone: string }>();
    expect(stats.lastActivityDate <= localDay(new Date(), stored?.time_zone)).toBe(true);
  });
});
