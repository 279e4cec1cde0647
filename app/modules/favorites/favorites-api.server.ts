import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiError } from "~/modules/api/json.server";
import { NO_STORE, requireApiSubject } from "~/modules/api/subject.server";
import { changeFavorite, listFavorites } from "./favorites.server";

/**
 * The favourites API, once: /api/user/{userId}/favorites... and /api/favorites/{userId}... are two spellings
 * of these three handlers. Each serves only that user or an admin (403 otherwise, 401 without a session).
 */

/** GET: `[{ cardId, createdAt }]`, oldest first. */
export async function favoritesListResponse(context: AppLoadContext, userId: string): Promise<Response> {
  await requireApiSubject(context, userId);
  return Response.json(await listFavorites(context.db, userId), { headers: NO_STORE });
}

/** POST: 201 when added, 200 when it already was a favourite; 404 for a card the user may not see. */
export async function addFavoriteResponse(context: AppLoadContext, request: Request, userId: string, cardId: string): Promise<Response> {
  const { caller, subject } = await requireApiSubject(context, userId);
  const result = await changeFavorite(context, request, subject, cardId, true, caller);
  if (!result.ok) return apiError(404, "Card not found.");
  return Response.json(
    { cardId: result.cardId, isFavorite: true, newBadges: result.newBadges },
    { status: result.changed ? 201 : 200, headers: NO_STORE },
  );
}

/** DELETE: 200 whether or not it was a favourite. */
export async function removeFavoriteResponse(context: AppLoadContext, request: Request, userId: string, cardId: string): Promise<Response> {
  const { caller, subject } = await requireApiSubject(context, userId);
  const result = await changeFavorite(context, request, subject, cardId, false, caller);
  if (!result.ok) return apiError(404, "Card not found.");
  return Response.json({ cardId: result.cardId, isFavorite: false, newBadges: result.newBadges }, { headers: NO_STORE });
}
