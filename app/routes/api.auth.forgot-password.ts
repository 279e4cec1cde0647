import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { requestPasswordReset } from "~/modules/auth/account.server";
import { emailOnlySchema } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = jsonAction({ body: emailOnlySchema }, async ({ context, request, input: { email } }) => {
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "forgot_password_email", email }]);
  // The same answer, at once, whether or not the email has an account (the email goes after the response).
  requestPasswordReset(context, email);
  return Response.json({ success: true, message: "If an account exists for this email, you will receive a reset link." });
});
