import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requireMethod, parseJsonBody } from "~/modules/api/json.server";
import { requestPasswordReset } from "~/modules/auth/account.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { emailOnlySchema } from "~/modules/auth/auth.schema";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { email } = await parseJsonBody(request, emailOnlySchema);
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "forgot_password_email", email }]);
  // The same answer, at once, whether or not the email has an account (the email goes after the response).
  requestPasswordReset(context, email);
  return Response.json({ success: true, message: "If an account exists for this email, you will receive a reset link." });
}
