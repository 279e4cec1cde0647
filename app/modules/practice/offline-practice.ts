/**
 * /today in the installed app without a network (docs/decisions/045-practice-listen-and-offline.md, Offline): its forms are
 * refused plainly, the buyer's words left in their boxes, and a practice kept from another day says so. Client-safe.
 */

/** Under the form that was refused, by its intent. */
export const OFFLINE_NOT_SAVED: Record<string, string> = {
  reflect: "You're offline: your reflection was not saved. It is still in the box; save it when you're back online.",
  "said-aloud": "You're offline: “I said it aloud” was not recorded. Tap it again when you're back online today.",
  evening: "You're offline: your evening check was not saved. Your answer is still here; save it when you're back online.",
};

export type KeptDayNotice =
  /** Offline, on the day the page was drawn for: the steps are all there, saving waits for the network. */
  | { kind: "offline" }
  /** Offline with a page drawn for another day (the last one opened online): said, never passed off as today's. */
  | { kind: "offline-other-day"; day: string }
  /** Online, but the page was drawn for another day (left open past midnight): today's is one load away. */
  | { kind: "other-day"; day: string };

/** What the page says about the day it shows, if anything: `pageDay` the server's, `deviceDay` the phone's own. */
export function keptDayNotice(input: { pageDay: string; deviceDay: string; online: boolean }): KeptDayNotice | null {
  const sameDay = input.pageDay === input.deviceDay;
  if (input.online) return sameDay ? null : { kind: "other-day", day: input.pageDay };
  return sameDay ? { kind: "offline" } : { kind: "offline-other-day", day: input.pageDay };
}

/** Made when first needed: a renderer's first Intl formatter loads its zone data (decision 031). */
let dayFormat: Intl.DateTimeFormat | null = null;

/** A practice day (YYYY-MM-DD) as a person says it: "Thursday, November 26". */
export function spokenDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
  return dayFormat.format(date);
}
