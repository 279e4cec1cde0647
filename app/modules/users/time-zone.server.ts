import type { Database } from "#db/client";
import type { User } from "#db/schema";
import { rawCookie } from "~/modules/http/cookies.server";
import { isValidTimeZone, localDay, preferredTimeZone, TIME_ZONE_COOKIE } from "./time-zone";
import { updateUser } from "./users.server";

/** The zone the browser put in the `lc_tz` cookie (URL-decoded), or null; not yet checked (see rememberTimeZone). */
export function timeZoneFromRequest(request: Request): string | null {
  const raw = rawCookie(request, TIME_ZONE_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw) || null;
  } catch {
    return null;
  }
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
