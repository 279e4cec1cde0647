/**
 * Accounts and cards for the buyer's-library tests (favourites, habit, card pages): signed-in callers with and
 * without access, an admin, and the card ids each audience may or may not see.
 */
import { env } from "cloudflare:workers";
import { createDb } from "#db/client";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import { getCardsFor } from "~/modules/cards/cards.server";
import { uniqueEmail } from "../support/identities";
import { createVerifiedUser, fetchApp, fetchAppWithEnv, signInApi, signInCookie } from "./helpers";

export const db = createDb(env.DB);

/** A signed-in account: its bearer token, its browser session cookie, its id. */
export type Caller = { token: string; cookie: string; id: string; email: string };

export async function signedInUser(
  label = "user",
  env: Record<string, string> = {},
  options: { remember?: boolean } = {},
): Promise<Caller> {
  const { email } = await createVerifiedUser(uniqueEmail(label));
  const token = await signInApi(email);
  const cookie = await signInCookie(email, undefined, env, options);
  const me = await fetchApp("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  const { user } = (await me.json()) as { user: { id: string } };
  return { token, cookie, id: user.id, email };
}

/** A signed-in account with access (an admin grant: the same access function as a purchase); `remember`: "Keep me logged in". */
export async function buyer(label = "buyer", options: { remember?: boolean } = {}): Promise<Caller> {
  const caller = await signedInUser(label, {}, options);
  await grantAccessByEmail(db, { email: caller.email, actor: { userId: null, email: "tests" }, reason: "library tests" });
  return caller;
}

/** A signed-in admin and the vars that make it one (ADMIN_EMAILS is read on every request). */
export async function admin(): Promise<Caller & { vars: Record<string, string> }> {
  const caller = await signedInUser("admin");
  return { ...caller, vars: { ADMIN_EMAILS: caller.email } };
}

/** An API call as a client would make it: bearer token or cookie, JSON body, optional changed vars. */
export function api(
  path: string,
  options: { token?: string; method?: string; body?: string; cookie?: string; env?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  return fetchAppWithEnv(options.env ?? {}, path, { method: options.method ?? "GET", headers, body: options.body });
}

/** The preview cards a signed-in user without access may open: every card the data flags as a preview. */
export async function previewCardIds(): Promise<string[]> {
  return (await getCardsFor(db, "member-without-access")).cards.map((card) => card.id);
}

/** A paid card: its id and a phrase of its affirmation that must never reach anyone without access. */
export async function paidCard(): Promise<{ id: string; title: string; secret: string }> {
  const row = await env.DB.prepare(
    "SELECT id, title, affirmation FROM affirmation_cards WHERE is_preview = 0 ORDER BY order_index LIMIT 1",
  ).first<{
    id: string;
    title: string;
    affirmation: string;
  }>();
  if (!row) throw new Error("no paid card in the seed");
  return { id: row.id, title: row.title, secret: row.affirmation.slice(0, 40) };
}

/** A paid card's share link as the buyer's share menu gets it when they share (the issuer signs it for them). */
export async function shareLinkOf(caller: Pick<Caller, "cookie">, cardId: string): Promise<{ url: string; token: string }> {
  const response = await fetchApp(`/share-link/${cardId}`, { headers: { Cookie: caller.cookie, Accept: "application/json" } });
  if (response.status !== 200) throw new Error(`No share link for ${cardId}: ${response.status}`);
  const { url } = (await response.json()) as { url: string };
  return { url, token: new URL(url).searchParams.get("t") ?? "" };
}
