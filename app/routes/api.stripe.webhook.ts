import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { recordStripeWebhook } from "~/modules/health/health.server";
import { handleStripeWebhook } from "~/modules/payments/webhook.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Stripe's webhook endpoint: anything that cannot be verified is a 400 and changes nothing. */
export const action = jsonAction({}, async ({ context, request }) => {
  const outcome = await handleStripeWebhook(context, await request.text(), request.headers.get("Stripe-Signature"));
  if (outcome.status === "rejected") return apiError(400, outcome.message);
  // The health panel on /admin shows the last verified event (docs/decisions/029).
  await recordStripeWebhook(context.db, outcome.eventType);
  return Response.json({ received: true });
});
