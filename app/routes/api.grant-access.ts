import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import { apiError, methodNotAllowed, requireMethod, parseJsonBody } from "~/modules/api/json.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { adminAccessSchema, reasonOrNull } from "~/modules/access/access.schema";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/grant-access `{ email, reason? }` → `{ success: true, hasAccess: true, userId }`.
 * Admins only (401 without a session, 403 without the right). Creates the account when there is none.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(context);
  const input = await parseJsonBody(request, adminAccessSchema);
  try {
    const { user } = await grantAccessByEmail(context.db, {
      email: input.email,
      actor: { userId: admin.id, email: admin.email },
      reason: reasonOrNull(input.reason),
    });
    return Response.json({ success: true, hasAccess: true, userId: user.id }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    console.warn("POST /api/grant-access failed:", error);
    return apiError(503, "Failed to grant access. Please try again.");
  }
}
