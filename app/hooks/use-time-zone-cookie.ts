import { useEffect, useState } from "react";
import { TIME_ZONE_COOKIE } from "~/modules/users/time-zone";

/**
 * Tells the server the browser's time zone (lc_tz), so streak days are the user's own calendar days
 * (docs/decisions/000-product-rules.md, Habit). Without JavaScript the server keeps the zone it stored, or UTC.
 * Only signed-in pages ask (`enabled`): the server reads the zone for signed-in users' activity alone (the register
 * form sends its own), and a browser's first `Intl.DateTimeFormat()` loads its time-zone data, 35-75 ms of main
 * thread in Chromium here, which a visitor's landing page would spend right after it paints
 * (docs/decisions/031-first-paint-styles-fonts-icons.md).
 */
export function useTimeZoneCookie(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const zone = browserTimeZone();
    if (!zone) return;
    const value = encodeURIComponent(zone);
    if (document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: one small first-party preference cookie; the Cookie Store API is not in every browser we serve.
    document.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [enabled]);
}

/** The browser's IANA zone once the page has hydrated (empty before, and without JavaScript), for forms to send. */
export function useBrowserTimeZone(): string {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(browserTimeZone()), []);
  return zone;
}

type TemporalNow = { Now: { timeZoneId(): string } };

/**
 * The browser's IANA zone. Temporal answers it at no measurable cost where the browser has it (recent Chromium and
 * Firefox; Debian's Chromium 150 here); a renderer's first `Intl.DateTimeFormat()` builds a formatter and loads the
 * locale's date data to say the same: 17-75 ms here, the longest task of /cards's hydration under Lighthouse's
 * slower CPU (docs/decisions/016-the-buyers-library.md).
 */
function browserTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  return temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
}
