import { TIME_ZONE_COOKIE } from "./time-zone";

/** The zone the browser put in the `lc_tz` cookie (URL-decoded), or null; not yet checked (see rememberTimeZone). */
export function timeZoneFromRequest(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== TIME_ZONE_COOKIE) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return null;
    }
  }
  return null;
}
