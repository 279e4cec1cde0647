import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseJsonBody, requireMethod } from "~/modules/api/json.server";
import { addFavoriteResponse, favoritesListResponse } from "~/modules/favorites/favorites-api.server";
import { favoriteBodySchema } from "~/modules/favorites/favorites.schema";

/** GET /api/user/{userId}/favorites → `[{ cardId, createdAt }]`. The same handlers serve /api/favorites/{userId}. */
export function loader({ params, context }: LoaderFunctionArgs) {
  return favoritesListResponse(context, params.userId ?? "");
}

/** POST /api/user/{userId}/favorites `{ cardId }` → 201 added, 200 already a favourite. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { cardId } = await parseJsonBody(request, favoriteBodySchema);
  return addFavoriteResponse(context, request, params.userId ?? "", cardId);
}
