/**
 * The user's calendar day. Streak days are counted in the user's own time zone (docs/decisions/000-product-rules.md,
 * Habit): the browser sends its IANA zone in the `lc_tz` cookie, the server checks it against the zones the
 * runtime knows and keeps it on the user; UTC when unknown. Client-safe: the root sets the cookie.
 */
export const TIME_ZONE_COOKIE = "lc_tz";
const DEFAULT_TIME_ZONE = "UTC";

/**
 * Intl's formatters, made once per zone and kind: building one costs far more than using it (a dashboard asks for a
 * dozen). Only zones the runtime knows are ever kept, so the map is bounded by its IANA database.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: "check" | "day" | "clock", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (kind === "day") {
      // en-CA formats dates as YYYY-MM-DD.
      formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } else if (kind === "clock") {
      formatter = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    } else {
      formatter = new Intl.DateTimeFormat("en-US", { timeZone });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** True for a zone name the runtime's IANA database knows ("Europe/Paris", "UTC"); false for anything else. */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== "string" || timeZone.length === 0 || timeZone.length > 64) return false;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return false;
  try {
    formatterFor("check", timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) that `now` falls on in `timeZone` (UTC when missing or unknown). */
export function localDay(now: Date, timeZone: string | null | undefined): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return formatterFor("day", zone).format(now);
}

/** The runtime's spelling of a zone it knows ("america/new_york" -> "America/New_York"), or null. */
export function knownTimeZone(timeZone: unknown): string | null {
  return isValidTimeZone(timeZone) ? formatterFor("check", timeZone).resolvedOptions().timeZone : null;
}

/** The zone to count days in: the requested one when valid, else the stored one when valid, else UTC. Stores nothing. */
export function preferredTimeZone(requested: string | null | undefined, stored: string | null | undefined): string {
  return knownTimeZone(requested) ?? (isValidTimeZone(stored) ? stored : DEFAULT_TIME_ZONE);
}

/** Zones' offsets are whole quarter hours: a day ends on one. */
const QUARTER_HOUR_SECONDS = 900;

/**
 * Seconds from `now` until the calendar day in `timeZone` ends (at least 1): midnight by the wall clock, moved by the
 * hour a daylight-saving change adds or takes away that day.
 */
export function secondsUntilDayEnds(now: Date, timeZone: string | null | undefined): number {
  const { day, minutes } = localClock(now, timeZone);
  const later = (seconds: number) => localDay(new Date(now.getTime() + seconds * 1000), timeZone);
  const intoMinute = (now.getTime() % 60_000) / 1000;
  let seconds = Math.max(1, Math.ceil(24 * 3600 - minutes * 60 - intoMinute));
  while (later(seconds) === day) seconds += QUARTER_HOUR_SECONDS;
  while (seconds > QUARTER_HOUR_SECONDS && later(seconds - QUARTER_HOUR_SECONDS) !== day) seconds -= QUARTER_HOUR_SECONDS;
  return seconds;
}

/**
 * The wall clock in `timeZone` at `now` (UTC when missing or unknown): the calendar day and the minutes since local
 * midnight. Intl applies the zone's daylight-saving rules, so 7:00 in New York is 12:00 UTC in winter, 11:00 in summer.
 */
export function localClock(now: Date, timeZone: string | null | undefined): { day: string; minutes: number } {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = formatterFor("clock", zone).formatToParts(now);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { day: localDay(now, zone), minutes: value("hour") * 60 + value("minute") };
}
