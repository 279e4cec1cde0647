import { rawCookie } from "~/modules/http/cookies.server";
import { TIME_ZONE_COOKIE } from "./time-zone";

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
