import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { checkAccessByEmail } from "~/modules/access/grants.server";
import { apiError, methodNotAllowed, requireMethod, parseJsonBody } from "~/modules/api/json.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";
import { adminAccessSchema } from "~/modules/access/access.schema";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/check-access `{ email }` → `{ success: true, hasAccess, userId, purchaseDate }` (nulls when none,
 * purchaseDate as an ISO string). Admins only; every check is recorded in the audit log.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(context);
  const input = await parseJsonBody(request, adminAccessSchema);
  try {
    const access = await checkAccessByEmail(context.db, { email: input.email, actor: { userId: admin.id, email: admin.email } });
    return Response.json(
      { success: true, hasAccess: access.hasAccess, userId: access.userId, purchaseDate: access.purchaseDate?.toISOString() ?? null },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    console.warn("POST /api/check-access failed:", error);
    return apiError(503, "Failed to check access. Please try again.");
  }
}
