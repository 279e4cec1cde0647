import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import type { Card } from "~/modules/cards/card";
import { getVisibleCard } from "~/modules/cards/cards.server";
import { findPublicPreviewCard } from "~/modules/cards/public-collection.server";
import { edgeCache } from "~/modules/http/edge-cache.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import { findSharedCard } from "~/modules/sharing/shared-card.server";
import { cardImageElement, DRAWN_FIELDS, type DrawnCard, IMAGE_SIZES, type ImageFormat, type ImageStyle, wallpaperLayout } from "./designs";
import { type ImageSize, type ScreenSize, THUMBNAIL_SIZES } from "./styles";

/**
 * Card images, rendered once and kept in R2 (docs/decisions/017-card-images.md). Bump RENDERER_VERSION whenever a
 * design in designs.ts changes: it is part of the R2 key and of the content hash, so every image is drawn again
 * and every ETag changes.
 */
export const RENDERER_VERSION = 3;

type CardImage = { key: string; etag: string; hash: string };

/**
 * What is drawn: the format's full image, its thumbnail, or a wallpaper at a screen's own pixel size (the lock-screen
 * address, docs/decisions/044-wallpaper-address.md). 1080x1920 is the full wallpaper itself.
 */
export type ImageOutput = ImageSize | ScreenSize;

function screenOf(format: ImageFormat, size: ImageOutput): ScreenSize | null {
  if (typeof size !== "object") return null;
  const full = IMAGE_SIZES[format];
  return size.width === full.width && size.height === full.height ? null : size;
}

/** The output's part of an image's name: none for the full image, `thumb`, or the screen's `<width>x<height>`. */
function outputName(format: ImageFormat, size: ImageOutput): string | null {
  const screen = screenOf(format, size);
  if (screen) return `${screen.width}x${screen.height}`;
  return size === "thumb" ? "thumb" : null;
}

/**
 * SHA-256 (hex, first 16 characters) over the renderer version, the fields drawn, the style, the format and, for a
 * thumbnail or a screen's size only, that size (so the full images' hashes, keys and ETags are the ones they always had).
 */
async function cardImageHash(card: DrawnCard, style: ImageStyle, format: ImageFormat, size: ImageOutput): Promise<string> {
  const output = outputName(format, size);
  const drawn = [RENDERER_VERSION, ...DRAWN_FIELDS.map((field) => card[field] ?? null), style, format, ...(output ? [output] : [])];
  return (await sha256Hex(JSON.stringify(drawn))).slice(0, 16);
}

/** Where the image lives in R2 and its strong ETag: both change with anything drawn. */
export async function describeCardImage(
  card: DrawnCard & Pick<Card, "id">,
  style: ImageStyle,
  format: ImageFormat,
  size: ImageOutput = "full",
): Promise<CardImage> {
  const hash = await cardImageHash(card, style, format, size);
  const output = outputName(format, size);
  const name = output ? `${format}-${style}-${output}` : `${format}-${style}`;
  return { key: `card-images/v${RENDERER_VERSION}/${card.id}/${name}-${hash}.png`, etag: `"${hash}"`, hash };
}

/** Where a drawn image is: the colo's edge cache (public images only), R2, or drawn by this request. */
type ImageSource = "edge" | "hit" | "miss";

/**
 * The edge-cache key of a public image: content-addressed like the R2 key, so a content edit or a new renderer can
 * never be answered with an old picture, whatever the cache keeps.
 */
export function edgeCacheKey(origin: string, image: CardImage): Request {
  return new Request(new URL(`/__edge/${image.key}`, origin));
}

const EDGE_HEADERS = { "Content-Type": "image/png", "Cache-Control": "public, max-age=31536000, immutable" };

/**
 * The PNG of a card. A public (preview) card's image is looked up in the colo's edge cache first, then in R2, then
 * drawn. The stores happen after the answer (`waitUntil`), off the visitor's time. A paid card's image never enters
 * the shared edge cache. `source` says where it came from; the route reports it as `X-Image-Cache`. `beforeDraw` runs
 * only when the picture must be drawn, and may refuse by throwing (a rate limit's 429).
 */
export async function getCardPng(
  context: Pick<AppLoadContext, "cloudflare" | "imageEngine">,
  card: Card,
  style: ImageStyle,
  format: ImageFormat,
  size: ImageOutput,
  edge: { origin: string } | null,
  beforeDraw?: () => Promise<void>,
): Promise<{ body: ReadableStream | Uint8Array; etag: string; source: ImageSource }> {
  const bucket = context.cloudflare.env.CARD_ASSETS;
  const image = await describeCardImage(card, style, format, size);
  const edgeKey = edge ? edgeCacheKey(edge.origin, image) : null;
  if (edgeKey) {
    const cached = await edgeCache().match(edgeKey);
    if (cached?.body) return { body: cached.body, etag: image.etag, source: "edge" };
  }

  const after = context.cloudflare.ctx;
  const stored = await bucket.get(image.key);
  if (stored) {
    if (!edgeKey) return { body: stored.body, etag: image.etag, source: "hit" };
    const [answer, copy] = stored.body.tee();
    after.waitUntil(edgeCache().put(edgeKey, new Response(copy, { headers: EDGE_HEADERS })));
    return { body: answer, etag: image.etag, source: "hit" };
  }

  await beforeDraw?.();
  // A thumbnail is the same layout, rasterised smaller: cheaper to draw, and it looks exactly like the download. A
  // screen's wallpaper is laid out in the screen's proportions and drawn at its size.
  const screen = screenOf(format, size);
  const layout = screen ? wallpaperLayout(screen) : IMAGE_SIZES[format];
  const output = screen ?? (size === "thumb" ? THUMBNAIL_SIZES[format].width : undefined);
  const png = await context.imageEngine.renderPng(cardImageElement(card, style, format, layout), layout, output);
  // Each store gets its own copy: a body handed to one consumer may be transferred away from the others.
  after.waitUntil(
    bucket.put(image.key, png.slice(), {
      httpMetadata: { contentType: "image/png" },
      customMetadata: { etag: image.etag, rendererVersion: String(RENDERER_VERSION) },
    }),
  );
  if (edgeKey) after.waitUntil(edgeCache().put(edgeKey, new Response(png.slice(), { headers: EDGE_HEADERS })));
  return { body: png, etag: image.etag, source: "miss" };
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
  // Preview cards come from the isolate's snapshot: the public images' path makes no D1 round trip.
  const preview = await findPublicPreviewCard(context, cardId);
  if (preview) return { card: preview, visibility: "public" };
  const shared = await findSharedCard(context, cardId, shareToken);
  if (shared.card) return { card: shared.card, visibility: shared.isPreview ? "public" : "private" };
  if (!shared.exists) return { status: 404 };
  const user = await getUser(context);
  const visible = user ? await getVisibleCard(context.db, await cardAudienceFor(context.db, user), cardId) : null;
  return visible ? { card: visible, visibility: "private" } : { status: 403 };
}
