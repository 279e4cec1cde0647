import Stripe from "stripe";
import { checkoutSessionParams } from "./checkout-session-settings.server";

export type StripeClient = Stripe;

/**
 * The only module that talks to Stripe. The Worker builds the client once per request from that
 * request's secret (null without one), with the fetch HTTP client (the Node one fails in workerd).
 */
export function createStripeClient(secretKey: string | undefined): StripeClient | null {
  if (!secretKey) return null;
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1 });
}

/** Set on every Checkout Session this app creates; fulfilment ignores paid sessions without it. */
const CHECKOUT_MARKER = { key: "app", value: "light-cards" } as const;

/** Stripe's ids look like `cs_test_a1B2...` or `cs_live_...`: anything else is not worth an API call. */
export const CHECKOUT_SESSION_ID_PATTERN = /^cs_(?:test|live)_[A-Za-z0-9]{1,250}$/;

type CheckoutRequest = {
  /** One per checkout (kept in the checkout cookie): a double-clicked Pay creates one session, not two. */
  checkoutId: string;
  email: string;
  name: string;
  userId: string | null;
  visitorId: string;
  /** The visitor's A/B assignment (`checkoutAssignment`): its conversion counts for the variants it saw. */
  visitorAssignment: string;
  priceCents: number;
  currency: string;
  productName: string;
  appOrigin: string;
  /** A gift's id (docs/decisions/047-gifts.md): fulfilment pays that gift instead of granting the payer access. */
  giftId?: string;
  /** The buyer's discount code (its D1 id, kept in the metadata) and the Stripe promotion code applied for it. */
  code: string | null;
  promotionCodeId: string | null;
  automaticTax: boolean;
};

/** A hosted Checkout Session for the one-time purchase; the caller redirects (303) to its URL. */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const metadata = {
    [CHECKOUT_MARKER.key]: CHECKOUT_MARKER.value,
    userId: request.userId ?? "",
    visitorId: request.visitorId,
    ab: request.visitorAssignment,
    name: request.name,
    ...(request.giftId ? { giftId: request.giftId } : {}),
    code: request.code ?? "",
  };
  const returnTo = request.giftId
    ? { success: "/gift/paid", cancel: "/gift?cancelled=1" }
    : { success: "/success", cancel: "/checkout?step=payment&cancelled=1" };
  const session = await stripe.checkout.sessions.create(
    checkoutSessionParams({
      email: request.email,
      clientReferenceId: request.userId ?? request.visitorId,
      metadata,
      priceCents: request.priceCents,
      currency: request.currency,
      productName: request.productName,
      appOrigin: request.appOrigin,
      promotionCodeId: request.promotionCodeId,
      automaticTax: request.automaticTax,
      returnTo,
    }),
    // The code is part of the key: the same checkout with another code is another session.
    { idempotencyKey: `checkout-${request.checkoutId}${request.promotionCodeId ? `-${request.promotionCodeId}` : ""}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { id: session.id, url: session.url };
}

/** Whether Stripe refused the session's discount (a promotion code expired, used up or deactivated in the dashboard). */
export function isRefusedRequest(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/** The promotion code Stripe applied to a Checkout Session, if any. */
export function promotionCodeOf(session: Stripe.Checkout.Session): string | null {
  const applied = session.discounts?.find((discount) => discount.promotion_code)?.promotion_code;
  if (!applied) return null;
  return typeof applied === "string" ? applied : applied.id;
}

/**
 * A discount code in Stripe: a one-off coupon (percent or amount off) and its customer-facing promotion code, which
 * carries the expiry and the number of uses Stripe enforces.
 */
export async function createStripePromotionCode(
  stripe: Stripe,
  input: {
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    currency: string;
    expiresAt: Date | null;
    maxUses: number | null;
  },
): Promise<{ couponId: string; promotionCodeId: string }> {
  const coupon = await stripe.coupons.create(
    {
      name: input.code,
      duration: "once",
      ...(input.percentOff ? { percent_off: input.percentOff } : { amount_off: input.amountOffCents ?? 0, currency: input.currency }),
      metadata: { [CHECKOUT_MARKER.key]: CHECKOUT_MARKER.value },
    },
    { idempotencyKey: `coupon-${input.code}-${input.percentOff ?? ""}-${input.amountOffCents ?? ""}` },
  );
  const promotionCode = await stripe.promotionCodes.create({
    promotion: { type: "coupon", coupon: coupon.id },
    code: input.code,
    ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
    ...(input.maxUses ? { max_redemptions: input.maxUses } : {}),
    metadata: { [CHECKOUT_MARKER.key]: CHECKOUT_MARKER.value },
  });
  return { couponId: coupon.id, promotionCodeId: promotionCode.id };
}

/** Ends a promotion code: Stripe refuses it from now on. */
export async function endStripePromotionCode(stripe: Stripe, promotionCodeId: string): Promise<void> {
  await stripe.promotionCodes.update(promotionCodeId, { active: false });
}

/** What fulfilment needs from a paid checkout (Stripe's, or test mode's). */
export type PaidCheckout = {
  /** Stripe's Checkout Session id, or `mock_<purchase id>` in test mode: unique, so a payment grants once. */
  checkoutSessionId: string;
  paymentIntentId: string | null;
  email: string;
  name: string | null;
  amountCents: number;
  currency: string;
  startedByUserId: string | null;
  /** The browser that checked out, when known, and the A/B assignment it saw (counts the conversion). */
  visitorId: string | null;
  visitorAssignment: string | null;
  /** Set when the payment is for a gift (its metadata's `giftId`). */
  giftId?: string | null;
};

/** What a Checkout Session must show to grant access here. */
type ExpectedPayment = { priceCents: number; currency: string; livemodeRequired: boolean };

type CheckoutVerdict = { status: "paid"; payment: PaidCheckout } | { status: "unpaid" } | { status: "rejected"; reason: string };

/**
 * Whether a Checkout Session pays for this product. Paid is not enough: the session must carry this
 * app's marker (any other checkout on the same Stripe account is not ours), the configured amount and
 * currency, and in production be a live-mode payment (a test-mode session costs nothing).
 */
export function checkCheckoutSession(session: Stripe.Checkout.Session, expected: ExpectedPayment): CheckoutVerdict {
  if (session.payment_status !== "paid") return { status: "unpaid" };
  if (session.metadata?.[CHECKOUT_MARKER.key] !== CHECKOUT_MARKER.value) return { status: "rejected", reason: "not created by this app" };
  if (session.amount_total !== expected.priceCents || session.currency?.toLowerCase() !== expected.currency) {
    return {
      status: "rejected",
      reason: `paid ${session.amount_total} ${session.currency}, expected ${expected.priceCents} ${expected.currency}`,
    };
  }
  if (expected.livemodeRequired && !session.livemode) return { status: "rejected", reason: "a test-mode payment in production" };
  const payment = paidCheckoutFrom(session);
  return payment ? { status: "paid", payment } : { status: "rejected", reason: "no customer email" };
}

/** The paid Checkout Session as fulfilment needs it, or null when it is not paid. */
function paidCheckoutFrom(session: Stripe.Checkout.Session): PaidCheckout | null {
  if (session.payment_status !== "paid") return null;
  const email = session.customer_details?.email ?? session.customer_email;
  if (!email) return null;
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    checkoutSessionId: session.id,
    paymentIntentId: paymentIntent,
    email,
    name: session.metadata?.name || session.customer_details?.name || null,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    startedByUserId: session.metadata?.userId || null,
    visitorId: session.metadata?.visitorId || null,
    visitorAssignment: session.metadata?.ab || null,
    giftId: session.metadata?.giftId || null,
  };
}

/** A full refund of a payment; the key makes a retried call refund once. */
export async function refundPayment(
  stripe: Stripe,
  paymentIntentId: string,
  idempotencyKey: string,
  reason: "duplicate" | "requested_by_customer" = "duplicate",
): Promise<void> {
  await stripe.refunds.create({ payment_intent: paymentIntentId, reason }, { idempotencyKey });
}

/** The Checkout Session, or null when Stripe has none by that id (a guessed or mistyped URL: not a fault). */
export async function retrieveCheckoutSession(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Verifies a webhook's signature (needs only the endpoint's signing secret, not the API key);
 * throws when the payload, the signature or the secret is wrong, or the timestamp is too old.
 */
export async function verifyWebhookEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}
