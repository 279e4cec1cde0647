import type { AppConfig } from "~/modules/config/config.server";
import { isPlainHttpLocalhost, rawCookie } from "~/modules/http/cookies.server";
import { isValidSignature, signValue } from "~/modules/security/signatures.server";

/**
 * A random id for this browser, kept a year: A/B assignments and checkout metadata key on it.
 * Not a secret and not personal data beyond the visit. The cookie is `<id>.<signature>` (the session secrets,
 * signatures.server.ts): only ids this app issued count, so nobody can mint visitors to pump a variant (issue 22);
 * an unsigned or forged one reads as none and the browser gets a new id.
 */
export const VISITOR_COOKIE_NAME = "lc_vid";
const LABEL = "light-cards visitor id v1\n";
const SIGNED_VISITOR_ID = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

export async function readVisitorId(config: Pick<AppConfig, "sessionSecrets">, request: Request): Promise<string | null> {
  const [, visitorId, signature] = SIGNED_VISITOR_ID.exec(rawCookie(request, VISITOR_COOKIE_NAME) ?? "") ?? [];
  if (!visitorId || !signature) return null;
  return (await isValidSignature(config, LABEL, visitorId, signature)) ? visitorId : null;
}

/** The visitor id, and the Set-Cookie to send when it is new. */
export async function ensureVisitorId(
  config: Pick<AppConfig, "sessionSecrets">,
  request: Request,
): Promise<{ visitorId: string; setCookie: string | null }> {
  const existing = await readVisitorId(config, request);
  if (existing) return { visitorId: existing, setCookie: null };
  const visitorId = crypto.randomUUID();
  const value = `${visitorId}.${await signValue(config, LABEL, visitorId)}`;
  const secure = isPlainHttpLocalhost(request) ? "" : "; Secure";
  return { visitorId, setCookie: `${VISITOR_COOKIE_NAME}=${value}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}` };
}
