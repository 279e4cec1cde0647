import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonAction } from "~/modules/api/json.server";
import { favoriteBodySchema } from "~/modules/favorites/favorites.schema";
import { addFavoriteResponse, favoritesListResponse } from "~/modules/favorites/favorites-api.server";

/** GET /api/user/{userId}/favorites → `[{ cardId, createdAt }]`. The same handlers serve /api/favorites/{userId}. */
export function loader({ params, context }: LoaderFunctionArgs) {
  return favoritesListResponse(context, params.userId ?? "");
}

/** POST /api/user/{userId}/favorites `{ cardId }` → 201 added, 200 already a favourite. */
export const action = jsonAction({ body: favoriteBodySchema }, ({ context, request, params, input: { cardId } }) =>
  addFavoriteResponse(context, request, params.userId ?? "", cardId),
);
