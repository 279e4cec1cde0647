import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cardIdSchema } from "~/modules/cards/cards.schema";
import { describeCardImage, findCardForImage, getCardPng } from "~/modules/images/card-images.server";
import { cardImageQuerySchema } from "~/modules/images/images.schema";
import { imageFileName } from "~/modules/images/styles";

/** Images may be kept a day, then revalidated with the ETag (the URL stays while the content may change: 017). */
const MAX_AGE = 86_400;

function plain(message: string, status: number): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** The If-None-Match header names this ETag (a list, `*`, or a weak form of it). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * GET /cards/{cardId}/image.png?style=elegant|modern|peaceful|warm&format=card|wallpaper[&size=thumb][&download=1][&t=share token]
 * A resource route (no component): the card as a PNG, drawn once and then served from R2 (docs/decisions/017).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = cardImageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return plain(query.error.issues[0]?.message ?? "Invalid query", 400);
  const { style, format, size, download, t } = query.data;

  const cardId = cardIdSchema.safeParse(params.cardId);
  if (!cardId.success) return plain("Card not found", 404);
  const found = await findCardForImage(context, cardId.data, t ?? null);
  if ("status" in found) {
    return found.status === 404 ? plain("Card not found", 404) : plain("This card's image is for members with access.", 403);
  }

  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": `${found.visibility}, max-age=${MAX_AGE}`,
  });
  if (found.visibility === "private") headers.set("Vary", "Cookie, Authorization");
  if (download) {
    headers.set("Content-Disposition", `attachment; filename="${imageFileName(found.card.id, style, format)}"`);
  }

  // The ETag comes from the card's content: a revalidation is answered without touching R2 or the renderer.
  const { etag } = await describeCardImage(found.card, style, format, size);
  headers.set("ETag", etag);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  const image = await getCardPng(context, found.card, style, format, size, found.visibility === "public" ? { origin: url.origin } : null);
  headers.set("X-Image-Cache", image.source);
  // A Uint8Array is a valid body; TypeScript's DOM types only accept one over a plain ArrayBuffer.
  return new Response(image.body as BodyInit, { status: 200, headers });
}
