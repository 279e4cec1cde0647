import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";

/** GET /api/user/favorites → the signed-in user's favourite card ids, oldest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context);
  return Response.json(await listFavoriteCardIds(context.db, user.id), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed(["GET"]);
