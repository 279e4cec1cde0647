import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { emailOnlySchema } from "~/modules/auth/auth.schema";
import { requestSignInLink } from "~/modules/auth/sign-in-link.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Emails a 15-minute sign-in link to an existing account; the same answer for any email. */
export const action = jsonAction({ body: emailOnlySchema }, async ({ context, request, input: { email } }) => {
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "sign_in_link_email", email }]);
  requestSignInLink(context, { email });
  return Response.json({ success: true, message: "If an account exists for this email, a sign-in link is on its way." });
});
