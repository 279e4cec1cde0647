/**
 * The Stripe events the webhook endpoint (/api/stripe/webhook, handleStripeWebhook) acts on: the ones to select when
 * adding the endpoint in the Stripe dashboard (`npm run deploy` prints them). Paid, paid late, refunded, dispute closed.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "charge.refunded",
  "charge.dispute.closed",
] as const;

export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** What each event means to the shop's owner, as /admin's health panel says it. */
export const STRIPE_EVENT_WORDS: Record<string, string> = {
  "checkout.session.completed": "A payment completed",
  "checkout.session.async_payment_succeeded": "A delayed payment succeeded",
  "charge.refunded": "A refund",
  "charge.dispute.closed": "A dispute closed",
};
