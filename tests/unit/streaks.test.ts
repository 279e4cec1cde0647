import { describe, expect, it } from "vitest";
import seedBadges from "#db/seed/badges.json";
import { type BadgeStats, badgeProgress } from "~/modules/habit/badges";
import { addDays, nextStreak, type StreakState, streakOn } from "~/modules/habit/streaks";
import { preferredTimeZone } from "~/modules/users/time-zone";

const fresh: StreakState = { currentStreak: 0, longestStreak: 0, lastActivityDate: null, graceDay: null };

/** The state after activity on each day in turn. */
function activeOn(...days: string[]): StreakState {
  return days.reduce(nextStreak, fresh);
}

describe("nextStreak", () => {
  it("starts at 1 and adds one for each following day, across month and year ends", () => {
    expect(activeOn("2025-12-30")).toEqual({ currentStreak: 1, longestStreak: 1, lastActivityDate: "2025-12-30", graceDay: null });
    expect(activeOn("2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02").currentStreak).toBe(4);
    expect(activeOn("2028-02-28", "2028-02-29", "2028-03-01").currentStreak).toBe(3);
  });

  it("counts a day once however many times the user comes back that day", () => {
    const once = activeOn("2026-05-01", "2026-05-02");
    expect(nextStreak(once, "2026-05-02")).toEqual(once);
    expect(activeOn("2026-05-01", "2026-05-02", "2026-05-02", "2026-05-02", "2026-05-03").currentStreak).toBe(3);
  });

  it("forgives one missed day, counts it in the streak and shows it as the grace day", () => {
    const state = activeOn("2026-05-01", "2026-05-02", "2026-05-04");
    expect(state).toEqual({ currentStreak: 4, longestStreak: 4, lastActivityDate: "2026-05-04", graceDay: "2026-05-03" });
    expect(streakOn(state, "2026-05-04")).toEqual({ current: 4, longest: 4, graceDay: "2026-05-03", atRisk: false });
  });

  it("breaks the streak on a second missed day within seven days of the first", () => {
    const afterGrace = activeOn("2026-05-01", "2026-05-02", "2026-05-04", "2026-05-05");
    expect(afterGrace.currentStreak).toBe(5);
    // 05-07 is missed four days after the forgiven 05-03.
    const broken = nextStreak(afterGrace, "2026-05-08");
    expect(broken).toEqual({ currentStreak: 1, longestStreak: 5, lastActivityDate: "2026-05-08", graceDay: "2026-05-03" });
  });

  it("forgives again once seven days have passed since the last grace day", () => {
    let state = activeOn("2026-05-01", "2026-05-03"); // grace 05-02
    expect(state.graceDay).toBe("2026-05-02");
    for (let day = 4; day <= 8; day++) state = nextStreak(state, `2026-05-0${day}`);
    // 05-09 is missed: seven days after 05-02, so a new window.
    state = nextStreak(state, "2026-05-10");
    expect(state).toEqual({ currentStreak: 10, longestStreak: 10, lastActivityDate: "2026-05-10", graceDay: "2026-05-09" });

    // Six days after would have been too soon.
    let tooSoon = activeOn("2026-05-01", "2026-05-03");
    for (let day = 4; day <= 7; day++) tooSoon = nextStreak(tooSoon, `2026-05-0${day}`);
    expect(nextStreak(tooSoon, "2026-05-09").currentStreak).toBe(1);
  });

  it("starts again at 1 after two missed days in a row", () => {
    expect(activeOn("2026-05-01", "2026-05-02", "2026-05-05")).toEqual({
      currentStreak: 1,
      longestStreak: 2,
      lastActivityDate: "2026-05-05",
      graceDay: null,
    });
  });

  it("leaves the streak alone when the user's day goes back (flying west), and the last day never moves back", () => {
    const state = activeOn("2026-05-01", "2026-05-02");
    expect(nextStreak(state, "2026-05-01")).toEqual(state);
    expect(nextStreak(nextStreak(state, "2026-05-01"), "2026-05-03").currentStreak).toBe(3);
  });

  it("keeps the longest streak when a shorter one follows", () => {
    const state = activeOn("2026-05-01", "2026-05-02", "2026-05-03", "2026-05-10", "2026-05-11");
    expect(state.currentStreak).toBe(2);
    expect(state.longestStreak).toBe(3);
  });
});

describe("streakOn", () => {
  const state = activeOn("2026-05-01", "2026-05-02", "2026-05-03");

  it("shows the streak alive on the last day and the day after", () => {
    expect(streakOn(state, "2026-05-03")).toEqual({ current: 3, longest: 3, graceDay: null, atRisk: false });
    expect(streakOn(state, "2026-05-04")).toEqual({ current: 3, longest: 3, graceDay: null, atRisk: false });
  });

  it("shows it at risk after one missed day while a grace day is available, and lapsed to 0 after two", () => {
    expect(streakOn(state, "2026-05-05")).toEqual({ current: 3, longest: 3, graceDay: null, atRisk: true });
    expect(streakOn(state, "2026-05-06")).toEqual({ current: 0, longest: 3, graceDay: null, atRisk: false });
  });

  it("shows it lapsed after one missed day when the grace day was used within seven days", () => {
    const graced = activeOn("2026-05-01", "2026-05-03", "2026-05-04");
    expect(streakOn(graced, "2026-05-06")).toEqual({ current: 0, longest: 4, graceDay: null, atRisk: false });
  });

  it("shows the grace day only while it lies inside the current streak", () => {
    const graced = activeOn("2026-05-01", "2026-05-03");
    expect(streakOn(graced, "2026-05-04").graceDay).toBe("2026-05-02");
    const restarted = nextStreak(graced, "2026-05-20");
    expect(restarted.graceDay).toBe("2026-05-02");
    expect(streakOn(restarted, "2026-05-20").graceDay).toBeNull();
  });

  it("is empty for a user with no activity", () => {
    expect(streakOn(fresh, "2026-05-01")).toEqual({ current: 0, longest: 0, graceDay: null, atRisk: false });
  });
});

describe("addDays", () => {
  it("moves by calendar days, ignoring clocks and daylight saving", () => {
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });
});

describe("preferredTimeZone", () => {
  it("takes a valid requested zone, else the stored one, else UTC", () => {
    expect(preferredTimeZone("Pacific/Auckland", "Europe/Paris")).toBe("Pacific/Auckland");
    expect(preferredTimeZone("Mars/Olympus_Mons", "Europe/Paris")).toBe("Europe/Paris");
    expect(preferredTimeZone(null, "Not/AZone")).toBe("UTC");
    expect(preferredTimeZone(undefined, null)).toBe("UTC");
  });
});

describe("badgeProgress", () => {
  const none: BadgeStats = {
    totalCardsViewed: 0,
    totalScriptureReads: 0,
    totalSpokenAffirmations: 0,
    totalFavorites: 0,
    totalPractices: 0,
    totalEveningChecks: 0,
    totalCardsPractised: 0,
    longestStreak: 0,
  };

  it("reads each requirement type from its counter", () => {
    expect(badgeProgress({ type: "cards_viewed", count: 10 }, { ...none, totalCardsViewed: 4 }, 50)).toEqual({
      current: 4,
      target: 10,
      earned: false,
    });
    expect(badgeProgress({ type: "spoken_affirmations", count: 1 }, { ...none, totalSpokenAffirmations: 1 }, 50)?.earned).toBe(true);
    expect(badgeProgress({ type: "scripture_reads", count: 10 }, { ...none, totalScriptureReads: 9 }, 50)?.earned).toBe(false);
    expect(badgeProgress({ type: "favorites", count: 5 }, { ...none, totalFavorites: 6 }, 50)).toEqual({
      current: 5,
      target: 5,
      earned: true,
    });
    expect(badgeProgress({ type: "streak", days: 7 }, { ...none, longestStreak: 7 }, 50)?.earned).toBe(true);
    expect(badgeProgress({ type: "streak", days: 7 }, { ...none, totalCardsViewed: 7, longestStreak: 6 }, 50)?.earned).toBe(false);
    expect(badgeProgress({ type: "practices", count: 7 }, { ...none, totalPractices: 7 }, 50)?.earned).toBe(true);
    expect(badgeProgress({ type: "evening_checks", count: 7 }, { ...none, totalEveningChecks: 6 }, 50)?.earned).toBe(false);
  });

  it('takes "all" to mean the number of cards in the collection', () => {
    const all = { type: "cards_viewed", count: "all" };
    expect(badgeProgress(all, { ...none, totalCardsViewed: 49 }, 50)).toEqual({ current: 49, target: 50, earned: false });
    expect(badgeProgress(all, { ...none, totalCardsViewed: 51 }, 51)?.earned).toBe(true);
    expect(badgeProgress(all, none, 0)).toBeNull();
    const everyCardPractised = { type: "cards_practised", count: "all" };
    expect(badgeProgress(everyCardPractised, { ...none, totalCardsPractised: 55, totalCardsViewed: 56 }, 56)?.earned).toBe(false);
    expect(badgeProgress(everyCardPractised, { ...none, totalCardsPractised: 56 }, 56)?.earned).toBe(true);
  });

  it("never awards an unknown or malformed requirement", () => {
    const everything: BadgeStats = {
      totalCardsViewed: 999,
      totalScriptureReads: 999,
      totalSpokenAffirmations: 999,
      totalFavorites: 999,
      totalPractices: 999,
      totalEveningChecks: 999,
      totalCardsPractised: 999,
      longestStreak: 999,
    };
    expect(badgeProgress({ type: "shares", count: 1 }, everything, 50)).toBeNull();
    expect(badgeProgress({ type: "toString", count: 1 }, everything, 50)).toBeNull();
    expect(badgeProgress({ type: "favorites", count: "all" }, everything, 50)).toBeNull();
    expect(badgeProgress({ type: "streak" }, everything, 50)).toBeNull();
    expect(badgeProgress({ type: "cards_viewed", count: 0 }, everything, 50)).toBeNull();
  });

  it("understands every requirement in the seed", () => {
    for (const badge of seedBadges) expect(badgeProgress(badge.requirement, none, 50), badge.id).not.toBeNull();
  });
});
