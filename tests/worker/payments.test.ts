import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { completed, fakeStripe, paidSession, refunded, STRIPE_ENV, stripeCalls, webhook } from "../fakes/stripe";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  countEmailsTo,
  createVerifiedUser,
  expectConsoleError,
  expectRedirect,
  fetchApp,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  PRODUCTION,
  postForm,
  postJson,
  visibleText,
} from "./helpers";

async function totalCards() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>())!.n;
}
async function purchasesFor(email: string) {
  return (
    await env.DB.prepare("SELECT * FROM purchases WHERE lower(email) = lower(?)")
      .bind(email)
      .all<{ id: string; status: string; created_user: number; stripe_checkout_session_id: string }>()
  ).results;
}
async function accessRow(email: string) {
  return env.DB.prepare(
    "SELECT EXISTS(SELECT 1 FROM purchases p JOIN users u ON u.id = p.user_id WHERE lower(u.email) = lower(?) AND p.status = 'paid') AS paid",
  )
    .bind(email)
    .first<{ paid: number }>();
}

/** Submits the checkout's details step as a browser would; returns the cookie the payment step needs. */
async function detailsStep(fields: Record<string, string>, options: { cookie?: string; overrides?: Record<string, string> } = {}) {
  const init = {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...(options.cookie ? { Cookie: options.cookie } : {}) },
    body: new URLSearchParams({ intent: "details", ...fields }).toString(),
  };
  return options.overrides ? fetchAppWithEnv(options.overrides, "/checkout", init) : fetchApp("/checkout", init);
}

describe("checkout in test mode (development, no Stripe key)", () => {
  it("validates the details with the spec's messages", async () => {
    const response = await detailsStep({ name: "A", email: "grace@example.com", emailConfirmation: "other@example.com" });
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain("Name must be at least 2 characters");
    expect(text).toContain("Email addresses must match");
    const badEmail = visibleText(await (await detailsStep({ name: "Grace", email: "nope", emailConfirmation: "nope" })).text());
    expect(badEmail).toContain("Please enter a valid email address");
  });

  it("runs details → payment → mock checkout → success → /cards, granting once and signing the new buyer in", async () => {
    const email = uniqueEmail("buyer");
    const details = await detailsStep({ name: "Grace Buyer", email, emailConfirmation: email });
    expectRedirect(details, "/checkout?step=payment");
    const checkoutCookie = cookieFrom(details, "lc_checkout");

    const payment = visibleText(await (await fetchApp("/checkout?step=payment", { headers: { Cookie: checkoutCookie } })).text());
    const cards = await totalCards();
    for (const text of [
      "Complete Your Purchase",
      "Grace Buyer",
      email,
      `${cards} LIGHT Cards`,
      "$27.00",
      "Pay $27.00",
      "Back to Details",
    ]) {
      expect(payment).toContain(text);
    }
    expectRedirect(await postForm("/checkout", { intent: "pay" }, { cookie: checkoutCookie }), "/mock-checkout", 303);

    const mockPage = await (await fetchApp("/mock-checkout", { headers: { Cookie: checkoutCookie } })).text();
    expect(mockPage).toContain(`value="${email}"`);
    expect(mockPage).toContain('value="4242 4242 4242 4242"');
    expect(visibleText(mockPage)).toContain("$27.00 (Test)");

    const paid = await postForm(
      "/mock-checkout",
      { email, name: "Grace Buyer", cardNumber: "4242 4242 4242 4242" },
      { cookie: checkoutCookie },
    );
    expect(paid.status).toBe(303);
    const successUrl = paid.headers.get("Location")!;
    expect(successUrl).toMatch(/^\/success\?session_id=mock_[0-9a-f-]{36}$/);

    const success = await fetchApp(successUrl);
    expect(success.status).toBe(200);
    expect(visibleText(await success.text())).toContain(`Access granted to all ${cards} cards!`);
    const session = cookieFrom(success, "lc_session");

    const collection = await fetchApp("/cards", { headers: { Cookie: session } });
    expect(collection.status).toBe(200);
    const html = await collection.text();
    expect(visibleText(html)).toContain(`${cards} Cards Available`);
    // Every card once (today's featured card shows twice: above the list and in it).
    expect(new Set([...html.matchAll(/data-card-id="([^"]+)"/g)].map((match) => match[1])).size).toBe(cards);

    expect(await purchasesFor(email)).toHaveLength(1);
    const receipt = await latestEmailTo(email);
    expect(receipt.subject).toContain("receipt");
    expect(receipt.link).toContain("/login/link?token=");
    // The receipt links the shop's policies (Terms, Privacy, Refund policy).
    for (const path of ["/terms", "/privacy", "/refund-policy"]) expect(receipt.text).toContain(`${ORIGIN}${path}`);
    // The success URL signs in once: opened again (or leaked), it only says a link was emailed.
    const again = await fetchApp(successUrl);
    expect(again.headers.getSetCookie().some((value) => value.startsWith("lc_session="))).toBe(false);
    expect(visibleText(await again.text())).toContain(`We emailed a sign-in link to ${email}`);
  });

  it("declines the test cards that fail, with their messages, and grants nothing", async () => {
    const email = uniqueEmail("declined");
    const cases: [string, string][] = [
      ["4000 0000 0000 0002", "Your card was declined."],
      ["4000 0000 0000 9995", "Your card has insufficient funds."],
      ["5555 5555 5555 4444", "Use one of the test card numbers listed on /test-checkout."],
    ];
    for (const [cardNumber, message] of cases) {
      const response = await postForm("/mock-checkout", { email, cardNumber });
      expect(response.status).toBe(402);
      expect(visibleText(await response.text())).toContain(message);
    }
    expect(await purchasesFor(email)).toHaveLength(0);
  });

  it("POST /api/mock-payment does the same for API clients", async () => {
    const email = uniqueEmail("api-buyer");
    const declined = await postJson("/api/mock-payment", { email, cardNumber: "4000000000000002" });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({ error: "Your card was declined." });
    const paid = await postJson("/api/mock-payment", { email });
    expect(paid.status).toBe(200);
    const body = (await paid.json()) as { success: boolean; sessionId: string };
    expect(body.success).toBe(true);
    expect(body.sessionId).toMatch(/^mock_/);
    expect(await accessRow(email)).toEqual({ paid: 1 });
  });

  it("sends a signed-in user who already has access from /checkout to /cards", async () => {
    const { email } = await createVerifiedUser();
    const signIn = await postForm("/login", { email, password: PASSWORD, intent: "password" });
    const session = cookieFrom(signIn, "lc_session");
    await postJson("/api/mock-payment", { email });
    expectRedirect(await fetchApp("/checkout", { headers: { Cookie: session } }), "/cards");
  });
});

describe("test mode is development only; production fails closed", () => {
  it("answers 404 for the test routes outside development", async () => {
    expect((await fetchAppWithEnv(PRODUCTION, "/test-checkout")).status).toBe(404);
    expect((await fetchAppWithEnv(PRODUCTION, "/mock-checkout")).status).toBe(404);
    const api = await fetchAppWithEnv(PRODUCTION, "/api/mock-payment", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(api.status).toBe(404);
    const { sessionId } = (await (await postJson("/api/mock-payment", { email: uniqueEmail("dev") })).json()) as { sessionId: string };
    expect((await fetchAppWithEnv(PRODUCTION, `/success?session_id=${sessionId}`)).status).toBe(404);
  });

  it("refuses checkout in production without a Stripe key, with a clear message and no free access", async () => {
    const email = uniqueEmail("prod");
    const details = await detailsStep({ name: "Grace", email, emailConfirmation: email }, { overrides: PRODUCTION });
    const cookie = cookieFrom(details, "lc_checkout");
    const pay = await fetchAppWithEnv(PRODUCTION, "/checkout?step=payment", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: "intent=pay",
    });
    expect(pay.status).toBe(503);
    expect(visibleText(await pay.text())).toContain("Payments are not available right now");
    expectConsoleError(/STRIPE_SECRET_KEY is not configured/);
    expect(await purchasesFor(email)).toHaveLength(0);
  });
});

describe("Stripe Checkout and the webhook", () => {
  it("redirects (303) to a Checkout Session built from the configured price, the buyer and the visitor", async () => {
    fakeStripe();
    const email = uniqueEmail("stripe");
    const details = await detailsStep({ name: "Grace Buyer", email, emailConfirmation: email }, { overrides: STRIPE_ENV });
    const pay = await fetchAppWithEnv(STRIPE_ENV, "/checkout?step=payment", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieFrom(details, "lc_checkout") },
      body: "intent=pay",
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = stripeCalls.find((c) => c.path === "/v1/checkout/sessions")!;
    expect(call.body.get("mode")).toBe("payment");
    expect(call.body.get("line_items[0][price_data][unit_amount]")).toBe(env.PRICE_CENTS);
    expect(call.body.get("line_items[0][price_data][currency]")).toBe(env.CURRENCY);
    expect(call.body.get("customer_email")).toBe(email);
    expect(call.body.get("client_reference_id")).toBe(call.body.get("metadata[visitorId]"));
    expect(call.body.get("metadata[visitorId]")).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body.get("success_url")).toBe(`${env.APP_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(call.body.get("cancel_url")).toBe(`${env.APP_ORIGIN}/checkout?step=payment&cancelled=1`);
  });

  it("shows 'Payment cancelled' when Stripe sends the buyer back", async () => {
    const email = uniqueEmail("cancel");
    const details = await detailsStep({ name: "Grace", email, emailConfirmation: email });
    const page = await fetchApp("/checkout?step=payment&cancelled=1", { headers: { Cookie: cookieFrom(details, "lc_checkout") } });
    expect(visibleText(await page.text())).toContain("Payment cancelled. You have not been charged.");
  });

  it("refuses unverifiable webhooks with 400 and changes nothing", async () => {
    const email = uniqueEmail("forged");
    const session = paidSession(email);
    expect((await webhook(completed(session), { secret: "whsec_wrong" })).status).toBe(400);
    expect((await webhook(completed(session), { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await webhook(completed(session), { env: { STRIPE_SECRET_KEY: "sk_test_fake" } })).status).toBe(400);
    expect(await purchasesFor(email)).toHaveLength(0);
  });

  it("grants once per Checkout Session: a replay and ten concurrent duplicates leave one purchase and one receipt", async () => {
    const email = uniqueEmail("webhook");
    const session = paidSession(email);
    const event = completed(session);
    expect((await webhook(event)).status).toBe(200);
    expect((await webhook(event)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, () => webhook(event)));
    expect(burst.every((response) => response.status === 200)).toBe(true);
    const rows = await purchasesFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stripe_checkout_session_id).toBe(session.id);
    expect(await countEmailsTo(email)).toBe(1);
    expect(await accessRow(email)).toEqual({ paid: 1 });
  });

  it("the success page fulfils a paid session the webhook has not delivered yet, through the same function", async () => {
    fakeStripe();
    const email = uniqueEmail("late-webhook");
    const session = paidSession(email);
    const page = await fetchAppWithEnv(STRIPE_ENV, `/success?session_id=${session.id}`);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toMatch(/Access granted to all \d+ cards!/);
    expect(await purchasesFor(email)).toHaveLength(1);
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(completed(session))).status).toBe(200);
    expect(await purchasesFor(email)).toHaveLength(1);
    expect(await countEmailsTo(email)).toBe(1);
  });

  it("paying with an existing account's email does not sign the payer into it; its owner gets a sign-in link", async () => {
    fakeStripe();
    const { email } = await createVerifiedUser(uniqueEmail("owner"));
    const session = paidSession(email);
    const page = await fetchAppWithEnv(STRIPE_ENV, `/success?session_id=${session.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((value) => value.startsWith("lc_session="))).toBe(false);
    expect(visibleText(await page.text())).toContain(`We emailed a sign-in link to ${email}`);
    expect((await latestEmailTo(email)).link).toContain("/login/link?token=");
  });

  it("never signs anyone into an admin's account from a success URL", async () => {
    fakeStripe();
    const adminEmail = uniqueEmail("admin");
    const session = paidSession(adminEmail);
    const page = await fetchAppWithEnv({ ...STRIPE_ENV, ADMIN_EMAILS: adminEmail }, `/success?session_id=${session.id}`);
    expect(page.headers.getSetCookie().some((value) => value.startsWith("lc_session="))).toBe(false);
  });

  it("a full refund (the 30-day guarantee) revokes access and tells the buyer; a partial one does not", async () => {
    const fullEmail = uniqueEmail("refund-full");
    const full = paidSession(fullEmail);
    await webhook(completed(full));
    expect((await webhook(refunded(full, 2700))).status).toBe(200);
    expect(await accessRow(fullEmail)).toEqual({ paid: 0 });
    expect((await purchasesFor(fullEmail))[0]!.status).toBe("refunded");
    expect((await latestEmailTo(fullEmail)).subject).toContain("refund");

    const partialEmail = uniqueEmail("refund-partial");
    const partial = paidSession(partialEmail);
    await webhook(completed(partial));
    expect((await webhook(refunded(partial, 1000))).status).toBe(200);
    expect(await accessRow(partialEmail)).toEqual({ paid: 1 });
  });
});

describe("the access gate on /cards", () => {
  it("shows visitors the gate (200) with the purchase link and, in development, the dev grant", async () => {
    const response = await fetchApp("/cards");
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Access Your Collection");
    expect(text).toContain("Check Access");
    expect(text).toContain("Purchase Collection ($27)");
    expect(text).toContain("Grant Access (Dev)");
    expect(visibleText(await (await fetchAppWithEnv(PRODUCTION, "/cards")).text())).not.toContain("Grant Access (Dev)");
  });

  it("sends a signed-in user without access to /checkout with 'Access Required'", async () => {
    const { email } = await createVerifiedUser();
    const session = cookieFrom(await postForm("/login", { email, password: PASSWORD, intent: "password" }), "lc_session");
    const response = await fetchApp("/cards", { headers: { Cookie: session } });
    expectRedirect(response, "/checkout");
    const toast = await fetchApp("/checkout", { headers: { Cookie: `${session}; ${cookieFrom(response, "lc_toast")}` } });
    expect(visibleText(await toast.text())).toContain("Access Required");
  });

  it("emails a sign-in link only to a buyer, answers the same for anyone, and the link confirms access", async () => {
    const buyer = uniqueEmail("gate-buyer");
    await postJson("/api/mock-payment", { email: buyer });
    const before = await countEmailsTo(buyer);
    const stranger = uniqueEmail("gate-stranger");
    const forBuyer = await postForm("/cards", { intent: "check-access", email: buyer });
    const forStranger = await postForm("/cards", { intent: "check-access", email: stranger });
    expectRedirect(forBuyer, "/cards?sent=1");
    expectRedirect(forStranger, "/cards?sent=1");
    expect(await countEmailsTo(buyer)).toBe(before + 1);
    expect(await countEmailsTo(stranger)).toBe(0);

    const { token, link } = await latestEmailTo(buyer);
    expect(link).toContain("confirm=access");
    const signedIn = await postForm("/login/link", { token: token!, confirm: "access", redirectTo: "/cards" });
    expectRedirect(signedIn, "/cards");
    const next = await fetchApp("/cards", {
      headers: { Cookie: `${cookieFrom(signedIn, "lc_session")}; ${cookieFrom(signedIn, "lc_toast")}` },
    });
    expect(visibleText(await next.text())).toContain("Access Confirmed!");
  });

  it("'Grant Access (Dev)' grants the typed email and signs in as it, in development only", async () => {
    const email = uniqueEmail("dev-grant");
    const response = await postForm("/cards", { intent: "dev-grant", email });
    expectRedirect(response, "/cards");
    const page = await fetchApp("/cards", {
      headers: { Cookie: `${cookieFrom(response, "lc_session")}; ${cookieFrom(response, "lc_toast")}` },
    });
    const text = visibleText(await page.text());
    expect(text).toContain("Access Granted!");
    expect(text).toMatch(/\d+ Cards Available/);
    const prod = await fetchAppWithEnv(PRODUCTION, "/cards", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "dev-grant", email: uniqueEmail() }).toString(),
    });
    expect(prod.status).toBe(404);
  });
});
