import type { AppConfig } from "~/modules/config/config.server";
import { constantTimeEqual, fromBase64Url, toBase64Url } from "./crypto.server";

/**
 * Short HMAC-SHA256 signatures of a value under the session secret, each purpose with a label of its own (so no
 * signature made for one purpose stands in for another), cut to 128 bits. Rotating SESSION_SECRET keeps old
 * signatures valid while the old secret is still listed. Share links and unsubscribe links use these.
 */
const SIGNATURE_BYTES = 16;

/**
 * The HMAC-SHA256 key of a secret, imported once for the isolate's life: a card list signs dozens of links per page,
 * and a returning visitor's landing verifies two cookies (importing a key costs more than the signature).
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const keys = new Map<string, Promise<CryptoKey>>();

async function sign(secret: string, label: string, value: string): Promise<Uint8Array> {
  const key = await hmacKey(secret);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(label + value));
  return new Uint8Array(mac).slice(0, SIGNATURE_BYTES);
}

/** The signature of `value` for `label`, under the current secret, URL-safe. */
export async function signValue(config: Pick<AppConfig, "sessionSecrets">, label: string, value: string): Promise<string> {
  const [current] = config.sessionSecrets;
  if (!current) throw new Error("No session secret: nothing can be signed");
  return signValueWith(current, label, value);
}

/** The signature of `value` for `label` under `secret` (a secret of its own, e.g. a share-link key), URL-safe. */
export async function signValueWith(secret: string, label: string, value: string): Promise<string> {
  return toBase64Url(await sign(secret, label, value));
}

/** True when `signature` is the signature of `value` for `label` under any configured secret. */
export function isValidSignature(
  config: Pick<AppConfig, "sessionSecrets">,
  label: string,
  value: string,
  signature: string | null,
): Promise<boolean> {
  return isSignatureUnder(config.sessionSecrets, label, value, signature);
}

/**
 * True when `signature` is the signature of `value` for `label` under one of `secrets`, in its one canonical
 * spelling: base64 ignores a last character's spare bits, so 16 spellings decoded to the same bytes, and a
 * signature is a token that must have exactly one form.
 */
export async function isSignatureUnder(
  secrets: readonly string[],
  label: string,
  value: string,
  signature: string | null,
): Promise<boolean> {
  if (!signature || signature.length > 64 || !/^[A-Za-z0-9_-]+$/.test(signature)) return false;
  let given: Uint8Array;
  try {
    given = fromBase64Url(signature);
  } catch {
    return false;
  }
  if (toBase64Url(given) !== signature) return false;
  for (const secret of secrets) {
    if (constantTimeEqual(given, await sign(secret, label, value))) return true;
  }
  return false;
}
