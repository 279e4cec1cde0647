/**
 * Attacks on payment and access: spending the Stripe quota, getting access from a payment that is not
 * ours, reopening a claimed account from a success URL, paying twice, losing a dispute, and an admin
 * change that could land without its audit row.
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
  stripeRefunds,
  stripeSessions,
  webhook,
} from "../../fakes/stripe";
import { uniqueEmail } from "../../support/identities";
import {
  cookieFrom,
  createVerifiedUser,
  expectConsoleError,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  PRODUCTION,
  postForm,
  postJson,
  signInCookie,
  visibleText,
} from "../helpers";

type PurchaseRow = { id: string; status: string; provider: string; stripe_payment_intent_id: string | null };

async function purchasesOf(email: string): Promise<PurchaseRow[]> {
  return (
    await env.DB.prepare(
      "SELECT p.* FROM purchases p JOIN users u ON u.id = p.user_id WHERE lower(u.email) = lower(?) ORDER BY p.created_at, p.id",
    )
      .bind(email)
      .all<PurchaseRow>()
  ).results;
}

async function auditActions(email: string): Promise<string[]> {
  return (
    await env.DB.prepare("SELECT action FROM admin_audit_log WHERE lower(target_email) = lower(?) ORDER BY created_at")
      .bind(email)
      .all<{ action: string }>()
  ).results.map((row) => row.action);
}

function withIp(ip: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), "CF-Connecting-IP": ip } };
}

describe("the Stripe API quota", () => {
  it("/success calls Stripe only for a well-formed Checkout Session id", async () => {
    fakeStripe();
    for (const junk of ["anything", "cs_test_", "cs_test_abc/../../v1/charges", "pi_123", "cs_live_abc?expand=x", "x".repeat(300)]) {
      const response = await fetchAppWithEnv(STRIPE_ENV, `/success?session_id=${encodeURIComponent(junk)}`);
      expect(response.status, junk).toBe(400);
    }
    expect(stripeCalls).toHaveLength(0);
    // A well-formed id is looked up (and, unknown to Stripe, is a 404).
    expect((await fetchAppWithEnv(STRIPE_ENV, "/success?session_id=cs_test_a1B2c3D4e5")).status).toBe(404);
    expect(stripeCalls.map((call) => call.path)).toEqual(["/v1/checkout/sessions/cs_test_a1B2c3D4e5"]);
  });

  it("one address cannot look up session ids without end: /success is limited per IP", async () => {
    fakeStripe();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await fetchAppWithEnv(
        { ...PRODUCTION, ...STRIPE_ENV },
        `/success?session_id=cs_test_guess${attempt}`,
        withIp("198.51.100.7"),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).includes(429)).toBe(false);
    expect(statuses[30]).toBe(429);
    expect(stripeCalls).toHaveLength(30);
  });

  it("double-clicking Pay creates one Checkout Session, and checkout POSTs are limited per IP", async () => {
    fakeStripe();
    const email = uniqueEmail("double");
    const vars = { ...PRODUCTION, ...STRIPE_ENV };
    const details = await postForm("/checkout", { intent: "details", name: "Grace Buyer", email, emailConfirmation: email }, { env: vars });
    const cookie = cookieFrom(details, "lc_checkout");
    const [first, second] = await Promise.all([
      postForm("/checkout", { intent: "pay" }, { cookie, env: vars }),
      postForm("/checkout", { intent: "pay" }, { cookie, env: vars }),
    ]);
    expect(first.status).toBe(303);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const keys = stripeCalls.filter((call) => call.path === "/v1/checkout/sessions").map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect([...stripeSessions.values()].filter((session) => session.customer_email === email)).toHaveLength(1);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await fetchAppWithEnv(
        vars,
        "/checkout",
        withIp("198.51.100.8", {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body: "intent=pay",
        }),
      );
      statuses.push(response.status);
    }
    expect(statuses[10]).toBe(429);
  });
});

describe("fulfilment grants only for this app's payment of the configured price", () => {
  it("ignores a paid session without the app's marker, for another amount or currency, or test mode in production", async () => {
    fakeStripe();
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ["another product on the same Stripe account", { metadata: { userId: "", visitorId: "v", name: "Mallory" } }, STRIPE_ENV],
      ["one dollar", { amount_total: 100 }, STRIPE_ENV],
      ["another currency", { currency: "jpy" }, STRIPE_ENV],
      ["test mode in production", { livemode: false }, { ...PRODUCTION, ...STRIPE_ENV }],
    ];
    for (const [label, overrides, vars] of cases) {
      const email = uniqueEmail("mallory");
      const session = paidSession(email, overrides);
      expect((await webhook(completed(session), { env: vars })).status, label).toBe(200);
      expect(await purchasesOf(email), label).toHaveLength(0);
      const page = await fetchAppWithEnv(vars, `/success?session_id=${session.id}`);
      expect(page.status, label).toBe(404);
      expect(await purchasesOf(email), label).toHaveLength(0);
    }
  });

  it("a live payment of the configured price in production still grants", async () => {
    fakeStripe();
    const email = uniqueEmail("live");
    const session = paidSession(email, { livemode: true });
    expect((await webhook(completed(session), { env: { ...PRODUCTION, ...STRIPE_ENV, RESEND_API_KEY: "" } })).status).toBe(200);
    expect((await purchasesOf(email)).map((purchase) => purchase.status)).toEqual(["paid"]);
    // The receipt waits in the queue, is retried, then dead-lettered: it shows failed on /admin, the purchase stands.
    expectConsoleError(/receipt: lifetime access\) failed after 5 attempts: RESEND_API_KEY is not configured/);
  });

  it("a lost dispute takes access away like a full refund: audit row and email; a won dispute changes nothing", async () => {
    fakeStripe();
    const lost = uniqueEmail("disputed");
    const won = uniqueEmail("kept");
    const lostSession = paidSession(lost);
    const wonSession = paidSession(won);
    await webhook(completed(lostSession));
    await webhook(completed(wonSession));
    const dispute = (session: typeof lostSession, status: string) => ({
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.dispute.closed",
      data: {
        object: { id: `dp_${crypto.randomUUID()}`, object: "dispute", amount: 2700, status, payment_intent: session.payment_intent },
      },
    });
    expect((await webhook(dispute(lostSession, "lost"))).status).toBe(200);
    expect((await webhook(dispute(wonSession, "won"))).status).toBe(200);

    expect((await purchasesOf(lost)).map((purchase) => purchase.status)).toEqual(["refunded"]);
    expect(await auditActions(lost)).toContain("dispute-lost");
    expect((await latestEmailTo(lost)).subject).toContain("payment was returned");
    expect((await purchasesOf(won)).map((purchase) => purchase.status)).toEqual(["paid"]);
  });
});

describe("the success page's automatic sign-in after the owner has claimed the account", () => {
  it("is refused once the mailbox owner has signed in (and so verified) the account the purchase created", async () => {
    fakeStripe();
    const email = uniqueEmail("claimed");
    const session = paidSession(email);
    await webhook(completed(session));
    // The owner uses the receipt's sign-in link: the account is now theirs.
    const receipt = await latestEmailTo(email);
    expect((await postForm("/login/link", { token: receipt.token! })).status).toBe(302);

    // Whoever holds the success URL (history, a screenshot) no longer gets a session.
    const page = await fetchAppWithEnv(STRIPE_ENV, `/success?session_id=${session.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);
    expect(visibleText(await page.text())).toContain(`We emailed a sign-in link to ${email}`);
  });
});

describe("paying twice for one email", () => {
  it("test mode: a second payment, one after the other or at once, ends refunded with one paid purchase left", async () => {
    const email = uniqueEmail("twice");
    expect((await postJson("/api/mock-payment", { email })).status).toBe(200);
    expect((await postJson("/api/mock-payment", { email })).status).toBe(200);
    expect((await purchasesOf(email)).map((purchase) => purchase.status).sort()).toEqual(["paid", "refunded"]);
    expect((await latestEmailTo(email)).subject).toContain("We refunded your second");
    expect(await auditActions(email)).toEqual(["refund-duplicate"]);

    const racing = uniqueEmail("race");
    const answers = await Promise.all([postJson("/api/mock-payment", { email: racing }), postJson("/api/mock-payment", { email: racing })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await purchasesOf(racing)).map((purchase) => purchase.status).sort()).toEqual(["paid", "refunded"]);
  });

  it("the mock checkout page refunds a second payment the same way", async () => {
    const email = uniqueEmail("form-twice");
    for (let attempt = 0; attempt < 2; attempt++) {
      const paid = await postForm("/mock-checkout", { email, name: "Grace", cardNumber: "4242 4242 4242 4242" });
      expect(paid.status).toBe(303);
    }
    expect((await purchasesOf(email)).map((purchase) => purchase.status).sort()).toEqual(["paid", "refunded"]);
  });

  it("Stripe: the second Checkout Session is refunded through Stripe once, even when the webhook is redelivered", async () => {
    fakeStripe();
    const email = uniqueEmail("stripe-twice");
    const first = paidSession(email);
    const second = paidSession(email);
    await webhook(completed(first));
    await Promise.all([webhook(completed(second)), webhook(completed(second))]);
    await webhook(completed(second));

    const purchases = await purchasesOf(email);
    expect(purchases.map((purchase) => [purchase.stripe_payment_intent_id, purchase.status])).toEqual([
      [first.payment_intent, "paid"],
      [second.payment_intent, "refunded"],
    ]);
    // Every refund call for it carried one idempotency key, so Stripe refunds it once.
    expect(new Set(stripeRefunds.map((refund) => `${refund.paymentIntent} ${refund.idempotencyKey}`)).size).toBe(1);
    expect(stripeRefunds[0]!.paymentIntent).toBe(second.payment_intent);
    // Stripe then reports the refund; that changes nothing more (the first purchase keeps access).
    expect((await webhook(refunded(second, 2700))).status).toBe(200);
    expect((await purchasesOf(email)).map((purchase) => purchase.status)).toEqual(["paid", "refunded"]);
  });
});

describe("admin changes and their audit rows land together", () => {
  /** An audit log that refuses revoke rows: before the fix the grant was revoked with no record of who did it. */
  async function auditLogRefuses(action: string) {
    await env.DB.prepare(
      `CREATE TRIGGER IF NOT EXISTS refuse_${action} BEFORE INSERT ON admin_audit_log WHEN NEW.action = '${action}' BEGIN SELECT RAISE(ABORT, 'audit log unavailable'); END`,
    ).run();
    return () => env.DB.prepare(`DROP TRIGGER refuse_${action}`).run();
  }

  it("a revoke whose audit row cannot be written changes nothing", async () => {
    const { email: adminEmail } = await createVerifiedUser(uniqueEmail("admin"));
    const vars = { ADMIN_EMAILS: adminEmail };
    const cookie = await signInCookie(adminEmail, undefined, vars);
    const target = uniqueEmail("granted");
    expect((await postForm("/admin", { intent: "grant", email: target, reason: "Gift" }, { cookie, env: vars })).status).toBe(302);

    const restore = await auditLogRefuses("revoke");
    try {
      const response = await postForm("/admin", { intent: "revoke", email: target, reason: "Mistake" }, { cookie, env: vars });
      expect(response.status).toBe(503);
    } finally {
      await restore();
    }
    const grant = await env.DB.prepare("SELECT g.revoked_at FROM access_grants g JOIN users u ON u.id = g.user_id WHERE u.email = ?")
      .bind(target)
      .first<{ revoked_at: number | null }>();
    expect(grant!.revoked_at).toBeNull();
    expect(await auditActions(target)).toEqual(["grant"]);
  });
});
