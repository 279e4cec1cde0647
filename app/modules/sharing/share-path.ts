/** A card's public share path, without a token (preview cards; client-safe). Paid cards add `?t=`: share-links.server.ts. */
export function sharePath(cardId: string): string {
  return `/share/${encodeURIComponent(cardId)}`;
}
