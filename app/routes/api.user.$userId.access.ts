import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAccessStatus } from "~/modules/access/access.server";
import { apiError, methodNotAllowed } from "~/modules/api/json.server";
import { requireApiSelfOrAdmin } from "~/modules/auth/guards.server";
import { findUserById } from "~/modules/auth/users.server";

/**
 * GET /api/user/{userId}/access → `{ hasAccess, userId, purchaseDate }` (purchaseDate an ISO string or null).
 * Only that user or an admin; anyone else 403, no session 401.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const userId = params.userId ?? "";
  const caller = await requireApiSelfOrAdmin(context, userId);
  // Only an admin can ask about another id, and so learn that it does not exist.
  if (caller.id !== userId && !(await findUserById(context.db, userId))) return apiError(404, "User not found.");
  const status = await getAccessStatus(context.db, userId);
  return Response.json(
    { hasAccess: status.hasAccess, userId, purchaseDate: status.purchaseDate?.toISOString() ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const action = () => methodNotAllowed(["GET"]);
