import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { resetPasswordWithToken } from "~/modules/auth/account.server";
import { resetPasswordSchema } from "~/modules/auth/auth.schema";

export const loader = () => methodNotAllowed(["POST"]);

export const action = jsonAction({ body: resetPasswordSchema }, async ({ context, input }) => {
  const result = await resetPasswordWithToken(context, input.token, input.password);
  if (result === "valid") return Response.json({ success: true, message: "Password reset successful!" });
  if (result === "expired") return apiError(410, "This reset link has expired. Reset links are valid for 1 hour.");
  return apiError(400, "This reset link is invalid or has already been used.");
});
