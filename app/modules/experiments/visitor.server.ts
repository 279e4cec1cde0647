import { isPlainHttpLocalhost } from "~/modules/http/cookies.server";

/**
 * A random id for this browser, kept a year: A/B assignments and checkout metadata key on it.
 * Not a secret and not personal data beyond the visit.
 */
const COOKIE = "lc_vid";

export function readVisitorId(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([0-9a-f-]{36})`).exec(request.headers.get("Cookie") ?? "");
  return match?.[1] ?? null;
}

/** The visitor id, and the Set-Cookie to send when it is new. */
export function ensureVisitorId(request: Request): { visitorId: string; setCookie: string | null } {
  const existing = readVisitorId(request);
  if (existing) return { visitorId: existing, setCookie: null };
  const visitorId = crypto.randomUUID();
  const secure = isPlainHttpLocalhost(request) ? "" : "; Secure";
  return { visitorId, setCookie: `${COOKIE}=${visitorId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}
