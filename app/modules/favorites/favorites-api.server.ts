import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiError } from "~/modules/api/json.server";
import { requireApiSelfOrAdmin } from "~/modules/auth/guards.server";
import { findUserById } from "~/modules/auth/users.server";
import { changeFavorite, listFavorites } from "./favorites.server";

/**
 * The favourites API, once: /api/user/{userId}/favorites... and /api/favorites/{userId}... are two spellings
 * of these three handlers. Each serves only that user or an admin (403 otherwise, 401 without a session).
 */
const noStore = { "Cache-Control": "private, no-store" };

/** The caller may act for `userId`; an admin naming an unknown user gets a 404. */
async function requireTargetUser(context: AppLoadContext, userId: string) {
  const caller = await requireApiSelfOrAdmin(context, userId);
  const target = caller.id === userId ? caller : await findUserById(context.db, userId);
  if (!target) throw apiError(404, "User not found.");
  return target;
}

/** GET: `[{ cardId, createdAt }]`, oldest first. */
export async function favoritesListResponse(context: AppLoadContext, userId: string): Promise<Response> {
  await requireTargetUser(context, userId);
  return Response.json(await listFavorites(context.db, userId), { headers: noStore });
}

/** POST: 201 when added, 200 when it already was a favourite; 404 for a card the user may not see. */
export async function addFavoriteResponse(context: AppLoadContext, request: Request, userId: string, cardId: string): Promise<Response> {
  const target = await requireTargetUser(context, userId);
  const result = await changeFavorite(context, request, target, cardId, true);
  if (!result.ok) return apiError(404, "Card not found.");
  return Response.json(
    { cardId: result.cardId, isFavorite: true, newBadges: result.newBadges },
    { status: result.changed ? 201 : 200, headers: noStore },
  );
}

/** DELETE: 200 whether or not it was a favourite. */
export async function removeFavoriteResponse(context: AppLoadContext, request: Request, userId: string, cardId: string): Promise<Response> {
  const target = await requireTargetUser(context, userId);
  const result = await changeFavorite(context, request, target, cardId, false);
  if (!result.ok) return apiError(404, "Card not found.");
  return Response.json({ cardId: result.cardId, isFavorite: false, newBadges: result.newBadges }, { headers: noStore });
}
