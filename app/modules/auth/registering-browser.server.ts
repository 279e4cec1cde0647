import { createCookie } from "@remix-run/cloudflare";
import type { AppConfig } from "~/modules/config/config.server";
import { isPlainHttpLocalhost } from "./sessions.server";

/**
 * Proof that this browser registered an account: a signed cookie set by the register page, holding the
 * new account's id, for as long as its verification link lives. Verifying an email from this browser
 * keeps the password chosen here; from any other browser the account's password is asked for, so a
 * stranger who registered someone else's address never gets that mailbox's click to confirm their password.
 */
const REGISTERED_COOKIE = "lc_registered";
const MAX_AGE_SECONDS = 24 * 60 * 60;

function registeredCookie(config: AppConfig, request: Request) {
  return createCookie(REGISTERED_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    secure: !isPlainHttpLocalhost(request),
    secrets: config.sessionSecrets,
  });
}

export async function markRegisteringBrowser(config: AppConfig, request: Request, userId: string): Promise<string> {
  return registeredCookie(config, request).serialize(userId);
}

/** The account id this browser registered, or null. */
export async function readRegisteringBrowser(config: AppConfig, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${REGISTERED_COOKIE}=`)) return null;
  const value = await registeredCookie(config, request).parse(header);
  return typeof value === "string" ? value : null;
}
