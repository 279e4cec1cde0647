import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { apiError, methodNotAllowed, requireMethod } from "~/modules/api/json.server";
import { fulfilStripeCheckoutSession, revokeForRefund } from "~/modules/payments/fulfil.server";
import { verifyWebhookEvent } from "~/modules/payments/stripe.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * Stripe's webhook. Anything it cannot verify is a 400 and changes nothing, including when no
 * signing secret is configured. A paid Checkout Session grants access (exactly once: see
 * fulfilPaidCheckout); a full refund revokes it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const secret = context.cloudflare.env.STRIPE_WEBHOOK_SECRET;
  const signature = request.headers.get("Stripe-Signature");
  if (!secret) return apiError(400, "Webhook signing secret is not configured.");
  if (!signature) return apiError(400, "Missing Stripe-Signature header.");

  let event: Stripe.Event;
  try {
    event = await verifyWebhookEvent(await request.text(), signature, secret);
  } catch {
    return apiError(400, "Webhook signature verification failed.");
  }

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await fulfilStripeCheckoutSession(context, event.data.object);
      break;
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (paymentIntentId) {
        await revokeForRefund(context, {
          paymentIntentId,
          amountCents: charge.amount,
          amountRefundedCents: charge.amount_refunded,
          cause: "refund",
        });
      }
      break;
    }
    case "charge.dispute.closed": {
      // A lost dispute: the bank took the whole payment back, as a full refund would.
      const dispute = event.data.object;
      const paymentIntentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
      if (dispute.status === "lost" && paymentIntentId) {
        await revokeForRefund(context, { paymentIntentId, amountCents: dispute.amount, amountRefundedCents: dispute.amount, cause: "dispute-lost" });
      }
      break;
    }
    default:
      break;
  }
  return Response.json({ received: true });
}
