import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type Stripe from "stripe";
import { apiError, methodNotAllowed } from "~/modules/api/json.server";
import { fulfilPaidCheckout, revokeForRefund } from "~/modules/payments/fulfil.server";
import { paidCheckoutFrom, verifyWebhookEvent } from "~/modules/payments/stripe.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * Stripe's webhook. Anything it cannot verify is a 400 and changes nothing, including when no
 * signing secret is configured. A paid Checkout Session grants access (exactly once: see
 * fulfilPaidCheckout); a full refund revokes it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
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
    case "checkout.session.async_payment_succeeded": {
      const paid = paidCheckoutFrom(event.data.object);
      if (paid) await fulfilPaidCheckout(context, { provider: "stripe", ...paid });
      break;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (paymentIntentId) {
        await revokeForRefund(context, { paymentIntentId, amountCents: charge.amount, amountRefundedCents: charge.amount_refunded });
      }
      break;
    }
    default:
      break;
  }
  return Response.json({ received: true });
}
