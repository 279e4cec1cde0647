import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, parseJsonBody, requireMethod } from "~/modules/api/json.server";
import { addFavoriteResponse } from "~/modules/favorites/favorites-api.server";
import { favoriteWithUserBodySchema } from "~/modules/favorites/favorites.schema";

/** POST /api/favorites `{ userId, cardId }`: the spec's second favourites family, the same handler as /api/user/{userId}/favorites. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { userId, cardId } = await parseJsonBody(request, favoriteWithUserBodySchema);
  return addFavoriteResponse(context, request, userId, cardId);
}

export const loader = () => methodNotAllowed(["POST"]);
