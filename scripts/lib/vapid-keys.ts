/**
 * A VAPID key pair for Web Push (docs/decisions/046-web-push.md), made with Web Crypto: the public key as the
 * uncompressed P-256 point browsers subscribe with, the private key as its scalar, both base64url, as
 * app/modules/config/config.server.ts reads VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export type VapidKeys = { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string };

const base64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes as ArrayBuffer).toString("base64url");

export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = await crypto.subtle.exportKey("raw", pair.publicKey);
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  if (!d) throw new Error("Web Crypto exported no private scalar");
  return { VAPID_PUBLIC_KEY: base64url(publicKey), VAPID_PRIVATE_KEY: d };
}

/**
 * Development's own pair: read from .dev.vars, or made and written there the first time (the file is never
 * committed), so `npm start` offers notifications without any setup and keeps the same keys between runs (a new
 * pair would orphan every subscription made with the old one).
 */
export async function developmentVapidKeys(path = ".dev.vars"): Promise<VapidKeys> {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  const read = (name: string) => new RegExp(`^${name}=(.+)$`, "m").exec(text)?.[1]?.trim();
  const publicKey = read("VAPID_PUBLIC_KEY");
  const privateKey = read("VAPID_PRIVATE_KEY");
  if (publicKey && privateKey) return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
  const keys = await generateVapidKeys();
  const lines = `# Web Push keys for development, made by npm start (docs/decisions/046-web-push.md).\nVAPID_PUBLIC_KEY=${keys.VAPID_PUBLIC_KEY}\nVAPID_PRIVATE_KEY=${keys.VAPID_PRIVATE_KEY}\n`;
  writeFileSync(path, `${text}${text && !text.endsWith("\n") ? "\n" : ""}${lines}`);
  return keys;
}
