/**
 * Streaks, counted in calendar days of the user's own zone (YYYY-MM-DD, see time-zone.ts). Pure and client-safe.
 * The rules and why: docs/decisions/015-habit-streaks-and-badges.md.
 */
export type StreakState = { currentStreak: number; longestStreak: number; lastActivityDate: string | null; graceDay: string | null };

type StreakView = { current: number; longest: number; graceDay: string | null; atRisk: boolean };

/** A forgiven missed day must be at least this many days after the previous one: one per seven-day window. */
const GRACE_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day, by the calendar alone (no clock, no zone). */
function dayNumber(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  return Math.round(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Whether `missedDay` may be forgiven: no grace day in the seven-day window that ends on it. */
function graceAvailable(graceDay: string | null, missedDay: string): boolean {
  return graceDay === null || daysBetween(graceDay, missedDay) >= GRACE_WINDOW_DAYS;
}

/** The state after activity on `today`. */
export function nextStreak(state: StreakState, today: string): StreakState {
  const last = state.lastActivityDate;
  let current: number;
  let graceDay = state.graceDay;
  if (last === null) {
    current = 1;
  } else {
    const gap = daysBetween(last, today);
    // Same day, or an earlier day after flying west: the streak already counts it.
    if (gap <= 0) return state;
    if (gap === 1) {
      current = state.currentStreak + 1;
    } else if (gap === 2 && state.currentStreak > 0 && graceAvailable(state.graceDay, addDays(last, 1))) {
      // One missed day, forgiven: it counts as a day of the streak.
      graceDay = addDays(last, 1);
      current = state.currentStreak + 2;
    } else {
      current = 1;
    }
  }
  return { currentStreak: current, longestStreak: Math.max(state.longestStreak, current), lastActivityDate: today, graceDay };
}

/**
 * The streak as it stands on `today` without new activity: alive when the last activity was today or
 * yesterday; at risk when yesterday was missed and a grace day is still available (activity today keeps it);
 * otherwise lapsed (0). `graceDay` only when it lies inside the current streak.
 */
export function streakOn(state: StreakState, today: string): StreakView {
  const last = state.lastActivityDate;
  const lapsed = { current: 0, longest: state.longestStreak, graceDay: null, atRisk: false };
  if (last === null || state.currentStreak <= 0) return lapsed;
  const gap = daysBetween(last, today);
  let atRisk = false;
  if (gap === 2 && graceAvailable(state.graceDay, addDays(last, 1))) atRisk = true;
  else if (gap > 1) return lapsed;
  const start = addDays(last, 1 - state.currentStreak);
  const graceDay =
    state.graceDay !== null && daysBetween(start, state.graceDay) >= 0 && daysBetween(state.graceDay, last) >= 0 ? state.graceDay : null;
  return { current: state.currentStreak, longest: Math.max(state.longestStreak, state.currentStreak), graceDay, atRisk };
}
