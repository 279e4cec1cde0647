import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAILY_CARD_CRON } from "~/modules/daily-card/daily-card.server";
import { addDays } from "~/modules/gifts/gift.schema";
import { localDay } from "~/modules/users/time-zone";
import { completed, fakeStripe, refunded, STRIPE_ENV, stripeCalls, stripeSessions, webhook } from "../fakes/stripe";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  countEmailsTo,
  createVerifiedUser,
  expectRedirect,
  fetchApp,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  postForm,
  runSchedule,
  signedInEmail,
  signInCookie,
  visibleText,
} from "./helpers";

/** Tokyo has no summer time: its day starts at 15:00 UTC the day before, all year. */
const ZONE = "Asia/Tokyo";
const TEST_CARD = "4242 4242 4242 4242";

type GiftRow = { id: string; status: string; sent_at: number | null; stripe_checkout_session_id: string | null; deliver_on: string };

async function giftFor(recipientEmail: string) {
  return env.DB.prepare("SELECT * FROM gifts WHERE recipient_email = ? ORDER BY created_at DESC LIMIT 1")
    .bind(recipientEmail)
    .first<GiftRow>();
}

async function devicesOf(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM push_subscriptions WHERE user_id = (SELECT id FROM users WHERE email = ?)")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function hasAccess(email: string): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT EXISTS(SELECT 1 FROM users u WHERE lower(u.email) = lower(?) AND (
       EXISTS(SELECT 1 FROM purchases p WHERE p.user_id = u.id AND p.status = 'paid') OR
       EXISTS(SELECT 1 FROM access_grants g WHERE g.user_id = u.id AND g.revoked_at IS NULL))) AS yes`,
  )
    .bind(email)
    .first<{ yes: number }>();
  return row?.yes === 1;
}

/** The claim form posts to the link's own address (the page keeps its token). */
function claimPath(token: string) {
  return `/gift/claim?${new URLSearchParams({ token })}`;
}

function giftFields(recipientEmail: string, overrides: Record<string, string> = {}) {
  return {
    giverName: "Ruth Giver",
    giverEmail: uniqueEmail("giver"),
    recipientName: "Naomi",
    recipientEmail,
    message: "For the mornings. With love, Ruth",
    deliverOn: localDay(new Date(), ZONE),
    timeZone: ZONE,
    ...overrides,
  };
}

/** The gift form, then the test payment page, as a browser without JavaScript goes through them. */
async function buyGiftInTestMode(fields: Record<string, string>) {
  const form = await postForm("/gift", fields);
  expect(form.status).toBe(303);
  const paymentPage = form.headers.get("Location")!;
  expect(paymentPage).toMatch(/^\/mock-checkout\?gift=/);
  expect(visibleText(await (await fetchApp(paymentPage)).text())).toContain(`A gift for ${fields.recipientName}`);
  const giftId = new URL(paymentPage, ORIGIN).searchParams.get("gift")!;
  const paid = await postForm("/mock-checkout", { email: fields.giverEmail!, giftId, cardNumber: TEST_CARD });
  expectRedirect(paid, `/gift/paid?session_id=mock_${giftId}`, 303);
  return { giftId, paidPage: paid.headers.get("Location")! };
}

/** The gift form with Stripe configured: the Checkout Session it made, then paid as Stripe reports it. */
async function buyGiftWithStripe(fields: Record<string, string>) {
  const form = await fetchAppWithEnv(STRIPE_ENV, "/gift", {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  expect(form.status).toBe(303);
  expect(form.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  const session = [...stripeSessions.values()].at(-1)!;
  Object.assign(session, {
    payment_status: "paid",
    status: "complete",
    customer_details: { email: fields.giverEmail, name: fields.giverName },
    payment_intent: `pi_${session.id.slice(8, 30)}`,
  });
  return session;
}

describe("giving a lifetime pass", () => {
  it("is paid on the test payment page, with a receipt that names the gift and its day, and grants the giver nothing", async () => {
    const recipient = uniqueEmail("naomi");
    const fields = giftFields(recipient, { deliverOn: addDays(localDay(new Date(), ZONE), 30) });
    const { paidPage } = await buyGiftInTestMode(fields);
    const page = visibleText(await (await fetchApp(paidPage)).text());
    expect(page).toContain("your gift is paid");
    expect(page).toContain("Naomi will receive their lifetime pass by email on");

    const receipt = await latestEmailTo(fields.giverEmail, "gift receipt");
    expect(receipt.subject).toContain("a lifetime pass for Naomi");
    expect(receipt.text).toContain(`for Naomi (${recipient})`);
    expect(receipt.text).toMatch(/on \w+day, \d+ \w+ \d{4}/);
    expect(await countEmailsTo(recipient)).toBe(0);
    expect(await hasAccess(fields.giverEmail)).toBe(false);
    // The receipt's private link manages the gift; the same address without its key is not found.
    expect((await fetchApp(receipt.link!)).status).toBe(200);
    expect((await fetchApp(new URL(receipt.link!).pathname)).status).toBe(404);
  });

  it("records the gift in the Checkout Session's metadata and fulfils it once under a replayed webhook", async () => {
    const recipient = uniqueEmail("naomi");
    const fields = giftFields(recipient, { deliverOn: addDays(localDay(new Date(), ZONE), 3) });
    fakeStripe();
    const session = await buyGiftWithStripe(fields);
    const gift = await giftFor(recipient);
    expect(gift?.status).toBe("pending");
    expect((session.metadata as Record<string, string>).giftId).toBe(gift!.id);
    expect(session.amount_total).toBe(2700);

    const event = completed(session);
    expect((await webhook(event)).status).toBe(200);
    expect((await webhook(event)).status).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => webhook(completed(session))));
    expect(await countEmailsTo(fields.giverEmail)).toBe(1);
    expect((await giftFor(recipient))?.status).toBe("paid");
    expect((await giftFor(recipient))?.stripe_checkout_session_id).toBe(session.id);
    expect(await hasAccess(fields.giverEmail)).toBe(false);
    // Stripe's return page finds the gift the webhook paid, and sends nothing more.
    const back = await fetchAppWithEnv(STRIPE_ENV, `/gift/paid?session_id=${session.id}`);
    expect(visibleText(await back.text())).toContain("your gift is paid");
    expect(await countEmailsTo(fields.giverEmail)).toBe(1);
  });

  it("is refused before payment when the recipient already has access, with a message to the giver", async () => {
    const buyer = uniqueEmail("buyer");
    expect((await postForm("/mock-checkout", { email: buyer, cardNumber: TEST_CARD })).status).toBe(303);
    fakeStripe();
    const response = await fetchAppWithEnv(STRIPE_ENV, "/gift", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(giftFields(buyer.toUpperCase())).toString(),
    });
    expect(response.status).toBe(409);
    expect(visibleText(await response.text())).toContain("already has LIGHT Cards, so a gift would give them nothing");
    expect(stripeCalls).toHaveLength(0);
    expect(await giftFor(buyer.toUpperCase())).toBeNull();
  });

  it("refuses a day in the past or more than a year ahead, and a message over 500 characters", async () => {
    const today = localDay(new Date(), ZONE);
    const past = await postForm("/gift", giftFields(uniqueEmail(), { deliverOn: addDays(today, -2) }));
    expect(past.status).toBe(400);
    expect(visibleText(await past.text())).toContain("The day can be today or later");
    const far = await postForm("/gift", giftFields(uniqueEmail(), { deliverOn: addDays(today, 366) }));
    expect(visibleText(await far.text())).toContain("The day can be at most a year ahead");
    const long = await postForm("/gift", giftFields(uniqueEmail(), { message: "x".repeat(501) }));
    expect(long.status).toBe(400);
    expect(visibleText(await long.text())).toContain("Your message must be at most 500 characters");
  });
});

describe("delivering and claiming a gift", () => {
  it("goes out on its day in the giver's zone, not before, and once", async () => {
    const recipient = uniqueEmail("naomi");
    const deliverOn = addDays(localDay(new Date(), ZONE), 2);
    await buyGiftInTestMode(giftFields(recipient, { deliverOn }));
    const tokyoMidnight = new Date(`${addDays(deliverOn, -1)}T15:00:00Z`);

    await runSchedule(DAILY_CARD_CRON, new Date(tokyoMidnight.getTime() - 15 * 60 * 1000));
    expect(await countEmailsTo(recipient)).toBe(0);
    await runSchedule(DAILY_CARD_CRON, tokyoMidnight);
    expect(await countEmailsTo(recipient)).toBe(1);
    await runSchedule(DAILY_CARD_CRON, new Date(tokyoMidnight.getTime() + 15 * 60 * 1000));
    expect(await countEmailsTo(recipient)).toBe(1);

    const gift = await latestEmailTo(recipient, "gave you LIGHT Cards");
    expect(gift.subject).toBe("Ruth Giver gave you LIGHT Cards");
    expect(gift.text).toContain("For the mornings. With love, Ruth");
    expect(gift.link).toMatch(/\/gift\/claim\?token=/);
    // Only the hash of the claim link's token is kept.
    const stored = await env.DB.prepare("SELECT claim_token_hash FROM gifts WHERE recipient_email = ?")
      .bind(recipient)
      .first<{ claim_token_hash: string }>();
    expect(stored?.claim_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.claim_token_hash).not.toContain(gift.token);
  });

  it("dated today, goes out as soon as it is paid; claiming signs the recipient in with access, once", async () => {
    const recipient = uniqueEmail("naomi");
    await buyGiftInTestMode(giftFields(recipient));
    const { link, token } = await latestEmailTo(recipient, "gave you LIGHT Cards");
    const page = visibleText(await (await fetchApp(link!)).text());
    expect(page).toContain("Ruth Giver gave you LIGHT Cards");
    expect(page).toContain("For the mornings. With love, Ruth");
    expect(await hasAccess(recipient)).toBe(false);

    const claim = await postForm(claimPath(token!), { token: token!, email: recipient });
    expectRedirect(claim, "/cards");
    expect(await signedInEmail(cookieFrom(claim, "lc_session"))).toBe(recipient);
    expect(await hasAccess(recipient)).toBe(true);

    const again = await postForm(claimPath(token!), { token: token!, email: uniqueEmail("someone") });
    expect(again.status).toBe(409);
    expect(visibleText(await again.text())).toContain("This gift has already been claimed");
    expect((await fetchApp(link!)).status).toBe(409);
  });

  it("refuses a forged link and an expired one with a clear message", async () => {
    const forged = await postForm(claimPath("a".repeat(43)), { token: "a".repeat(43), email: uniqueEmail() });
    expect(forged.status).toBe(400);
    expect(visibleText(await forged.text())).toContain("This gift link is not valid");

    const recipient = uniqueEmail("naomi");
    await buyGiftInTestMode(giftFields(recipient));
    const { token } = await latestEmailTo(recipient, "gave you LIGHT Cards");
    await env.DB.prepare("UPDATE gifts SET claim_expires_at = ? WHERE recipient_email = ?")
      .bind(Date.now() - 1000, recipient)
      .run();
    const expired = await postForm(claimPath(token!), { token: token!, email: recipient });
    expect(expired.status).toBe(410);
    expect(visibleText(await expired.text())).toContain("This gift link has expired");
    expect(await hasAccess(recipient)).toBe(false);
  });

  it("claimed with another address, grants that address and emails it a sign-in link instead of signing in", async () => {
    const recipient = uniqueEmail("naomi");
    const other = uniqueEmail("naomi-home");
    await buyGiftInTestMode(giftFields(recipient));
    const { token } = await latestEmailTo(recipient, "gave you LIGHT Cards");
    const claim = await postForm(claimPath(token!), { token: token!, email: other });
    expectRedirect(claim, "/gift/claim?sent=1");
    expect(claim.headers.get("Set-Cookie") ?? "").not.toContain("lc_session=");
    expect(visibleText(await (await fetchApp("/gift/claim?sent=1")).text())).toContain("check your inbox");
    expect(await hasAccess(other)).toBe(true);
    expect((await latestEmailTo(other)).link).toMatch(/\/login\/link\?token=/);
  });

  it("the giver's new address sends a new link and the old one stops working", async () => {
    const recipient = uniqueEmail("naomi");
    const fields = giftFields(recipient);
    await buyGiftInTestMode(fields);
    const old = await latestEmailTo(recipient, "gave you LIGHT Cards");
    const manage = (await latestEmailTo(fields.giverEmail, "gift receipt")).link!;
    const key = new URL(manage).searchParams.get("key")!;
    const corrected = uniqueEmail("naomi-right");
    const here = new URL(manage).pathname + new URL(manage).search;
    const change = await postForm(here, { key, intent: "change", recipientEmail: corrected, deliverOn: fields.deliverOn });
    expectRedirect(change, here);
    const fresh = await latestEmailTo(corrected, "gave you LIGHT Cards");
    expect((await postForm(claimPath(old.token!), { token: old.token!, email: recipient })).status).toBe(400);
    expectRedirect(await postForm(claimPath(fresh.token!), { token: fresh.token!, email: corrected }), "/cards");
    // Once claimed, nothing about it changes.
    const late = await postForm(here, { key, intent: "resend" });
    expect(late.status).toBe(409);
    expect(visibleText(await late.text())).toContain("has claimed this gift");
  });
});

describe("deleting an account (docs/decisions/039)", () => {
  it("takes the giver's name and address off the gifts it gave, and the recipient's off the gift it claimed; the gift stands", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("leaving-giver"));
    const cookie = await signInCookie(email);
    const recipient = uniqueEmail("leaving-recipient");
    const form = await postForm("/gift", giftFields(recipient, { giverName: "Ruth Leaving" }), { cookie });
    const giftId = new URL(form.headers.get("Location")!, ORIGIN).searchParams.get("gift")!;
    await postForm("/mock-checkout", { email, giftId, cardNumber: TEST_CARD }, { cookie });
    const { token } = await latestEmailTo(recipient, "gave you LIGHT Cards");
    const claimed = await postForm(claimPath(token!), { token: token!, email: recipient });
    expectRedirect(claimed, "/cards");
    const recipientCookie = cookieFrom(claimed, "lc_session");

    const deleted = await postForm("/account/delete", { intent: "delete-with-password", password: PASSWORD, confirm: "on" }, { cookie });
    expectRedirect(deleted, "/", 302);
    const afterGiver = await env.DB.prepare("SELECT giver_name, giver_email, status FROM gifts WHERE id = ?").bind(giftId).first();
    expect(afterGiver).toEqual({ giver_name: "A friend", giver_email: expect.stringMatching(/@invalid$/), status: "claimed" });

    // The recipient, signed in by the claim, has no password: they confirm the deletion through an emailed link.
    expectRedirect(
      await postForm("/account/delete", { intent: "email-deletion-link" }, { cookie: recipientCookie }),
      "/account/delete",
      302,
    );
    const mail = await latestEmailTo(recipient, "Confirm deleting");
    const link = new URL(mail.link!);
    expectRedirect(
      await postForm(link.pathname + link.search, { intent: "delete-with-link", token: mail.token!, confirm: "on" }),
      "/",
      302,
    );
    const afterRecipient = await env.DB.prepare("SELECT recipient_name, recipient_email, giver_name FROM gifts WHERE id = ?")
      .bind(giftId)
      .first();
    expect(afterRecipient).toEqual({ recipient_name: "", recipient_email: expect.stringMatching(/@invalid$/), giver_name: "A friend" });
  });
});

describe("the giver's page", () => {
  it("opens for the signed-in account that gave, with no key; for another account it does not exist", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("ruth"));
    const cookie = await signInCookie(email);
    const recipient = uniqueEmail("naomi");
    const form = await postForm("/gift", giftFields(recipient, { giverEmail: "ignored@example.com" }), { cookie });
    const giftId = new URL(form.headers.get("Location")!, ORIGIN).searchParams.get("gift")!;
    const paid = await postForm("/mock-checkout", { email, giftId, cardNumber: TEST_CARD }, { cookie });
    const page = await (await fetchApp(paid.headers.get("Location")!, { headers: { Cookie: cookie } })).text();
    expect(page).toContain(`href="/gifts/${giftId}"`);
    // The receipt goes to the account's address, whatever the form said.
    expect((await latestEmailTo(email, "gift receipt")).subject).toContain("for Naomi");
    const own = await fetchApp(`/gifts/${giftId}`, { headers: { Cookie: cookie } });
    expect(visibleText(await own.text())).toContain("Your gift for Naomi");

    const stranger = await createVerifiedUser(uniqueEmail("stranger"));
    expect((await fetchApp(`/gifts/${giftId}`, { headers: { Cookie: await signInCookie(stranger.email) } })).status).toBe(404);
    expect((await fetchApp(`/gifts/${giftId}?key=${"x".repeat(43)}`)).status).toBe(404);
  });
});

describe("a refund of the giver's payment (docs/decisions/047-gifts.md)", () => {
  it("cancels an unclaimed gift: its link stops working and a dated one never goes out", async () => {
    fakeStripe();
    const sent = uniqueEmail("naomi");
    const sentSession = await buyGiftWithStripe(giftFields(sent));
    await webhook(completed(sentSession));
    const { token } = await latestEmailTo(sent, "gave you LIGHT Cards");

    const dated = uniqueEmail("naomi-later");
    const deliverOn = addDays(localDay(new Date(), ZONE), 5);
    const datedFields = giftFields(dated, { deliverOn });
    const datedSession = await buyGiftWithStripe(datedFields);
    await webhook(completed(datedSession));

    expect((await webhook(refunded(sentSession, 2700))).status).toBe(200);
    expect((await webhook(refunded(datedSession, 2700))).status).toBe(200);
    const claim = await postForm(claimPath(token!), { token: token!, email: sent });
    expect(claim.status).toBe(410);
    expect(visibleText(await claim.text())).toContain("This gift was cancelled");
    expect(await hasAccess(sent)).toBe(false);
    await runSchedule(DAILY_CARD_CRON, new Date(`${deliverOn}T03:00:00Z`));
    expect(await countEmailsTo(dated)).toBe(0);
    expect((await latestEmailTo(datedFields.giverEmail, "refunded")).text).toContain("cancelled it");
  });

  it("ends a claimed gift's access too, and tells the recipient", async () => {
    fakeStripe();
    const recipient = uniqueEmail("naomi");
    const session = await buyGiftWithStripe(giftFields(recipient));
    await webhook(completed(session));
    const { token } = await latestEmailTo(recipient, "gave you LIGHT Cards");
    expectRedirect(await postForm(claimPath(token!), { token: token!, email: recipient }), "/cards");
    expect(await hasAccess(recipient)).toBe(true);
    // The recipient's phone took notifications in the session the claim signed in (docs/decisions/046-web-push.md).
    await env.DB.prepare(
      `INSERT INTO push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, device_label, created_at)
       SELECT 'gift-device', user_id, id, 'https://push.example.test/gift-device', 'key', 'secret', 'iPhone', 0
       FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?) LIMIT 1`,
    )
      .bind(recipient)
      .run();
    expect(await devicesOf(recipient)).toBe(1);

    expect((await webhook(refunded(session, 1000))).status).toBe(200);
    expect(await hasAccess(recipient)).toBe(true);
    expect((await webhook(refunded(session, 2700))).status).toBe(200);
    expect(await hasAccess(recipient)).toBe(false);
    expect(await devicesOf(recipient)).toBe(0);
    expect((await latestEmailTo(recipient, "gift has ended")).text).toContain("was refunded");
  });
});
