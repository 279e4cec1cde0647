/**
 * Stripe faked at the fetch boundary, for Worker tests: the app's real Stripe client talks to this
 * stand-in for api.stripe.com (Checkout Sessions, refunds), and webhooks are signed with Stripe's own
 * test helper and verified by the app's real code path.
 */
import Stripe from "stripe";
import { cookieFrom, fetchAppWithEnv, ORIGIN } from "../worker/helpers";
import { fakeHosts } from "./fetch";

export const STRIPE_ENV = { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: "whsec_test_secret" };

type FakeSession = Record<string, unknown> & { id: string };
export const stripeSessions = new Map<string, FakeSession>();
export const stripeCalls: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[] = [];
/** Refunds created through the API, by payment intent. */
export const stripeRefunds: { paymentIntent: string; idempotencyKey: string | null }[] = [];

/** Stripe's idempotency: the same key answers with the first response. */
const idempotentResponses = new Map<string, unknown>();

/** Answers api.stripe.com for the rest of the test (tests/fakes/fetch.ts restores fetch after it). */
export function fakeStripe() {
  return fakeHosts(["api.stripe.com"], async (request) => {
    const url = new URL(request.url);
    const body = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    const idempotencyKey = request.headers.get("Idempotency-Key");
    stripeCalls.push({ method: request.method, path: url.pathname, body, idempotencyKey });
    if (request.method === "POST" && idempotencyKey && idempotentResponses.has(`${url.pathname} ${idempotencyKey}`)) {
      return Response.json(idempotentResponses.get(`${url.pathname} ${idempotencyKey}`));
    }
    const remember = (value: unknown) => {
      if (idempotencyKey) idempotentResponses.set(`${url.pathname} ${idempotencyKey}`, value);
      return Response.json(value);
    };
    const promotion = await fakeDiscounts(request.method, url.pathname, body);
    if (promotion) return promotion.status === 200 ? remember(await promotion.json()) : promotion;
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const field = /^metadata\[(.+)\]$/.exec(key);
        if (field) metadata[field[1]!] = value;
      }
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        payment_status: "unpaid",
        livemode: false,
        customer_email: body.get("customer_email"),
        metadata,
        amount_total: Number(body.get("line_items[0][price_data][unit_amount]")),
        currency: body.get("line_items[0][price_data][currency]"),
      };
      const applied = body.get("discounts[0][promotion_code]");
      if (applied) {
        // Stripe refuses a promotion code that is inactive, expired or used up, and otherwise takes its coupon off.
        const code = stripePromotionCodes.get(applied);
        if (!code?.active) {
          return Response.json(
            { error: { type: "invalid_request_error", message: "This promotion code cannot be redeemed." } },
            { status: 400 },
          );
        }
        const coupon = stripeCoupons.get(code.coupon)!;
        const price = session.amount_total as number;
        const off = coupon.percent_off ? Math.round((price * coupon.percent_off) / 100) : Math.min(coupon.amount_off ?? 0, price);
        session.amount_total = price - off;
        session.total_details = { amount_discount: off, amount_shipping: 0, amount_tax: 0 };
        session.discounts = [{ coupon: null, promotion_code: applied }];
      }
      stripeSessions.set(id, session);
      return remember(session);
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const paymentIntent = body.get("payment_intent") ?? "";
      stripeRefunds.push({ paymentIntent, idempotencyKey });
      return remember({
        id: `re_${crypto.randomUUID().replace(/-/g, "")}`,
        object: "refund",
        status: "succeeded",
        payment_intent: paymentIntent,
      });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && match) {
      const session = stripeSessions.get(match[1]!);
      return session ? Response.json(session) : Response.json({ error: { message: "No such checkout session" } }, { status: 404 });
    }
    return Response.json({ error: { message: `Unexpected Stripe call ${request.method} ${url.pathname}` } }, { status: 400 });
  });
}
/** Coupons and promotion codes created through the API (the admin's discount codes). */
export const stripeCoupons = new Map<
  string,
  { id: string; percent_off: number | null; amount_off: number | null; currency: string | null }
>();
export const stripePromotionCodes = new Map<string, { id: string; code: string; coupon: string; active: boolean }>();

async function fakeDiscounts(method: string, path: string, body: URLSearchParams): Promise<Response | null> {
  if (method === "POST" && path === "/v1/coupons") {
    const id = `coupon_${crypto.randomUUID().slice(0, 8)}`;
    const percent = body.get("percent_off");
    const amount = body.get("amount_off");
    const coupon = {
      id,
      percent_off: percent ? Number(percent) : null,
      amount_off: amount ? Number(amount) : null,
      currency: body.get("currency"),
    };
    stripeCoupons.set(id, coupon);
    return Response.json({ object: "coupon", duration: body.get("duration"), name: body.get("name"), ...coupon });
  }
  if (method === "POST" && path === "/v1/promotion_codes") {
    const id = `promo_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
    const code = { id, code: body.get("code") ?? "", coupon: body.get("promotion[coupon]") ?? "", active: true };
    stripePromotionCodes.set(id, code);
    return Response.json({
      object: "promotion_code",
      ...code,
      expires_at: body.get("expires_at") ? Number(body.get("expires_at")) : null,
      max_redemptions: body.get("max_redemptions") ? Number(body.get("max_redemptions")) : null,
    });
  }
  const update = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path);
  if (method === "POST" && update) {
    const code = stripePromotionCodes.get(update[1]!);
    if (!code) return Response.json({ error: { type: "invalid_request_error", message: "No such promotion code" } }, { status: 404 });
    if (body.get("active") === "false") code.active = false;
    return Response.json({ object: "promotion_code", ...code });
  }
  return null;
}

/** Forgets the calls and refunds recorded (after each test: tests/worker/setup.ts). */
export function resetStripeRecords() {
  stripeCalls.length = 0;
  stripeRefunds.length = 0;
}

/** A Checkout Session the buyer has paid (as Stripe would report it for one this app created). */
export function paidSession(email: string, overrides: Partial<FakeSession> = {}): FakeSession {
  const id = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
  const session: FakeSession = {
    id,
    object: "checkout.session",
    payment_status: "paid",
    status: "complete",
    livemode: false,
    customer_email: email,
    customer_details: { email, name: "Grace Buyer" },
    payment_intent: `pi_${id.slice(8, 30)}`,
    amount_total: 2700,
    currency: "usd",
    metadata: { app: "light-cards", userId: "", visitorId: crypto.randomUUID(), name: "Grace Buyer" },
    ...overrides,
  };
  stripeSessions.set(id, session);
  return session;
}

export async function webhook(
  event: Record<string, unknown>,
  options: { secret?: string; signature?: string; env?: Record<string, string> } = {},
) {
  const payload = JSON.stringify({
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    ...event,
  });
  const signature =
    options.signature ??
    (await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
  return fetchAppWithEnv(options.env ?? STRIPE_ENV, "/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

export function completed(session: FakeSession) {
  return { id: `evt_${crypto.randomUUID()}`, type: "checkout.session.completed", data: { object: session } };
}

/** Stripe's `charge.refunded` for a paid session: `refundedCents` of its 2700 given back. */
export function refunded(session: FakeSession, refundedCents: number) {
  return {
    id: `evt_${crypto.randomUUID()}`,
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${crypto.randomUUID()}`,
        object: "charge",
        amount: 2700,
        amount_refunded: refundedCents,
        payment_intent: session.payment_intent,
      },
    },
  };
}

/**
 * Checks out as this browser would, through the app (the details step, then Pay, with Stripe faked), and returns the
 * metadata the app gave the Checkout Session: what Stripe hands back to the webhook.
 */
export async function checkoutMetadataAs(browserCookies: string, email: string): Promise<Record<string, string>> {
  const form = (body: Record<string, string>, cookie: string) => ({
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(body).toString(),
  });
  const details = await fetchAppWithEnv(
    STRIPE_ENV,
    "/checkout",
    form({ intent: "details", name: "Grace Buyer", email, emailConfirmation: email }, browserCookies),
  );
  const pay = await fetchAppWithEnv(
    STRIPE_ENV,
    "/checkout?step=payment",
    form({ intent: "pay" }, `${browserCookies}; ${cookieFrom(details, "lc_checkout")}`),
  );
  if (pay.status !== 303) throw new Error(`The checkout answered ${pay.status}, not a redirect to Stripe`);
  const created = stripeCalls.filter((call) => call.path === "/v1/checkout/sessions").at(-1);
  if (!created) throw new Error("The checkout created no Checkout Session");
  const metadata: Record<string, string> = {};
  for (const [key, value] of created.body) {
    const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
    if (name) metadata[name] = value;
  }
  return metadata;
}
