import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/modules/api/json.server";
import { favoritesListResponse } from "~/modules/favorites/favorites-api.server";

/** GET /api/favorites/{userId} → `[{ cardId, createdAt }]`, as /api/user/{userId}/favorites. */
export function loader({ params, context }: LoaderFunctionArgs) {
  return favoritesListResponse(context, params.userId ?? "");
}

export const action = () => methodNotAllowed(["GET"]);
