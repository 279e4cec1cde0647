import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { resendVerification } from "~/modules/auth/account.server";
import { resendVerificationSchema } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Same answer whatever the email (no account enumeration). */
export const action = jsonAction({ body: resendVerificationSchema }, async ({ context, request, input }) => {
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "resend_verification_email", email: input.email }]);
  resendVerification(context, input);
  return Response.json({ success: true, message: "If that account still needs verifying, a new link is on its way." });
});
