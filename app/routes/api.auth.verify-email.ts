import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, methodNotAllowed, parseJsonBody } from "~/modules/api/json.server";
import { verifyEmailWithToken } from "~/modules/auth/account.server";
import { tokenSchema } from "~/validation/auth";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await parseJsonBody(request, tokenSchema);
  const result = await verifyEmailWithToken(context, token);
  if (result === "valid") return Response.json({ success: true, message: "Your email is verified." });
  if (result === "expired") return apiError(410, "This verification link has expired.");
  return apiError(400, "Verification failed. This link is invalid or has already been used.");
}
