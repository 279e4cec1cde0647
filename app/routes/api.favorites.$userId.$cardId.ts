import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { removeFavoriteResponse } from "~/modules/favorites/favorites-api.server";

/** DELETE /api/favorites/{userId}/{cardId}, as /api/user/{userId}/favorites/{cardId}. */
export function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "DELETE") return methodNotAllowed(["DELETE"]);
  return removeFavoriteResponse(context, request, params.userId ?? "", params.cardId ?? "");
}

export const loader = () => methodNotAllowed(["DELETE"]);
