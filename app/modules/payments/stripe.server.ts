import Stripe from "stripe";
import type { Env } from "~/modules/config/env";
import type { PaidPayment } from "./fulfil.server";

/**
 * The only module that talks to Stripe. The client is built per request from that request's
 * secret, with the fetch HTTP client and SubtleCrypto (the Node variants throw in workerd).
 */
export function getStripe(env: Pick<Env, "STRIPE_SECRET_KEY">): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 1 });
}

export type CheckoutRequest = {
  email: string;
  name: string;
  userId: string | null;
  visitorId: string;
  priceCents: number;
  currency: string;
  productName: string;
  appOrigin: string;
};

/** A hosted Checkout Session for the one-time purchase; the caller redirects (303) to its URL. */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const metadata = { userId: request.userId ?? "", visitorId: request.visitorId, name: request.name };
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency,
          unit_amount: request.priceCents,
          product_data: { name: request.productName },
        },
      },
    ],
    customer_email: request.email,
    client_reference_id: request.userId ?? request.visitorId,
    metadata,
    payment_intent_data: { metadata },
    success_url: `${request.appOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${request.appOrigin}/checkout?step=payment&cancelled=1`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { id: session.id, url: session.url };
}

/** What fulfilment needs from a paid Checkout Session. */
export type PaidCheckout = Omit<PaidPayment, "provider" | "purchaseId">;

/** The paid Checkout Session as fulfilment needs it, or null when it is not paid. */
export function paidCheckoutFrom(session: Stripe.Checkout.Session): PaidCheckout | null {
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
  };
}

export async function retrieveCheckoutSession(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.retrieve(id);
}

/**
 * Verifies a webhook's signature (needs only the endpoint's signing secret, not the API key);
 * throws when the payload, the signature or the secret is wrong, or the timestamp is too old.
 */
export async function verifyWebhookEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
}
