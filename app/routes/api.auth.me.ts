import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { toApiUser } from "~/modules/api/api-user.server";
import { methodNotAllowed } from "~/modules/api/json.server";
import { requireApiUser } from "~/modules/auth/guards.server";

/** GET /api/auth/me → { user }; 401 'No authentication token' or 'Authentication failed'. */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context);
  return Response.json({ user: await toApiUser(context.db, user) }, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed(["GET"]);
