/**
 * Which browser asked for a sign-in link. A link opened in a browser that never asked for it may have been planted
 * there (someone sends their own account's link to a signed-out victim), so its page asks "Sign in as <address>?"
 * instead of submitting itself, and such a link never leads on to the checkout, where a purchase would credit the
 * planter's account. The browser that asked holds a signed cookie for as long as the link lives, naming the account
 * by a hash of its address, never the address itself.
 */
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";
import { sha256Hex } from "~/modules/security/crypto.server";

const LINK_ASKED_COOKIE = "lc_link_asked";
/** A sign-in link works for 15 minutes. */
const LINK_LIFETIME_SECONDS = 15 * 60;

function linkAskedCookie(config: AppConfig, request: Request) {
  return signedCookie(LINK_ASKED_COOKIE, config, request, { maxAge: LINK_LIFETIME_SECONDS });
}

function addressKey(email: string) {
  return sha256Hex(`sign-in-link:${email.trim().toLowerCase()}`);
}

/** The Set-Cookie that marks this browser as the one that asked for a link to `email`. */
export async function markLinkAsked(config: AppConfig, request: Request, email: string): Promise<string> {
  return linkAskedCookie(config, request).serialize(await addressKey(email));
}

/** Whether this browser asked for a sign-in link to `email` within the link's lifetime. */
export async function browserAskedForLinkTo(config: AppConfig, request: Request, email: string): Promise<boolean> {
  if (!carriesCookie(request, LINK_ASKED_COOKIE)) return false;
  const value = await linkAskedCookie(config, request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value === (await addressKey(email));
}

/** Where a sign-in link may lead: to the checkout only in the browser that asked for it. */
export function linkDestination(destination: string, askedHere: boolean, fallback: string): string {
  const path = new URL(destination, "http://localhost").pathname;
  return !askedHere && (path === "/checkout" || path.startsWith("/checkout/")) ? fallback : destination;
}
