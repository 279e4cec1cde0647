import type { AppLoadContext } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { endGiftForRefund } from "~/modules/gifts/claim.server";
import { fulfilStripeCheckoutSession } from "./fulfil.server";
import { revokeForRefund } from "./refund.server";
import { verifyWebhookEvent } from "./stripe.server";

export type WebhookOutcome = { status: "handled"; eventType: string } | { status: "rejected"; message: string };

/**
 * Stripe's webhook, from the raw body and its signature. Anything it cannot verify is rejected and changes
 * nothing, including when no signing secret is configured. A paid Checkout Session grants access (exactly
 * once: see fulfilPaidCheckout); a full refund, or a dispute the buyer won, revokes it. Other events are
 * acknowledged and ignored.
 */
export async function handleStripeWebhook(
  context: Pick<AppLoadContext, "db" | "config" | "email" | "stripe" | "cloudflare">,
  payload: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  const secret = context.cloudflare.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: "rejected", message: "Webhook signing secret is not configured." };
  if (!signature) return { status: "rejected", message: "Missing Stripe-Signature header." };

  let event: Stripe.Event;
  try {
    event = await verifyWebhookEvent(payload, signature, secret);
  } catch {
    return { status: "rejected", message: "Webhook signature verification failed." };
  }

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await fulfilStripeCheckoutSession(context, event.data.object);
      break;
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (paymentIntentId) {
        await revokeForRefund(context, {
          paymentIntentId,
          amountCents: charge.amount,
          amountRefundedCents: charge.amount_refunded,
          cause: "refund",
        });
        if (charge.amount_refunded >= charge.amount) await endGiftForRefund(context, paymentIntentId);
      }
      break;
    }
    case "charge.dispute.closed": {
      // A lost dispute: the bank took the whole payment back, as a full refund would.
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (dispute.status === "lost" && paymentIntentId) {
        await revokeForRefund(context, {
          paymentIntentId,
          amountCents: dispute.amount,
          amountRefundedCents: dispute.amount,
          cause: "dispute-lost",
        });
        await endGiftForRefund(context, paymentIntentId);
      }
      break;
    }
    default:
      break;
  }
  return { status: "handled", eventType: event.type };
}

/** Stripe sends a related object either as its id or expanded. */
function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === "string" ? reference : reference.id;
}
