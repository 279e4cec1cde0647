import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAccessStatus } from "~/modules/access/access.server";
import { methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";

/**
 * GET /api/user/{userId}/access → `{ hasAccess, userId, purchaseDate }` (purchaseDate an ISO string or null).
 * Only that user or an admin; anyone else 403, no session 401.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const userId = params.userId ?? "";
  await requireApiSubject(context, userId);
  const status = await getAccessStatus(context.db, userId);
  return Response.json(
    { hasAccess: status.hasAccess, userId, purchaseDate: status.purchaseDate?.toISOString() ?? null },
    { headers: NO_STORE },
  );
}

export const action = () => methodNotAllowed(["GET"]);
