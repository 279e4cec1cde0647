import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, requireMethod, parseJsonBody } from "~/modules/api/json.server";
import { resetPasswordWithToken } from "~/modules/auth/account.server";
import { resetPasswordSchema } from "~/modules/auth/auth.schema";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const input = await parseJsonBody(request, resetPasswordSchema);
  const result = await resetPasswordWithToken(context, input.token, input.password);
  if (result === "valid") return Response.json({ success: true, message: "Password reset successful!" });
  if (result === "expired") return apiError(410, "This reset link has expired. Reset links are valid for 1 hour.");
  return apiError(400, "This reset link is invalid or has already been used.");
}
