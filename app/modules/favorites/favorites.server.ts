import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { type User, userFavorites } from "#db/schema";
import { cardAudienceFor } from "~/modules/access/access.server";
import { type Owner, preparedOwnedRead } from "~/modules/auth/owner.server";
import { getVisibleCard } from "~/modules/cards/cards.server";
import { recordActivitySafely } from "~/modules/habit/page-activity.server";
import type { EarnedBadge } from "~/modules/habit/progress";

/**
 * Favourites: one table (user_favorites, unique per user and card) and this one module. The card pages, the
 * /favorites form and both API families of the spec (/api/user/{userId}/favorites and /api/favorites/{userId})
 * call it, so they can never disagree (docs/decisions/000-product-rules.md, Accounts and access).
 */
type FavoriteEntry = { cardId: string; createdAt: string };

/** The user's favourite card ids, oldest first. */
export async function listFavoriteCardIds(db: Database, owner: Owner): Promise<string[]> {
  return (await listFavorites(db, owner)).map((favorite) => favorite.cardId);
}

export async function listFavorites(db: Database, owner: Owner): Promise<FavoriteEntry[]> {
  const rows = await readFavorites(db, owner, {});
  return rows.map((row) => ({ cardId: row.cardId, createdAt: row.createdAt.toISOString() }));
}

/** Every buyer's page reads them: prepared once (db/batch.ts). */
const readFavorites = preparedOwnedRead((db, ownerId) =>
  db
    .select({ cardId: userFavorites.cardId, createdAt: userFavorites.createdAt })
    .from(userFavorites)
    .where(eq(userFavorites.userId, ownerId))
    .orderBy(asc(userFavorites.createdAt), asc(userFavorites.cardId)),
);

type FavoriteChange =
  | { ok: true; cardId: string; isFavorite: boolean; changed: boolean }
  /** Adding a card this user may not see: a paid card without access, or an unknown id (told apart by nobody). */
  | { ok: false; reason: "card-not-found" };

/**
 * Adds or removes one favourite. Adding twice or removing what is absent changes nothing and is not an error.
 * A user may add only a card they may see; removing is always allowed (a refunded buyer can tidy up).
 */
async function setFavorite(db: Database, userId: string, cardId: string, favorite: boolean): Promise<FavoriteChange> {
  if (!favorite) {
    const removed = await db
      .delete(userFavorites)
      .where(and(eq(userFavorites.userId, userId), eq(userFavorites.cardId, cardId)))
      .returning({ id: userFavorites.id });
    return { ok: true, cardId, isFavorite: false, changed: removed.length > 0 };
  }
  const card = await getVisibleCard(db, await cardAudienceFor(db, { id: userId }), cardId);
  if (!card) return { ok: false, reason: "card-not-found" };
  const inserted = await db
    .insert(userFavorites)
    .values({ userId, cardId: card.id })
    .onConflictDoNothing({ target: [userFavorites.userId, userFavorites.cardId] })
    .returning({ id: userFavorites.id });
  return { ok: true, cardId: card.id, isFavorite: true, changed: inserted.length > 0 };
}

/**
 * What every favourites path calls: the change, then (when something changed) a 'favorite' activity, which
 * updates the stats and may earn a badge. The activity never fails the change: see recordActivitySafely. `caller`
 * is who asked: the user, or an admin acting for them (whose browser's zone is not the user's).
 */
export async function changeFavorite(
  context: { db: Database },
  request: Request,
  user: Pick<User, "id" | "timeZone" | "timeZoneChangedAt">,
  cardId: string,
  favorite: boolean,
  caller: { id: string },
): Promise<FavoriteChange & { newBadges: EarnedBadge[] }> {
  const change = await setFavorite(context.db, user.id, cardId, favorite);
  if (!change.ok || !change.changed) return { ...change, newBadges: [] };
  const { newBadges } = await recordActivitySafely(
    context.db,
    request,
    user,
    {
      cardId: change.cardId,
      activityType: "favorite",
      metadata: { action: favorite ? "add" : "remove" },
    },
    caller,
  );
  return { ...change, newBadges };
}
