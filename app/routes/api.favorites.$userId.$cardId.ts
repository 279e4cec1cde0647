import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { removeFavoriteResponse } from "~/modules/favorites/favorites-api.server";

/** DELETE /api/favorites/{userId}/{cardId}, as /api/user/{userId}/favorites/{cardId}. */
export const action = jsonAction({ method: "DELETE" }, ({ context, request, params }) =>
  removeFavoriteResponse(context, request, params.userId ?? "", params.cardId ?? ""),
);

export const loader = () => methodNotAllowed(["DELETE"]);
