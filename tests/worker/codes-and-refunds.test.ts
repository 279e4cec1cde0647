/**
 * Discount codes and the self-serve 30-day refund (docs/decisions/050-codes-and-refunds.md), through the app's real
 * checkout, /admin and /settings, with Stripe faked at the fetch boundary and its webhooks signed like Stripe's.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  completed,
  fakeStripe,
  paidSession,
  refunded,
  STRIPE_ENV,
  stripeCalls,
  stripePromotionCodes,
  stripeRefunds,
  stripeSessions,
  webhook,
} from "../fakes/stripe";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  createVerifiedUser,
  expectRedirect,
  fetchAppWithEnv,
  latestEmailTo,
  postForm,
  postJson,
  signInCookie,
  visibleText,
} from "./helpers";

type Vars = Record<string, string>;

function uniqueCode(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 6)}`.toUpperCase();
}

async function signedInAdmin(extra: Vars = {}) {
  const { email } = await createVerifiedUser(uniqueEmail("admin"));
  const vars = { ADMIN_EMAILS: email, ...extra };
  return { email, vars, cookie: await signInCookie(email, PASSWORD, vars) };
}

async function createCode(
  admin: { vars: Vars; cookie: string },
  fields: { code: string; kind?: "percent" | "amount"; percentOff?: string; amountOff?: string; lastDay?: string; maxUses?: string },
) {
  return postForm("/admin", { intent: "code-create", kind: "percent", ...fields }, { cookie: admin.cookie, env: admin.vars });
}

async function codeRow(code: string) {
  return env.DB.prepare("SELECT * FROM discount_codes WHERE code = ?")
    .bind(code)
    .first<{ id: string; stripe_coupon_id: string | null; stripe_promotion_code_id: string | null; ended_at: number | null }>();
}

async function purchaseOf(email: string) {
  return env.DB.prepare("SELECT * FROM purchases WHERE lower(email) = lower(?) ORDER BY created_at DESC").bind(email).first<{
    id: string;
    status: string;
    amount_cents: number;
    discount_code_id: string | null;
    refund_reason: string | null;
    refund_requested_at: number | null;
  }>();
}

async function hasAccess(email: string) {
  const row = await env.DB.prepare(
    "SELECT EXISTS(SELECT 1 FROM purchases p JOIN users u ON u.id = p.user_id WHERE lower(u.email) = lower(?) AND p.status = 'paid') AS paid",
  )
    .bind(email)
    .first<{ paid: number }>();
  return row?.paid === 1;
}

/** The checkout's details step; returns the checkout cookie. */
async function startCheckout(email: string, vars: Vars = {}) {
  const details = await postForm("/checkout", { intent: "details", name: "Grace Buyer", email, emailConfirmation: email }, { env: vars });
  expectRedirect(details, "/checkout?step=payment");
  return cookieFrom(details, "lc_checkout");
}

/** Applies a code on the payment step: the new checkout cookie, or the refusal. */
async function applyCode(checkoutCookie: string, code: string, vars: Vars = {}) {
  return postForm("/checkout?step=payment", { intent: "apply-code", code }, { cookie: checkoutCookie, env: vars });
}

describe("discount codes", () => {
  it("only an admin creates or ends codes", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("not-admin"));
    const cookie = await signInCookie(email);
    const code = uniqueCode("SNEAKY");
    const refused = await postForm("/admin", { intent: "code-create", code, kind: "percent", percentOff: "90" }, { cookie });
    expect(refused.status).toBe(403);
    expect(await codeRow(code)).toBeNull();
    const visitor = await postForm("/admin", { intent: "code-create", code, kind: "percent", percentOff: "90" });
    expectRedirect(visitor, "/login?redirectTo=%2Fadmin");
    expect(await codeRow(code)).toBeNull();

    const admin = await signedInAdmin();
    expectRedirect(await createCode(admin, { code, percentOff: "10" }), "/admin");
    const row = await codeRow(code);
    const endByStranger = await postForm("/admin", { intent: "code-end", codeId: row!.id }, { cookie });
    expect(endByStranger.status).toBe(403);
    expect((await codeRow(code))!.ended_at).toBeNull();
  });

  it("the admin's code is created in Stripe (coupon and promotion code); the checkout applies it and Stripe is paid the discounted amount", async () => {
    fakeStripe();
    const admin = await signedInAdmin(STRIPE_ENV);
    const code = uniqueCode("GIFT25");
    expectRedirect(await createCode(admin, { code, percentOff: "25", maxUses: "100" }), "/admin");
    const row = (await codeRow(code))!;
    const coupon = stripeCalls.find((call) => call.path === "/v1/coupons")!;
    expect(coupon.body.get("percent_off")).toBe("25");
    expect(coupon.body.get("duration")).toBe("once");
    const promotion = stripeCalls.find((call) => call.path === "/v1/promotion_codes")!;
    expect(promotion.body.get("code")).toBe(code);
    expect(promotion.body.get("max_redemptions")).toBe("100");
    expect(promotion.body.get("promotion[coupon]")).toBe(row.stripe_coupon_id);
    expect(stripePromotionCodes.get(row.stripe_promotion_code_id!)?.code).toBe(code);
    const adminPage = visibleText(await (await fetchAppWithEnv(admin.vars, "/admin", { headers: { Cookie: admin.cookie } })).text());
    expect(adminPage).toContain(`${code} Running 25% off · No end date · 0 of 100 uses`);

    const email = uniqueEmail("code-buyer");
    const checkout = await startCheckout(email, STRIPE_ENV);
    // Typed in lower case, as a buyer may: codes are not case-sensitive.
    const applied = await applyCode(checkout, code.toLowerCase(), STRIPE_ENV);
    expectRedirect(applied, "/checkout?step=payment", 303);
    const withCode = cookieFrom(applied, "lc_checkout");
    const payment = visibleText(
      await (await fetchAppWithEnv(STRIPE_ENV, "/checkout?step=payment", { headers: { Cookie: withCode } })).text(),
    );
    expect(payment).toContain(`Code ${code} −$6.75`);
    expect(payment).toContain("Pay $20.25");

    const pay = await postForm("/checkout?step=payment", { intent: "pay" }, { cookie: withCode, env: STRIPE_ENV });
    expect(pay.status).toBe(303);
    const created = stripeCalls.filter((call) => call.path === "/v1/checkout/sessions").at(-1)!;
    expect(created.body.get("discounts[0][promotion_code]")).toBe(row.stripe_promotion_code_id);
    expect(created.body.get("allow_promotion_codes")).toBeNull();
    // Automatic payment methods: no fixed list, so Checkout offers the wallets the dashboard turns on.
    expect([...created.body.keys()].some((key) => key.startsWith("payment_method_types"))).toBe(false);
    expect(created.body.get("line_items[0][price_data][tax_behavior]")).toBe("inclusive");

    // Stripe reports the session paid at the discounted amount; the webhook grants access and records the code.
    const sessionId = new URL(pay.headers.get("Location")!).pathname.split("/").at(-1)!;
    const session = stripeSessions.get(sessionId)!;
    Object.assign(session, {
      payment_status: "paid",
      status: "complete",
      customer_details: { email, name: "Grace Buyer" },
      payment_intent: `pi_${sessionId.slice(8, 30)}`,
    });
    expect(session.amount_total).toBe(2025);
    expect((await webhook(completed(session))).status).toBe(200);
    const purchase = (await purchaseOf(email))!;
    expect(purchase).toMatchObject({ status: "paid", amount_cents: 2025, discount_code_id: row.id });
    expect((await latestEmailTo(email, "receipt")).text).toContain("$20.25");
  });

  it("a session paid at a lower amount without a valid code grants nothing", async () => {
    fakeStripe();
    const admin = await signedInAdmin(STRIPE_ENV);
    const code = uniqueCode("TEN");
    await createCode(admin, { code, percentOff: "10" });
    const cases = [
      // No code at all, paid less than the price.
      { amount_total: 2025 },
      // A promotion code that is not one of this app's.
      { amount_total: 100, discounts: [{ coupon: null, promotion_code: "promo_someone_elses" }] },
      // This app's code (10% off: 2430) cannot account for a payment of 100.
      { amount_total: 100, discounts: [{ coupon: null, promotion_code: (await codeRow(code))!.stripe_promotion_code_id }] },
    ];
    for (const overrides of cases) {
      const email = uniqueEmail("underpaid");
      expect((await webhook(completed(paidSession(email, overrides)))).status).toBe(200);
      expect(await purchaseOf(email)).toBeNull();
      expect(await hasAccess(email)).toBe(false);
    }
  });

  it("the test payment page honours the code from D1, priced as it will be charged", async () => {
    const admin = await signedInAdmin();
    const code = uniqueCode("FIVE");
    expectRedirect(await createCode(admin, { code, kind: "amount", amountOff: "5" }), "/admin");
    expect((await codeRow(code))!.stripe_promotion_code_id).toBeNull();
    const email = uniqueEmail("test-code");
    const checkout = cookieFrom(await applyCode(await startCheckout(email), code), "lc_checkout");
    expectRedirect(await postForm("/checkout?step=payment", { intent: "pay" }, { cookie: checkout }), "/mock-checkout", 303);
    const page = visibleText(await (await fetchAppWithEnv({}, "/mock-checkout", { headers: { Cookie: checkout } })).text());
    expect(page).toContain("$22.00 (Test)");
    expect(page).toContain(`Code ${code}: $5.00 off`);
    const paid = await postForm("/mock-checkout", { email, cardNumber: "4242 4242 4242 4242" }, { cookie: checkout });
    expect(paid.status).toBe(303);
    expect(await purchaseOf(email)).toMatchObject({ status: "paid", amount_cents: 2200, discount_code_id: (await codeRow(code))!.id });
  });

  it("refuses an unknown, expired, ended or used-up code with a clear message and keeps what was typed", async () => {
    const admin = await signedInAdmin();
    const checkout = await startCheckout(uniqueEmail("refused"));

    const unknown = await applyCode(checkout, "no-such-code");
    expect(unknown.status).toBe(400);
    const unknownPage = await unknown.text();
    expect(visibleText(unknownPage)).toContain("We don't know the code NO-SUCH-CODE. Check how it is spelled, or pay without one.");
    expect(unknownPage).toContain('value="NO-SUCH-CODE"');

    const expired = uniqueCode("OLD");
    await createCode(admin, { code: expired, percentOff: "20", lastDay: new Date().toISOString().slice(0, 10) });
    await env.DB.prepare("UPDATE discount_codes SET expires_at = ? WHERE code = ?")
      .bind(Date.now() - 1000, expired)
      .run();
    const late = await applyCode(checkout, expired);
    expect(late.status).toBe(410);
    expect(visibleText(await late.text())).toContain(`The code ${expired} has expired. You can still pay without it.`);

    const once = uniqueCode("ONCE");
    await createCode(admin, { code: once, percentOff: "20", maxUses: "1" });
    expect((await postJson("/api/mock-payment", { email: uniqueEmail("first"), code: once })).status).toBe(200);
    const usedUp = await applyCode(checkout, once);
    expect(usedUp.status).toBe(409);
    expect(visibleText(await usedUp.text())).toContain(`The code ${once} has been used as many times as it allows.`);
    // The test payment refuses it too, and charges nothing.
    const second = uniqueEmail("second");
    const api = await postJson("/api/mock-payment", { email: second, code: once });
    expect(api.status).toBe(400);
    expect(await purchaseOf(second)).toBeNull();

    // A code applied while valid and ended before Pay is refused at Pay, with the message.
    const ending = uniqueCode("ENDING");
    await createCode(admin, { code: ending, percentOff: "20" });
    const withCode = cookieFrom(await applyCode(checkout, ending), "lc_checkout");
    const id = (await codeRow(ending))!.id;
    expectRedirect(await postForm("/admin", { intent: "code-end", codeId: id }, { cookie: admin.cookie, env: admin.vars }), "/admin");
    const pay = await postForm("/checkout?step=payment", { intent: "pay" }, { cookie: withCode });
    expect(pay.status).toBe(409);
    expect(visibleText(await pay.text())).toContain(`The code ${ending} has expired.`);
  });

  it("Stripe has the last word: a promotion code it refuses at Pay is refused with the message, and no session is made", async () => {
    fakeStripe();
    const admin = await signedInAdmin(STRIPE_ENV);
    const code = uniqueCode("DASH");
    await createCode(admin, { code, percentOff: "20" });
    const checkout = cookieFrom(await applyCode(await startCheckout(uniqueEmail("dash"), STRIPE_ENV), code, STRIPE_ENV), "lc_checkout");
    // Deactivated in the Stripe dashboard (or used up there) after the buyer applied it.
    stripePromotionCodes.get((await codeRow(code))!.stripe_promotion_code_id!)!.active = false;
    const sessionsBefore = stripeSessions.size;
    const pay = await postForm("/checkout?step=payment", { intent: "pay" }, { cookie: checkout, env: STRIPE_ENV });
    expect(pay.status).toBe(409);
    expect(visibleText(await pay.text())).toContain(`The code ${code} has been used as many times as it allows.`);
    expect(stripeSessions.size).toBe(sessionsBefore);
  });

  it("ending a code deactivates its Stripe promotion code", async () => {
    fakeStripe();
    const admin = await signedInAdmin(STRIPE_ENV);
    const code = uniqueCode("BYE");
    await createCode(admin, { code, percentOff: "15" });
    const row = (await codeRow(code))!;
    expectRedirect(await postForm("/admin", { intent: "code-end", codeId: row.id }, { cookie: admin.cookie, env: admin.vars }), "/admin");
    expect(stripePromotionCodes.get(row.stripe_promotion_code_id!)?.active).toBe(false);
    expect((await codeRow(code))!.ended_at).not.toBeNull();
    const again = await postForm("/admin", { intent: "code-end", codeId: row.id }, { cookie: admin.cookie, env: admin.vars });
    expect(again.status).toBe(409);
  });

  it("the admin's form answers bad input with its messages, and a name taken with 409", async () => {
    const admin = await signedInAdmin();
    const bad = await createCode(admin, { code: "a b", kind: "percent", percentOff: "" });
    expect(bad.status).toBe(400);
    const text = visibleText(await bad.text());
    expect(text).toContain("Use letters, digits and dashes only.");
    expect(text).toContain("Enter the percent off.");
    const tooMuch = await createCode(admin, { code: uniqueCode("ALL"), kind: "amount", amountOff: "27" });
    expect(tooMuch.status).toBe(400);
    expect(visibleText(await tooMuch.text())).toContain("A code must leave at least $0.50 to pay.");
    const code = uniqueCode("TWICE");
    await createCode(admin, { code, percentOff: "5" });
    const taken = await createCode(admin, { code, percentOff: "5" });
    expect(taken.status).toBe(409);
    expect(visibleText(await taken.text())).toContain(`A code named ${code} exists already.`);
  });
});

/** A buyer with a password who paid through Stripe (the webhook), signed in. */
async function stripeBuyer() {
  const { email } = await createVerifiedUser(uniqueEmail("refunder"));
  const session = paidSession(email);
  expect((await webhook(completed(session))).status).toBe(200);
  return { email, session, cookie: await signInCookie(email, PASSWORD, STRIPE_ENV) };
}

function settingsPage(cookie: string, vars: Vars = STRIPE_ENV) {
  return fetchAppWithEnv(vars, "/settings", { headers: { Cookie: cookie } });
}

describe("the self-serve 30-day refund", () => {
  it("asks Stripe for the refund once, keeps the reason, and the charge.refunded webhook ends access", async () => {
    fakeStripe();
    const buyer = await stripeBuyer();
    const settings = visibleText(await (await settingsPage(buyer.cookie)).text());
    expect(settings).toContain("The 30-day guarantee refunds it in full until");
    expect(settings).toContain("Refund My Purchase");
    const confirm = visibleText(
      await (await fetchAppWithEnv(STRIPE_ENV, "/settings/refund", { headers: { Cookie: buyer.cookie } })).text(),
    );
    expect(confirm).toContain("Your access to the cards ends as soon as the refund is made.");

    const asked = await postForm("/settings/refund", { reason: "Not for me" }, { cookie: buyer.cookie, env: STRIPE_ENV });
    expectRedirect(asked, "/settings");
    expect(stripeRefunds).toEqual([
      { paymentIntent: buyer.session.payment_intent, idempotencyKey: expect.stringMatching(/^self-refund-/) },
    ]);
    const refundCall = stripeCalls.find((call) => call.path === "/v1/refunds")!;
    expect(refundCall.body.get("reason")).toBe("requested_by_customer");
    expect(await purchaseOf(buyer.email)).toMatchObject({ status: "paid", refund_reason: "Not for me" });
    const audit = await env.DB.prepare("SELECT * FROM admin_audit_log WHERE action = 'refund-requested' AND target_email = ?")
      .bind(buyer.email)
      .first<{ actor_email: string; detail: string }>();
    expect(audit?.actor_email).toBe(buyer.email);
    expect(JSON.parse(audit!.detail)).toMatchObject({ reasonGiven: true });
    expect(visibleText(await (await settingsPage(buyer.cookie)).text())).toContain("Stripe is returning it to your card");

    // Asked again (a second tab, a replayed post): nothing more is refunded.
    const again = await postForm("/settings/refund", {}, { cookie: buyer.cookie, env: STRIPE_ENV });
    expectRedirect(again, "/settings");
    expect(stripeRefunds).toHaveLength(1);
    expectRedirect(await fetchAppWithEnv(STRIPE_ENV, "/settings/refund", { headers: { Cookie: buyer.cookie } }), "/settings");

    // Stripe confirms: access ends, the buyer is told.
    expect((await webhook(refunded(buyer.session, 2700))).status).toBe(200);
    expect(await hasAccess(buyer.email)).toBe(false);
    expect((await purchaseOf(buyer.email))!.status).toBe("refunded");
    expect((await latestEmailTo(buyer.email, "refund")).subject).toContain("refund");
    expect(visibleText(await (await settingsPage(buyer.cookie)).text())).toContain("was refunded on");
    expectRedirect(await postForm("/settings/refund", {}, { cookie: buyer.cookie, env: STRIPE_ENV }), "/settings");
    expect(stripeRefunds).toHaveLength(1);
  });

  it("refunds a development test payment in D1 with the same effects", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("test-refund"));
    expect((await postJson("/api/mock-payment", { email })).status).toBe(200);
    const cookie = await signInCookie(email);
    const asked = await postForm("/settings/refund", { reason: "" }, { cookie });
    expectRedirect(asked, "/settings");
    const page = await fetchAppWithEnv({}, "/settings", { headers: { Cookie: `${cookie}; ${cookieFrom(asked, "lc_toast")}` } });
    expect(visibleText(await page.text())).toContain("Purchase refunded");
    expect(await hasAccess(email)).toBe(false);
    expect(await purchaseOf(email)).toMatchObject({ status: "refunded", refund_reason: null });
    expect((await latestEmailTo(email, "refund")).subject).toContain("refund");
    const actions = await env.DB.prepare("SELECT action FROM admin_audit_log WHERE target_email = ? ORDER BY created_at")
      .bind(email)
      .all<{ action: string }>();
    expect(actions.results.map((row) => row.action)).toEqual(["refund-requested", "refund"]);
    expectRedirect(await postForm("/settings/refund", {}, { cookie }), "/settings");
  });

  it("is refused after 30 days: the support address and why instead, and no refund", async () => {
    fakeStripe();
    const buyer = await stripeBuyer();
    await env.DB.prepare("UPDATE purchases SET created_at = ? WHERE lower(email) = lower(?)")
      .bind(Date.now() - 30 * 24 * 60 * 60 * 1000 - 60_000, buyer.email)
      .run();
    const settings = visibleText(await (await settingsPage(buyer.cookie)).text());
    expect(settings).not.toContain("Refund My Purchase");
    expect(settings).toContain("The 30-day guarantee has ended");
    expect(settings).toContain(env.SUPPORT_EMAIL);
    expectRedirect(await fetchAppWithEnv(STRIPE_ENV, "/settings/refund", { headers: { Cookie: buyer.cookie } }), "/settings");
    const posted = await postForm("/settings/refund", { reason: "late" }, { cookie: buyer.cookie, env: STRIPE_ENV });
    expectRedirect(posted, "/settings");
    expect(stripeRefunds).toHaveLength(0);
    expect(await hasAccess(buyer.email)).toBe(true);
    expect((await purchaseOf(buyer.email))!.refund_requested_at).toBeNull();
  });

  it("the reason is the buyer's: in their export, and gone when they delete their account", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("reason"));
    expect((await postJson("/api/mock-payment", { email })).status).toBe(200);
    const cookie = await signInCookie(email);
    expectRedirect(await postForm("/settings/refund", { reason: "My own words" }, { cookie }), "/settings");
    const exported = (await (await fetchAppWithEnv({}, "/account/data.json", { headers: { Cookie: cookie } })).json()) as {
      purchases: { refundReason: string | null }[];
    };
    expect(exported.purchases.map((purchase) => purchase.refundReason)).toEqual(["My own words"]);
    const { id } = (await purchaseOf(email))!;
    const deleted = await postForm("/account/delete", { intent: "delete-with-password", password: PASSWORD, confirm: "on" }, { cookie });
    expectRedirect(deleted, "/", 302);
    const kept = await env.DB.prepare("SELECT refund_reason, status FROM purchases WHERE id = ?").bind(id).first();
    expect(kept).toEqual({ refund_reason: null, status: "refunded" });
  });

  it("an overlong reason is refused with 400 and refunds nothing", async () => {
    fakeStripe();
    const buyer = await stripeBuyer();
    const response = await postForm("/settings/refund", { reason: "x".repeat(501) }, { cookie: buyer.cookie, env: STRIPE_ENV });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Please keep the reason under 500 characters.");
    expect(stripeRefunds).toHaveLength(0);
  });
});

describe("resend my access", () => {
  it("the receipt links to the sign-in page with its sign-in link form open, which answers the same whether or not the address bought", async () => {
    const buyer = uniqueEmail("lost-access");
    expect((await postJson("/api/mock-payment", { email: buyer })).status).toBe(200);
    const receipt = await latestEmailTo(buyer, "receipt");
    expect(receipt.text).toContain(`${env.APP_ORIGIN}/login?link=1`);
    const page = await (await fetchAppWithEnv({}, "/login?link=1")).text();
    expect(page).toMatch(/<details id="sign-in-link"[^>]* open=""/);
    expect(await (await fetchAppWithEnv({}, "/login")).text()).not.toMatch(/<details id="sign-in-link"[^>]* open=""/);

    const stranger = uniqueEmail("never-bought");
    const forBuyer = await postForm("/login?link=1", { intent: "link", email: buyer, redirectTo: "/cards" });
    const forStranger = await postForm("/login?link=1", { intent: "link", email: stranger, redirectTo: "/cards" });
    expect(forBuyer.status).toBe(forStranger.status);
    expect(forBuyer.headers.get("Location")).toBe(forStranger.headers.get("Location"));
    const toastOf = async (response: Response) =>
      visibleText(await (await fetchAppWithEnv({}, "/login", { headers: { Cookie: cookieFrom(response, "lc_toast") } })).text());
    expect(await toastOf(forBuyer)).toContain("If an account exists for this email, a sign-in link is on its way.");
    expect(await toastOf(forStranger)).toContain("If an account exists for this email, a sign-in link is on its way.");
  });
});
