import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { verifyEmailWithToken } from "~/modules/auth/account.server";
import { verifyEmailSchema, WRONG_VERIFY_PASSWORD_MESSAGE } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST { token, password? }. The same rule as the page: the link proves the mailbox, not the password,
 * so an account that has a password is verified only by the browser that registered it (its cookie) or
 * with that password in the body; without either the answer is 403 and the link stays unused.
 */
export const action = jsonAction({ body: verifyEmailSchema }, async ({ context, request, input: { token, password } }) => {
  if (password) await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }]);
  const result = await verifyEmailWithToken(context, request, { token, password: password || undefined });
  if (result === "valid") return Response.json({ success: true, message: "Your email is verified." });
  if (result === "expired") return apiError(410, "This verification link has expired.");
  if (result === "password-required") {
    return apiError(403, "Enter the password this account was registered with to verify it, or reset the password.");
  }
  if (result === "wrong-password") return apiError(401, WRONG_VERIFY_PASSWORD_MESSAGE);
  return apiError(400, "Verification failed. This link is invalid or has already been used.");
});
