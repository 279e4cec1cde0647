/**
 * One-click unsubscribe from the daily card (RFC 8058, docs/decisions/021). The link carries the user id and its
 * signature, so it works signed out, in any browser, and from a mail provider's one-click POST; it never expires
 * (an unsubscribe link must keep working), and it can do only one thing: turn the daily card off.
 */
import type { Database } from "#db/client";
import type { User } from "#db/schema";
import type { AppConfig } from "~/modules/config/config.server";
import { isValidSignature, signValue } from "~/modules/security/signatures.server";
import { findUserById, updateUser } from "~/modules/users/users.server";

const LABEL = "light-cards unsubscribe v1\n";

/**
 * Where mail providers POST the one-click unsubscribe (the List-Unsubscribe header). RFC 8058 senders may send an
 * `Origin` of their own: this path alone takes a POST from any origin (app/server/cross-origin.server.ts), since the signed token is
 * its whole authority and it can only turn the daily card off.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/unsubscribe/one-click";

/**
 * The two addresses of a user's unsubscribe: `page` for people (a confirmation form), `oneClick` for the
 * List-Unsubscribe header, where mail providers POST (RFC 8058).
 */
export async function unsubscribeLinks(config: Pick<AppConfig, "sessionSecrets" | "appOrigin">, userId: string) {
  const token = `${userId}.${await signValue(config, LABEL, userId)}`;
  const link = (path: string) => {
    const url = new URL(path, config.appOrigin);
    url.searchParams.set("token", token);
    return url.toString();
  };
  return { page: link("/unsubscribe"), oneClick: link(ONE_CLICK_UNSUBSCRIBE_PATH) };
}

/** The account an unsubscribe token names, or null when the token is not one this app signed. */
export async function findUnsubscriber(context: { db: Database; config: AppConfig }, token: string): Promise<User | null> {
  const separator = token.lastIndexOf(".");
  if (separator <= 0) return null;
  const userId = token.slice(0, separator);
  if (!(await isValidSignature(context.config, LABEL, userId, token.slice(separator + 1)))) return null;
  return findUserById(context.db, userId);
}

/** Turns the daily card off for the token's account; null when the token is not valid. */
export async function unsubscribeWithToken(context: { db: Database; config: AppConfig }, token: string): Promise<User | null> {
  const user = await findUnsubscriber(context, token);
  if (!user) return null;
  if (user.newsletterSubscribed) await updateUser(context.db, user.id, { newsletterSubscribed: false });
  return user;
}
