import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { getUser } from "~/modules/auth/guards.server";
import { readVisitorId } from "~/modules/experiments/visitor.server";
import { testPaymentSchema } from "~/modules/payments/checkout.schema";
import { DEFAULT_TEST_CARD, payWithTestCard } from "~/modules/payments/test-payments.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Test mode for API clients: `{ email, name?, cardNumber?, code? }`, development only (404 elsewhere). */
export const action = jsonAction(
  {
    caller: async ({ context }) => {
      if (!context.config.isDevelopment) throw apiError(404, "Not found.");
      return getUser(context);
    },
    body: testPaymentSchema,
    failure: "Something went wrong with the test payment. Please try again.",
  },
  async ({ context, request, input, caller: user }) => {
    const result = await payWithTestCard(context, {
      email: user?.email ?? input.email,
      name: input.name ?? null,
      cardNumber: input.cardNumber ?? DEFAULT_TEST_CARD,
      startedByUserId: user?.id ?? null,
      visitorId: await readVisitorId(context.config, request),
      code: input.code || null,
    });
    if (result.status === "failed") return apiError(402, result.message);
    if (result.status === "code-refused") return apiError(400, result.message);
    return Response.json({
      success: true,
      purchaseId: result.purchase.id,
      sessionId: result.sessionId,
      successUrl: `/success?session_id=${result.sessionId}`,
    });
  },
);
