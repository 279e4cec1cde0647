import { z } from "zod";

/** A card's public share path, without a token (preview cards; client-safe). Paid cards add `?t=`: share-links.server.ts. */
export function sharePath(cardId: string): string {
  return `/share/${encodeURIComponent(cardId)}`;
}

/** The places the share menu sends a link to, besides the system share sheet and the clipboard. */
export const shareTargetSchema = z.enum(["x", "facebook", "whatsapp"]);
export type ShareTarget = z.infer<typeof shareTargetSchema>;

/**
 * Where a signed-in buyer's browser gets a paid card's link, signed for them at the moment they share
 * (docs/decisions/019-share-links.md): JSON `{ url }` for the copy and the share sheet, or with `via` a redirect to
 * that site's share page, so the menu's links work without JavaScript.
 */
export function shareLinkIssuerPath(cardId: string, via?: ShareTarget): string {
  return `/share-link/${encodeURIComponent(cardId)}${via ? `?via=${via}` : ""}`;
}

/** The share page of X, Facebook or WhatsApp for a card's link. */
export function shareIntentUrl(target: ShareTarget, card: { affirmation: string; scriptureReference: string }, url: string): string {
  const link = encodeURIComponent(url);
  const text = encodeURIComponent(`${card.affirmation} (${card.scriptureReference})`);
  if (target === "x") return `https://twitter.com/intent/tweet?text=${text}&url=${link}`;
  if (target === "facebook") return `https://www.facebook.com/sharer/sharer.php?u=${link}`;
  return `https://wa.me/?text=${text}%20${link}`;
}
