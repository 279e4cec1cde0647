import type { AppConfig } from "~/modules/config/config.server";
import { isValidSignature, signValue } from "~/modules/security/signatures.server";
import { sharePath } from "./share-path";

/**
 * Share links (docs/decisions/000-product-rules.md, Added after the trunk landed): a preview card's link is public;
 * a paid card's link carries `t`, an HMAC-SHA256 of the card id under the session secret (signatures.server.ts).
 * A buyer can share any card; nobody can walk the collection by guessing ids.
 */
const LABEL = "light-cards share link v1\n";

/** The token for a card, under the current secret. */
export function shareTokenFor(config: Pick<AppConfig, "sessionSecrets">, cardId: string): Promise<string> {
  return signValue(config, LABEL, cardId);
}

/** True when `token` is this card's token under any configured secret. */
export function isValidShareToken(config: Pick<AppConfig, "sessionSecrets">, cardId: string, token: string | null): Promise<boolean> {
  return isValidSignature(config, LABEL, cardId, token);
}

/** The path that shares a card: public for a preview card, signed for a paid one. */
export async function sharePathFor(config: Pick<AppConfig, "sessionSecrets">, card: { id: string; isPreview: boolean }): Promise<string> {
  const path = sharePath(card.id);
  return card.isPreview ? path : `${path}?t=${await shareTokenFor(config, card.id)}`;
}

/** Share URLs for many cards at once (the card browser passes one to each card). */
export async function shareUrlsFor(
  config: Pick<AppConfig, "sessionSecrets" | "appOrigin">,
  cards: readonly { id: string; isPreview: boolean }[],
): Promise<Record<string, string>> {
  const entries = await Promise.all(
    cards.map(async (card) => [card.id, `${config.appOrigin}${await sharePathFor(config, card)}`] as const),
  );
  return Object.fromEntries(entries);
}
