import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import type { Card } from "~/modules/cards/card";
import { getVisibleCard } from "~/modules/cards/cards.server";
import { findSharedCard } from "~/modules/sharing/shared-card.server";
import { cardImageElement, type DrawnCard, IMAGE_SIZES, type ImageFormat, type ImageStyle } from "./designs";

/**
 * Card images, rendered once and kept in R2 (docs/decisions/017-card-images.md). Bump RENDERER_VERSION whenever a
 * design in designs.ts changes: it is part of the R2 key and of the content hash, so every image is drawn again
 * and every ETag changes.
 */
export const RENDERER_VERSION = 1;

export type CardImage = { key: string; etag: string; hash: string };

/** SHA-256 (hex, first 16 characters) over the renderer version, the fields drawn, the style and the format. */
export async function cardImageHash(card: DrawnCard, style: ImageStyle, format: ImageFormat): Promise<string> {
  const drawn = [
    RENDERER_VERSION,
    card.title,
    card.affirmation,
    card.scripture,
    card.scriptureReference,
    card.scriptureReferences ?? null,
    style,
    format,
  ];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(drawn)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 16);
}

/** Where the image lives in R2 and its strong ETag: both change with anything drawn. */
export async function describeCardImage(card: DrawnCard & Pick<Card, "id">, style: ImageStyle, format: ImageFormat): Promise<CardImage> {
  const hash = await cardImageHash(card, style, format);
  return { key: `card-images/v${RENDERER_VERSION}/${card.id}/${format}-${style}-${hash}.png`, etag: `"${hash}"`, hash };
}

/**
 * The PNG of a card: from R2 when it was drawn before (streamed), else drawn now and stored. `fromCache` says which;
 * the route reports it as `X-Image-Cache: hit | miss`.
 */
export async function getCardPng(
  context: Pick<AppLoadContext, "cloudflare" | "imageEngine">,
  card: Card,
  style: ImageStyle,
  format: ImageFormat,
): Promise<{ body: ReadableStream | Uint8Array; etag: string; fromCache: boolean }> {
  const bucket = context.cloudflare.env.CARD_ASSETS;
  const image = await describeCardImage(card, style, format);
  const stored = await bucket.get(image.key);
  if (stored) return { body: stored.body, etag: image.etag, fromCache: true };

  const png = await context.imageEngine.renderPng(cardImageElement(card, style, format), IMAGE_SIZES[format]);
  await bucket.put(image.key, png, {
    httpMetadata: { contentType: "image/png" },
    customMetadata: { etag: image.etag, rendererVersion: String(RENDERER_VERSION) },
  });
  return { body: png, etag: image.etag, fromCache: false };
}

/**
 * Who may fetch a card's image: anyone for a preview card ("public"); for a paid card, a signed-in buyer or anyone
 * holding the card's share token (crawlers unfurling a share link) ("private"). Otherwise 403, or 404 when no card
 * has this id.
 */
export async function findCardForImage(
  context: AppLoadContext,
  cardId: string,
  shareToken: string | null,
): Promise<{ card: Card; visibility: "public" | "private" } | { status: 403 | 404 }> {
  const shared = await findSharedCard(context, cardId, shareToken);
  if (shared.card) return { card: shared.card, visibility: shared.isPreview ? "public" : "private" };
  if (!shared.exists) return { status: 404 };
  const user = await getUser(context);
  const visible = user ? await getVisibleCard(context.db, await cardAudienceFor(context.db, user), cardId) : null;
  return visible ? { card: visible, visibility: "private" } : { status: 403 };
}
