/**
 * "Download my data" and "Delete my account" (docs/decisions/039-account-deletion-and-export.md), through the real
 * Worker and D1: the export holds the owner's data and nothing of anyone else's; a deletion needs the password (or,
 * without one, the emailed link), ends every session and bearer token, stops the account's share links, keeps only the
 * anonymised purchase record, leaves other accounts alone, and frees the address for a new account.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cookieFrom, expectRedirect, fetchApp, postForm } from "./helpers";
import { api, type Caller, previewCardIds, signedInUser } from "./library-support";

const json = (value: unknown) => JSON.stringify(value);

/** Pays with the test card for `email` (as the signed-in `cookie`, or as a visitor) and opens the success page. */
async function buy(email: string, cookie?: string) {
  const paid = await postForm("/mock-checkout", { email, name: "Grace Buyer", cardNumber: "4242 4242 4242 4242" }, { cookie });
  expect(paid.status).toBe(303);
  const success = await fetchApp(paid.headers.get("Location")!, cookie ? { headers: { Cookie: cookie } } : undefined);
  expect(success.status).toBe(200);
  return cookie ?? cookieFrom(success, "lc_session");
}

/** A verified account with a password that bought the collection, a favourite and some activity. */
async function activeBuyer(label: string): Promise<Caller & { favorite: string }> {
  const caller = await signedInUser(label);
  await buy(caller.email, caller.cookie);
  const [favorite] = await previewCardIds();
  expect(
    (await api(`/api/user/${caller.id}/favorites`, { token: caller.token, method: "POST", body: json({ cardId: favorite }) })).status,
  ).toBe(201);
  const view = await api("/api/activity", { token: caller.token, method: "POST", body: json({ cardId: favorite, activityType: "view" }) });
  expect(view.status).toBe(201);
  return { ...caller, favorite: favorite! };
}

async function rows(sql: string, ...values: unknown[]): Promise<Record<string, unknown>[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<Record<string, unknown>>()
  ).results;
}

async function exportOf(cookie: string) {
  const response = await fetchApp("/account/data.json", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

describe("Download my data", () => {
  it("gives the signed-in owner a JSON attachment of their account, purchases, favourites, activity, stats and badges, and nothing of another account", async () => {
    const me = await activeBuyer("exporter");
    const other = await activeBuyer("bystander");
    expect((await api(`/api/user/${me.id}/check-badges`, { token: me.token, method: "POST" })).status).toBe(200);

    const { response, text } = await exportOf(me.cookie);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="light-cards-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const data = JSON.parse(text);
    expect(data.format).toBe("light-cards-account-export");
    expect(data.account).toMatchObject({ id: me.id, email: me.email, hasPassword: true, emailVerified: true });
    expect(data.purchases).toEqual([expect.objectContaining({ email: me.email, amountCents: 2700, currency: "usd", status: "paid" })]);
    expect(data.favorites).toEqual([expect.objectContaining({ cardId: me.favorite })]);
    expect(data.activity).toContainEqual(expect.objectContaining({ cardId: me.favorite, activityType: "view" }));
    expect(data.activity).toHaveLength((await rows("SELECT id FROM user_activity WHERE user_id = ?", me.id)).length);
    expect(data.stats).toMatchObject({ totalCardsViewed: 1 });
    const earned = await rows("SELECT badge_id FROM user_badges WHERE user_id = ? ORDER BY earned_at", me.id);
    expect(data.badges.map((badge: { badgeId: string }) => badge.badgeId).sort()).toEqual(earned.map((row) => row.badge_id).sort());
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.emails.length).toBeGreaterThan(0);
    // No session id, password hash or token leaves the server, and nothing of the other account is in the file.
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain("pbkdf2");
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.id);
  });

  it("serves the same file on the API to the owner's bearer token only, and sends a visitor to sign in", async () => {
    const me = await activeBuyer("api-exporter");
    const other = await signedInUser("api-other");
    const own = await api(`/api/user/${me.id}/export`, { token: me.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const fromApi = JSON.parse(await own.text());
    const fromPage = JSON.parse((await exportOf(me.cookie)).text);
    expect(Object.keys(fromApi)).toEqual(Object.keys(fromPage));
    expect(fromApi.favorites).toEqual(fromPage.favorites);

    expect((await api(`/api/user/${me.id}/export`, { token: other.token })).status).toBe(403);
    expect((await api(`/api/user/${me.id}/export`)).status).toBe(401);
    expectRedirect(await fetchApp("/account/data.json"), `/login?redirectTo=${encodeURIComponent("/account/data.json")}`);
  });
});
