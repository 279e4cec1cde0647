import type { AppConfig } from "~/modules/config/config.server";
import { constantTimeEqual, fromBase64Url, toBase64Url } from "~/modules/security/crypto.server";
import { sharePath } from "./share-path";

/**
 * Share links (docs/decisions/000-product-rules.md, Added after the trunk landed): a preview card's link is public;
 * a paid card's link carries `t`, an HMAC-SHA256 of the card id under the session secret (with a label of its own,
 * so no other signature can stand in for it), cut to 128 bits. A buyer can share any card; nobody can walk the
 * collection by guessing ids. Rotating SESSION_SECRET keeps old links working while the old secret is still listed.
 */
const LABEL = "light-cards share link v1\n";
const TOKEN_BYTES = 16;

/** Imported keys, per secret, for the isolate's life (a card list signs dozens of links per page). */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

async function sign(secret: string, cardId: string): Promise<Uint8Array> {
  const key = await hmacKey(secret);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(LABEL + cardId));
  return new Uint8Array(mac).slice(0, TOKEN_BYTES);
}

/** The token for a card, under the current secret. */
export async function shareTokenFor(config: Pick<AppConfig, "sessionSecrets">, cardId: string): Promise<string> {
  const [current] = config.sessionSecrets;
  if (!current) throw new Error("No session secret: share links cannot be signed");
  return toBase64Url(await sign(current, cardId));
}

/** True when `token` is this card's token under any configured secret. */
export async function isValidShareToken(config: Pick<AppConfig, "sessionSecrets">, cardId: string, token: string | null): Promise<boolean> {
  if (!token || token.length > 64 || !/^[A-Za-z0-9_-]+$/.test(token)) return false;
  let given: Uint8Array;
  try {
    given = fromBase64Url(token);
  } catch {
    return false;
  }
  for (const secret of config.sessionSecrets) {
    if (constantTimeEqual(given, await sign(secret, cardId))) return true;
  }
  return false;
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
