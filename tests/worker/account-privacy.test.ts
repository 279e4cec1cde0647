/**
 * "Download my data" and "Delete my account" (docs/decisions/039-account-deletion-and-export.md), through the real
 * Worker and D1: the export holds the owner's data and nothing of anyone else's; a deletion needs the password (or,
 * without one, the emailed link), ends every session and bearer token, stops the account's share links, keeps only the
 * anonymised purchase record, leaves other accounts alone, and frees the address for a new account.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  createVerifiedUser,
  expectRedirect,
  fetchApp,
  latestEmailTo,
  postForm,
  postJson,
  signedInEmail,
  visibleText,
} from "./helpers";
import { api, type Caller, paidCard, previewCardIds, shareLinkOf, signedInUser } from "./library-support";

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

/** How many rows each personal table holds for the user. */
async function personalRows(userId: string) {
  const count = async (table: string) => (await rows(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId))[0]!.n;
  return {
    sessions: await count("sessions"),
    tokens: await count("one_time_tokens"),
    favorites: await count("user_favorites"),
    activity: await count("user_activity"),
    stats: await count("user_stats"),
    badges: await count("user_badges"),
    grants: await count("access_grants"),
  };
}

async function exportOf(cookie: string) {
  const response = await fetchApp("/account/data.json", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

function deleteWithPassword(cookie: string, fields: Record<string, string>) {
  return postForm("/account/delete", { intent: "delete-with-password", ...fields }, { cookie });
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

describe("Delete my account, with the password", () => {
  it("refuses a wrong password or a missing confirmation with a 4xx and a message, and deletes nothing", async () => {
    const me = await activeBuyer("careful");
    const page = visibleText(await (await fetchApp("/account/delete", { headers: { Cookie: me.cookie } })).text());
    expect(page).toContain("Delete Your Account");
    expect(page).toContain("Current Password");
    const before = await personalRows(me.id);

    const unconfirmed = await deleteWithPassword(me.cookie, { password: PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect(visibleText(await unconfirmed.text())).toContain("Tick the box to confirm that your account should be deleted.");
    const noPassword = await deleteWithPassword(me.cookie, { confirm: "on" });
    expect(noPassword.status).toBe(400);
    expect(visibleText(await noPassword.text())).toContain("Enter your current password.");
    const wrong = await deleteWithPassword(me.cookie, { password: "Not my password 1", confirm: "on" });
    expect(wrong.status).toBe(403);
    expect(visibleText(await wrong.text())).toContain("That is not your current password. Nothing was deleted.");
    // Another site's form, with the owner's cookie and the right password: refused before anything is read.
    const forged = await postForm(
      "/account/delete",
      { intent: "delete-with-password", password: PASSWORD, confirm: "on" },
      {
        cookie: me.cookie,
        origin: "https://evil.example",
      },
    );
    expect(forged.status).toBe(403);

    expect(await personalRows(me.id)).toEqual(before);
    expect(await signedInEmail(me.cookie)).toBe(me.email);
  });

  it("shares sign-in's limit: guesses past it are a 429, even with the right password", async () => {
    const me = await signedInUser("guessed");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await deleteWithPassword(me.cookie, { password: `Guess number ${attempt}`, confirm: "on" })).status);
    }
    // Signing in twice (cookie and token) used two of the address's five attempts a minute.
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
    const limited = await deleteWithPassword(me.cookie, { password: PASSWORD, confirm: "on" });
    expect(limited.status).toBe(429);
    expect(visibleText(await limited.text())).toContain("Too many attempts");
    expect(await signedInEmail(me.cookie)).toBe(me.email);
  });

  it("ends the cookie, the bearer token and the share links, keeps the purchase anonymised, leaves another account alone, and frees the address", async () => {
    const me = await activeBuyer("leaver");
    const other = await activeBuyer("stayer");
    const paid = await paidCard();
    const myLink = await shareLinkOf(me, paid.id);
    const theirLink = await shareLinkOf(other, paid.id);
    expect((await fetchApp(new URL(myLink.url).pathname + new URL(myLink.url).search)).status).toBe(200);
    // The phone wallpaper of a paid card, under the same share token (what the share page unfurls with).
    const wallpaper = `/cards/${paid.id}/image.png?style=elegant&format=wallpaper&t=${myLink.token}`;
    expect((await fetchApp(wallpaper)).status).toBe(200);
    await env.AB_KV.put(`assign:user:${me.id}`, json({ hero_messaging: "B" }));
    const otherBefore = { rows: await personalRows(other.id), data: JSON.parse((await exportOf(other.cookie)).text) };
    const [purchaseBefore] = await rows("SELECT * FROM purchases WHERE user_id = ?", me.id);

    const deleted = await deleteWithPassword(me.cookie, { password: PASSWORD, confirm: "on" });
    expectRedirect(deleted, "/", 302);
    expect(deleted.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session=;"))).toBe(true);
    const home = await fetchApp("/", { headers: { Cookie: cookieFrom(deleted, "lc_toast"), Accept: "text/html" } });
    expect(visibleText(await home.text())).toContain("Account deleted");

    // Every way in is closed: the cookie, the bearer token, the share link, the export.
    expect(await signedInEmail(me.cookie)).toBeNull();
    expect((await api("/api/auth/me", { token: me.token })).status).toBe(401);
    expect((await api(`/api/user/${me.id}/export`, { token: me.token })).status).toBe(401);
    expect((await fetchApp(new URL(myLink.url).pathname + new URL(myLink.url).search)).status).toBe(403);
    expect((await fetchApp(wallpaper)).status).toBe(403);
    expect((await postJson("/api/auth/login", { email: me.email, password: PASSWORD })).status).toBe(401);

    // Personal rows are gone; the purchase stays, anonymised; the user row is a tombstone.
    expect(await personalRows(me.id)).toEqual({ sessions: 0, tokens: 0, favorites: 0, activity: 0, stats: 0, badges: 0, grants: 0 });
    expect(await rows(`SELECT id FROM email_outbox WHERE lower("to") = lower(?)`, me.email)).toEqual([]);
    expect(await env.AB_KV.get(`assign:user:${me.id}`)).toBeNull();
    const [purchase] = await rows("SELECT * FROM purchases WHERE id = ?", purchaseBefore!.id);
    expect(purchase).toMatchObject({
      user_id: me.id,
      email: `deleted-${me.id}@invalid`,
      amount_cents: purchaseBefore!.amount_cents,
      currency: purchaseBefore!.currency,
      provider: purchaseBefore!.provider,
      status: "paid",
      stripe_checkout_session_id: purchaseBefore!.stripe_checkout_session_id,
      created_at: purchaseBefore!.created_at,
    });
    const [tombstone] = await rows("SELECT * FROM users WHERE id = ?", me.id);
    expect(tombstone).toMatchObject({
      email: `deleted-${me.id}@invalid`,
      name: null,
      first_name: null,
      last_name: null,
      password_hash: null,
      time_zone: null,
      newsletter_subscribed: 0,
    });
    expect(json(await rows("SELECT * FROM users WHERE id = ?", me.id))).not.toContain(me.email);

    // The other account is untouched: its session, its share link, its rows and its data.
    expect(await signedInEmail(other.cookie)).toBe(other.email);
    expect((await fetchApp(new URL(theirLink.url).pathname + new URL(theirLink.url).search)).status).toBe(200);
    expect(await personalRows(other.id)).toEqual(otherBefore.rows);
    const otherAfter = JSON.parse((await exportOf(other.cookie)).text);
    expect({ ...otherAfter, exportedAt: null, sessions: null }).toEqual({ ...otherBefore.data, exportedAt: null, sessions: null });

    // The address is free: it registers afresh as a new account.
    const again = await createVerifiedUser(me.email);
    const fresh = await postJson("/api/auth/login", { email: again.email, password: PASSWORD });
    expect(fresh.status).toBe(200);
    const { user } = (await fresh.json()) as { user: { id: string; hasAccess: boolean } };
    expect(user.id).not.toBe(me.id);
    expect(user.hasAccess).toBe(false);
  });

  it("deletes an account that never bought outright, leaving no row behind", async () => {
    const me = await signedInUser("never-bought");
    // Its A/B page view as a signed-in user: the row would otherwise outlive the account, as an unnamed visitor's.
    const eventId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO ab_events (id, test_name, variant, event, visitor_id, user_id, timestamp) VALUES (?, 'hero_messaging', 'A', 'page_view', ?, ?, ?)",
    )
      .bind(eventId, crypto.randomUUID(), me.id, Date.now())
      .run();
    expectRedirect(await deleteWithPassword(me.cookie, { password: PASSWORD, confirm: "on" }), "/", 302);
    expect(await rows("SELECT id FROM users WHERE id = ?", me.id)).toEqual([]);
    expect(await rows("SELECT id FROM ab_events WHERE id = ?", eventId)).toEqual([]);
    expect((await api("/api/auth/me", { token: me.token })).status).toBe(401);
  });
});

describe("Delete my account, without a password", () => {
  it("emails a link; the page it opens asks to confirm, deletes, signs the buyer's phone out, and the address can buy afresh", async () => {
    const email = uniqueEmail("passwordless");
    const phone = await buy(email);
    const page = visibleText(await (await fetchApp("/account/delete", { headers: { Cookie: phone } })).text());
    expect(page).toContain("Email Me a Link to Delete My Account");
    const [{ id: userId } = { id: "" }] = (await rows("SELECT id FROM users WHERE email = ?", email)) as { id: string }[];

    // The password form is not for this account.
    expect(
      (
        await postForm(
          "/account/delete",
          { intent: "delete-with-password", password: "Anything at all 1", confirm: "on" },
          { cookie: phone },
        )
      ).status,
    ).toBe(400);
    const asked = await postForm("/account/delete", { intent: "email-deletion-link" }, { cookie: phone });
    expectRedirect(asked, "/account/delete", 302);
    const mail = await latestEmailTo(email);
    expect(mail.subject).toBe("Confirm deleting your LIGHT Cards account");
    const link = new URL(mail.link!);
    expect(link.pathname).toBe("/account/delete");

    // Opened anywhere (the mail app's browser has no session): it names the account and asks first.
    const opened = await fetchApp(link.pathname + link.search);
    expect(opened.status).toBe(200);
    expect(visibleText(await opened.text())).toContain(`This link deletes the account for ${email}`);
    // Its form posts back to the address the link opened, token and all.
    const here = link.pathname + link.search;
    const unconfirmed = await postForm(here, { intent: "delete-with-link", token: mail.token! });
    expect(unconfirmed.status).toBe(400);
    expect(visibleText(await unconfirmed.text())).toContain("Tick the box to confirm that your account should be deleted.");
    expect(await signedInEmail(phone)).toBe(email);

    const deleted = await postForm(here, { intent: "delete-with-link", token: mail.token!, confirm: "on" });
    expectRedirect(deleted, "/", 302);
    expect(await signedInEmail(phone)).toBeNull();
    const [purchase] = await rows(
      "SELECT email, amount_cents, status, stripe_checkout_session_id FROM purchases WHERE user_id = ?",
      userId,
    );
    expect(purchase).toMatchObject({ email: `deleted-${userId}@invalid`, amount_cents: 2700, status: "paid" });
    // The success URL (history, a screenshot) opens nothing now: no sign-in, not even the tombstone's address.
    const success = await fetchApp(`/success?session_id=${purchase!.stripe_checkout_session_id}`);
    expect(success.status).toBe(404);
    expect(success.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);
    expect(await success.text()).not.toContain("@invalid");

    // The link worked once.
    const reused = await postForm(here, { intent: "delete-with-link", token: mail.token!, confirm: "on" });
    expect(reused.status).toBe(400);
    expect((await fetchApp(link.pathname + link.search)).status).toBe(400);

    // The same address buys again: a new account, with access.
    const again = await buy(email);
    const me = await fetchApp("/api/auth/me", { headers: { Cookie: again } });
    const { user } = (await me.json()) as { user: { id: string; email: string; hasAccess: boolean } };
    expect(user).toMatchObject({ email, hasAccess: true });
    expect(user.id).not.toBe(userId);
  });

  it("an expired link deletes nothing and offers its signed-in owner a new one", async () => {
    const email = uniqueEmail("slow-reader");
    const phone = await buy(email);
    expectRedirect(await postForm("/account/delete", { intent: "email-deletion-link" }, { cookie: phone }), "/account/delete", 302);
    const mail = await latestEmailTo(email);
    await env.DB.prepare(
      "UPDATE one_time_tokens SET expires_at = ? WHERE purpose = 'delete_account' AND user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1000, email)
      .run();
    const here = new URL(mail.link!).pathname + new URL(mail.link!).search;

    const expired = await fetchApp(here, { headers: { Cookie: phone } });
    expect(expired.status).toBe(410);
    const page = visibleText(await expired.text());
    expect(page).toContain("This link to delete an account has expired.");
    expect(page).toContain("Email Me a New Link");
    expect((await postForm(here, { intent: "delete-with-link", token: mail.token!, confirm: "on" })).status).toBe(410);
    expect(await signedInEmail(phone)).toBe(email);
    // Another browser (no session) is told the same, without the offer.
    expect(visibleText(await (await fetchApp(here)).text())).not.toContain("Email Me a New Link");
  });

  it("an account with a password is not sent a link, and a link for an unknown token deletes nothing", async () => {
    const me = await signedInUser("has-password");
    expect((await postForm("/account/delete", { intent: "email-deletion-link" }, { cookie: me.cookie })).status).toBe(400);
    // The form posts back to the address the link opened, token and all.
    const forged = await postForm("/account/delete?token=not-a-real-token", {
      intent: "delete-with-link",
      token: "not-a-real-token",
      confirm: "on",
    });
    expect(forged.status).toBe(400);
    expect(visibleText(await forged.text())).toContain("is not valid or has already been used. Nothing was deleted.");
    expect(await signedInEmail(me.cookie)).toBe(me.email);
  });
});
