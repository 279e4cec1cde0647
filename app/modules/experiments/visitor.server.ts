import type { AppConfig } from "~/modules/config/config.server";
import { isPlainHttpLocalhost, rawCookie } from "~/modules/http/cookies.server";
import { isValidSignature, signValue } from "~/modules/security/signatures.server";

/**
 * A random id for this browser, kept a year: A/B assignments and checkout metadata key on it.
 * Not a secret and not personal data beyond the visit. The cookie is `<id>.<signature>` (the session secrets,
 * signatures.server.ts): only ids this app issued count, so nobody can make up visitors to pump a variant; an
 * unsigned or forged one reads as none and the browser gets a new id (at most `new_visitor_ip` a minute per address:
 * assignment.server.ts).
 *
 * The id is laid out as a UUID version 7: its first 48 bits are the time it was issued (ms), the rest random. The
 * signature covers the time, so a visitor's age is known without storing anything: its page views count only in its
 * first day (VISITOR_COUNTING_MS), which is what lets the daily clean-up fold them into totals for good
 * (docs/decisions/020-ab-tests.md, "Retention"). An id issued before this layout (a version 4 UUID) has no time and
 * reads as older than a day.
 */
export const VISITOR_COOKIE_NAME = "lc_vid";
const LABEL = "light-cards visitor id v1\n";
const SIGNED_VISITOR_ID = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

/** How long after its issue a visitor's views still count: its first day. */
export const VISITOR_COUNTING_MS = 86_400_000;

export async function readVisitorId(config: Pick<AppConfig, "sessionSecrets">, request: Request): Promise<string | null> {
  const [, visitorId, signature] = SIGNED_VISITOR_ID.exec(rawCookie(request, VISITOR_COOKIE_NAME) ?? "") ?? [];
  if (!visitorId || !signature) return null;
  return (await isValidSignature(config, LABEL, visitorId, signature)) ? visitorId : null;
}

/** When a visitor id was issued (ms since the epoch), or null for an id without a time (issued before ids had one). */
export function visitorIdIssuedAt(visitorId: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(visitorId)) return null;
  return Number.parseInt(visitorId.slice(0, 8) + visitorId.slice(9, 13), 16);
}

/** Whether a visitor's page views still count: in the first day of its id. */
export function visitorStillCounts(visitorId: string, now = Date.now()): boolean {
  const issuedAt = visitorIdIssuedAt(visitorId);
  return issuedAt !== null && now - issuedAt < VISITOR_COUNTING_MS;
}

/** A new visitor id issued at `now`: a UUID version 7 (RFC 9562), its time in the first 48 bits. */
function newVisitorId(now: number): string {
  const time = now.toString(16).padStart(12, "0");
  const random = [...crypto.getRandomValues(new Uint8Array(10))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  // The version (7) and the variant (binary 10) in their places, as RFC 9562 lays them out.
  const variant = (0x8 | (Number.parseInt(random.charAt(3), 16) & 0x3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-${random.slice(8, 20)}`;
}

/** A new signed visitor id and the Set-Cookie that gives it to the browser (`now`: when it is issued). */
export async function newVisitorCookie(
  config: Pick<AppConfig, "sessionSecrets">,
  request: Request,
  now = Date.now(),
): Promise<{ visitorId: string; setCookie: string }> {
  const visitorId = newVisitorId(now);
  const value = `${visitorId}.${await signValue(config, LABEL, visitorId)}`;
  const secure = isPlainHttpLocalhost(request) ? "" : "; Secure";
  return { visitorId, setCookie: `${VISITOR_COOKIE_NAME}=${value}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}
