import { isPlainHttpLocalhost, rawCookie } from "~/modules/http/cookies.server";

/**
 * A random id for this browser, kept a year: A/B assignments and checkout metadata key on it.
 * Not a secret and not personal data beyond the visit.
 */
export const VISITOR_COOKIE_NAME = "lc_vid";
const VISITOR_ID = /^[0-9a-f-]{36}$/;

export function readVisitorId(request: Request): string | null {
  const value = rawCookie(request, VISITOR_COOKIE_NAME);
  return value && VISITOR_ID.test(value) ? value : null;
}

/** The visitor id, and the Set-Cookie to send when it is new. */
export function ensureVisitorId(request: Request): { visitorId: string; setCookie: string | null } {
  const existing = readVisitorId(request);
  if (existing) return { visitorId: existing, setCookie: null };
  const visitorId = crypto.randomUUID();
  const secure = isPlainHttpLocalhost(request) ? "" : "; Secure";
  return { visitorId, setCookie: `${VISITOR_COOKIE_NAME}=${visitorId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}
