import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, requireMethod } from "~/modules/api/json.server";
import { recordStripeWebhook } from "~/modules/health/health.server";
import { handleStripeWebhook } from "~/modules/payments/webhook.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Stripe's webhook endpoint: anything that cannot be verified is a 400 and changes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const outcome = await handleStripeWebhook(context, await request.text(), request.headers.get("Stripe-Signature"));
  if (outcome.status === "rejected") return apiError(400, outcome.message);
  // The health panel on /admin shows the last verified event (docs/decisions/029).
  await recordStripeWebhook(context.db, outcome.eventType);
  return Response.json({ received: true });
}
