import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Card } from "~/modules/cards/card";
import { getPreviewCard, getVisibleCard } from "~/modules/cards/cards.server";
import { isValidShareToken } from "./share-links.server";

/**
 * What a share link opens (the share page, and the card image that unfurls it): a preview card for anyone, a paid
 * card with its valid token, nothing otherwise. `exists` tells a wrong token (403) from an id no card has (404).
 */
export type SharedCard = { card: Card; isPreview: boolean } | { card: null; exists: boolean };

export async function findSharedCard(
  context: Pick<AppLoadContext, "db" | "config">,
  cardId: string,
  token: string | null,
): Promise<SharedCard> {
  const preview = await getPreviewCard(context.db, cardId);
  if (preview) return { card: preview, isPreview: true };
  const card = await getVisibleCard(context.db, "buyer", cardId);
  if (!card) return { card: null, exists: false };
  return (await isValidShareToken(context.config, cardId, token)) ? { card, isPreview: false } : { card: null, exists: true };
}
