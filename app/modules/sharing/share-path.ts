/** A card's public share path, without a token (preview cards; client-safe). Paid cards add `?t=`: share-links.server.ts. */
export function sharePath(cardId: string): string {
  return `/share/${encodeURIComponent(cardId)}`;
}

/**
 * The places the share menu sends a link to, besides the system share sheet and the clipboard. A plain list, not a
 * zod schema: the landing's cards import this module, and zod is half the landing's script (docs/decisions/036-landing-lcp.md);
 * the route that parses it has `shareTargetSchema` (share-target.schema.ts).
 */
export const SHARE_TARGETS = ["x", "facebook", "whatsapp"] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

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
