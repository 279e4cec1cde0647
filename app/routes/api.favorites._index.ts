import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { favoriteWithUserBodySchema } from "~/modules/favorites/favorites.schema";
import { addFavoriteResponse } from "~/modules/favorites/favorites-api.server";

/** POST /api/favorites `{ userId, cardId }`: the spec's second favourites family, the same handler as /api/user/{userId}/favorites. */
export const action = jsonAction({ body: favoriteWithUserBodySchema }, ({ context, request, input: { userId, cardId } }) =>
  addFavoriteResponse(context, request, userId, cardId),
);

export const loader = () => methodNotAllowed(["POST"]);
