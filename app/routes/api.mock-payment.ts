import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, requireMethod, parseJsonBody } from "~/modules/api/json.server";
import { getUser } from "~/modules/auth/guards.server";
import { DEFAULT_TEST_CARD, payWithTestCard } from "~/modules/payments/test-payments.server";
import { testPaymentSchema } from "~/modules/payments/checkout.schema";
import { readVisitorId } from "~/modules/experiments/visitor.server";
import { checkoutAssignment } from "~/modules/experiments/assignment.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Test mode for API clients: `{ email, name?, cardNumber? }`, development only (404 elsewhere). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  if (!context.config.isDevelopment) return apiError(404, "Not found.");
  const input = await parseJsonBody(request, testPaymentSchema);
  const user = await getUser(context);
  try {
    const result = await payWithTestCard(context, {
      email: user?.email ?? input.email,
      name: input.name ?? null,
      cardNumber: input.cardNumber ?? DEFAULT_TEST_CARD,
      startedByUserId: user?.id ?? null,
      visitorId: await readVisitorId(context.config, request),
      visitorAssignment: checkoutAssignment(await context.experiments.resolve()),
    });
    if (result.status === "failed") return apiError(402, result.message);
    return Response.json({
      success: true,
      purchaseId: result.purchase.id,
      sessionId: result.sessionId,
      successUrl: `/success?session_id=${result.sessionId}`,
    });
  } catch (error) {
    console.warn("Test payment failed", error);
    return apiError(503, "Something went wrong with the test payment. Please try again.");
  }
}
