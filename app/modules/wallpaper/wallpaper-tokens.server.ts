/**
 * A buyer's private wallpaper address (docs/decisions/044-wallpaper-address.md): a random 256-bit token in the address,
 * its SHA-256 in `wallpaper_tokens`, one per buyer. The token is shown once, when it is made; turning the address off
 * deletes the row, replacing it changes the hash, so the old address opens nothing from that moment.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { type User, users, wallpaperTokens } from "#db/schema";
import { type Owner, preparedOwnedRead } from "~/modules/auth/owner.server";
import type { ImageStyle } from "~/modules/images/styles";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";

type StoredStyle = (typeof wallpaperTokens.$inferSelect)["style"];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// db/ may not import app/, so the table lists the styles itself: a style added to one list only fails to compile here.
const stylesAgree: Same<StoredStyle, ImageStyle> = true;
void stylesAgree;

export type WallpaperSettings = { style: ImageStyle; createdAt: Date };

/** The owner's address as the settings page shows it (never the token, which is not kept), or null when off. */
const readSettings = preparedOwnedRead((db, ownerId) =>
  db
    .select({ style: wallpaperTokens.style, createdAt: wallpaperTokens.createdAt })
    .from(wallpaperTokens)
    .where(eq(wallpaperTokens.userId, ownerId)),
);

export async function readWallpaperSettings(db: Database, owner: Owner): Promise<WallpaperSettings | null> {
  return (await readSettings(db, owner, {}))[0] ?? null;
}

/**
 * A new address for the user, in `style` (or the style they had): the one before, if any, stops working. Returns the
 * token, the only time it exists outside the address.
 */
export async function issueWallpaperToken(db: Database, userId: string, style?: ImageStyle, now = new Date()): Promise<string> {
  const token = randomToken(32);
  const id = await sha256Hex(token);
  await db
    .insert(wallpaperTokens)
    .values({ id, userId, style: style ?? "elegant", createdAt: now })
    .onConflictDoUpdate({ target: wallpaperTokens.userId, set: { id, createdAt: now, ...(style ? { style } : {}) } });
  return token;
}

/** The address's style; false when the user has no address. */
export async function setWallpaperStyle(db: Database, userId: string, style: ImageStyle): Promise<boolean> {
  const changed = await db
    .update(wallpaperTokens)
    .set({ style })
    .where(eq(wallpaperTokens.userId, userId))
    .returning({ id: wallpaperTokens.id });
  return changed.length > 0;
}

/** Turns the address off: the row goes, and the address answers 403 from then on. */
export async function turnOffWallpaper(db: Database, userId: string): Promise<void> {
  await db.delete(wallpaperTokens).where(eq(wallpaperTokens.userId, userId));
}

export type WallpaperOwner = Pick<User, "id" | "timeZone"> & { style: ImageStyle };

/** Whose address this token is, with their zone and style; null for a token no address has (any more). */
export async function findWallpaperOwner(db: Database, token: string): Promise<WallpaperOwner | null> {
  const [row] = await db
    .select({ id: users.id, timeZone: users.timeZone, style: wallpaperTokens.style })
    .from(wallpaperTokens)
    .innerJoin(users, eq(users.id, wallpaperTokens.userId))
    .where(eq(wallpaperTokens.id, await sha256Hex(token)))
    .limit(1);
  return row ?? null;
}

/** The account export's section: whether the address is on, since when, in which style; never the token or its hash. */
export async function exportWallpaper(db: Database, userId: string) {
  const [row] = await db
    .select({ createdAt: wallpaperTokens.createdAt, style: wallpaperTokens.style })
    .from(wallpaperTokens)
    .where(eq(wallpaperTokens.userId, userId))
    .limit(1);
  return { on: Boolean(row), createdAt: row?.createdAt ?? null, style: row?.style ?? null };
}
