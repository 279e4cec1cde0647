/**
 * Streak days as a user with a script plays them (docs/decisions/015-habit-streaks-and-badges.md). The day counts in
 * the browser's zone, so three posts in a minute (activity then, the practice's "I said it aloud" now) with the zones furthest west, in the middle and furthest
 * east once counted three calendar days: a 3-day streak and its badge in seconds, and a last-activity date a day in
 * the future. A browser may move the user's zone at most once a day, and a change never moves the streak's day
 * ahead: afterwards the user has a 1-day streak, no streak badge, and no day later than their own calendar's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { localDay } from "~/modules/users/time-zone";
import { postForm } from "../helpers";
import { api, buyer } from "../library-support";

const badgesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT badge_id FROM user_badges WHERE user_id = ?").bind(userId).all<{ badge_id: string }>()).results.map(
    (row) => row.badge_id,
  );

describe("switching time zones", () => {
  it("three zone changes in a minute earn no streak, no badge, and no day in the future", async () => {
    // The streak counts the practice: three mornings "said aloud" from three zones within a minute.
    const me = await buyer("zones");
    const earned: string[] = [];
    for (const timeZone of ["Etc/GMT+12", "UTC", "Etc/GMT-14"]) {
      const response = await postForm(
        "/today",
        { intent: "said-aloud" },
        { cookie: `${me.cookie}; lc_tz=${encodeURIComponent(timeZone)}` },
      );
      expect(response.status).toBe(302);
      earned.push(...(await badgesOf(me.id)));
    }
    const stats = (await (await api(`/api/user/${me.id}/stats`, { token: me.token })).json()) as {
      currentStreak: number;
      longestStreak: number;
      lastActivityDate: string;
    };
    expect({ current: stats.currentStreak, longest: stats.longestStreak }).toEqual({ current: 1, longest: 1 });
    expect(earned.filter((id) => /streak/i.test(id))).toEqual([]);
    const practised = await env.DB.prepare("SELECT count(*) AS n FROM practice_days WHERE user_id = ?").bind(me.id).first<{ n: number }>();
    expect(practised?.n).toBe(1);
    const stored = await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(me.id).first<{ time_zone: string }>();
    expect(stats.lastActivityDate <= localDay(new Date(), stored?.time_zone)).toBe(true);
  });
});
