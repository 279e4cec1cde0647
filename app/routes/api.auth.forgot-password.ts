import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, parseJsonBody } from "~/modules/api/json.server";
import { EmailDeliveryError, requestPasswordReset } from "~/modules/auth/account.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { emailOnlySchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  const { email } = await parseJsonBody(request, emailOnlySchema);
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "forgot_password_email", email }]);
  try {
    await requestPasswordReset(context, email);
  } catch (error) {
    if (error instanceof EmailDeliveryError) {
      return apiError(503, `We could not send the email. Please contact support at ${context.config.supportEmail}.`);
    }
    throw error;
  }
  return Response.json({ success: true, message: "If an account exists for this email, you will receive a reset link." });
}
