import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import type { Card } from "~/modules/cards/card";
import { getPreviewCard, getVisibleCard } from "~/modules/cards/cards.server";
import { shareIssuerOf, shareUrlFor } from "./share-links.server";

/**
 * What a share link opens (the share page, and the card image that unfurls it): a preview card for anyone, a paid
 * card with a valid token whose issuer still has access (a refunded, disputed or revoked buyer's links stop), nothing
 * otherwise. `exists` tells a refused link (403) from an id no card has (404).
 */
type SharedCard = { card: Card; isPreview: boolean } | { card: null; exists: boolean };

export async function findSharedCard(
  context: Pick<AppLoadContext, "db" | "config">,
  cardId: string,
  token: string | null,
): Promise<SharedCard> {
  const preview = await getPreviewCard(context.db, cardId);
  if (preview) return { card: preview, isPreview: true };
  const card = await getVisibleCard(context.db, "buyer", cardId);
  if (!card) return { card: null, exists: false };
  const issuerId = await shareIssuerOf(context.config, cardId, token);
  const issuerHasAccess = issuerId !== null && (await cardAudienceFor(context.db, { id: issuerId })) === "buyer";
  return issuerHasAccess ? { card, isPreview: false } : { card: null, exists: true };
}

/**
 * A card's share URL, signed now for the signed-in user sharing it (the share click, the copy): null when they may
 * not see the card, "unavailable" when no share-link key is configured.
 */
export async function issueShareUrl(
  context: Pick<AppLoadContext, "db" | "config">,
  user: { id: string },
  cardId: string,
): Promise<{ card: Card; url: string } | null | "unavailable"> {
  const card = await getVisibleCard(context.db, await cardAudienceFor(context.db, user), cardId);
  if (!card) return null;
  const url = await shareUrlFor(context.config, card, user.id);
  return url ? { card, url } : "unavailable";
}
