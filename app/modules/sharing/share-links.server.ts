import type { AppConfig } from "~/modules/config/config.server";
import { isSignatureUnder, signValueWith } from "~/modules/security/signatures.server";
import { sharePath } from "./share-path";

/**
 * Share links (docs/decisions/019-share-links.md): a preview card's link is public; a paid card's link carries
 * `t=<key id>.<issuer>.<signature>`, an HMAC-SHA256 of key id, card id and issuer (the buyer who shared it) under the
 * share-link key that id names (SHARE_LINK_SECRETS, not the session secret). It is signed when the buyer shares, and
 * opens only while its issuer still has access (shared-card.server.ts).
 */
const LABEL = "light-cards share link v2\n";
const TOKEN = /^([a-z0-9]{1,16})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/;

type Keys = Pick<AppConfig, "shareLinkKeys">;

function signedPart(keyId: string, cardId: string, issuerId: string): string {
  return `${keyId}\n${cardId}\n${issuerId}`;
}

/** The token that lets anyone open `cardId`, naming `issuerId`, under the current share-link key; null without one. */
export async function shareTokenFor(config: Keys, cardId: string, issuerId: string): Promise<string | null> {
  const [current] = config.shareLinkKeys;
  if (!current) return null;
  return `${current.id}.${issuerId}.${await signValueWith(current.secret, LABEL, signedPart(current.id, cardId, issuerId))}`;
}

/**
 * The issuer a token names when it is this card's token under a configured key (the key its id names, so a
 * rotated-out key is simply dropped from the list), else null.
 */
export async function shareIssuerOf(config: Keys, cardId: string, token: string | null): Promise<string | null> {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, keyId = "", issuerId = "", signature = ""] = match;
  const key = config.shareLinkKeys.find((candidate) => candidate.id === keyId);
  if (!key) return null;
  return (await isSignatureUnder([key.secret], LABEL, signedPart(keyId, cardId, issuerId), signature)) ? issuerId : null;
}

/** The URL that shares a card, for the buyer sharing it: public for a preview card, signed for a paid one. */
export async function shareUrlFor(
  config: Keys & Pick<AppConfig, "appOrigin">,
  card: { id: string; isPreview: boolean },
  issuerId: string,
): Promise<string | null> {
  const url = `${config.appOrigin}${sharePath(card.id)}`;
  if (card.isPreview) return url;
  const token = await shareTokenFor(config, card.id, issuerId);
  return token ? `${url}?t=${token}` : null;
}

/**
 * What a page hands its card components for sharing: a preview card's public URL, or null for a paid card, whose link
 * is signed only when the buyer shares it (shareLinkIssuerPath). No page signs links as it renders.
 */
export function publicShareUrl(config: Pick<AppConfig, "appOrigin">, card: { id: string; isPreview: boolean }): string | null {
  return card.isPreview ? `${config.appOrigin}${sharePath(card.id)}` : null;
}

/** publicShareUrl of each preview card among `cards`, by card id (the card browser's `shareUrls`). */
export function publicShareUrls(
  config: Pick<AppConfig, "appOrigin">,
  cards: readonly { id: string; isPreview: boolean }[],
): Record<string, string> {
  return Object.fromEntries(cards.flatMap((card) => (card.isPreview ? [[card.id, `${config.appOrigin}${sharePath(card.id)}`]] : [])));
}
