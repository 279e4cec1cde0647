import { PASSWORD_ITERATIONS } from "~/modules/config/config.server";
import { constantTimeEqual, fromBase64Url, toBase64Url } from "~/modules/security/crypto.server";

/**
 * PBKDF2-SHA256 through WebCrypto. 100,000 iterations is the most production Workers accept
 * (local workerd does not enforce the cap, so tests pin it). The parameters are stored in the
 * hash string ("pbkdf2_sha256$<iterations>$<salt>$<hash>") so they can be raised later, and so a hash made at the
 * tests' lower count (config.passwordHashIterations, docs/decisions/028-test-harness.md) verifies all the same.
 */
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2_sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const expected = fromBase64Url(hashText);
  const actual = await derive(password, fromBase64Url(saltText), iterations);
  return constantTimeEqual(actual, expected);
}

/**
 * A hash of nothing in particular, at the count real accounts are hashed at, so a sign-in for an unknown email costs
 * the same time as a real one.
 */
const decoyHashes = new Map<number, Promise<string>>();
export async function spendPasswordCheckTime(password: string, iterations = PASSWORD_ITERATIONS): Promise<void> {
  let decoyHash = decoyHashes.get(iterations);
  if (!decoyHash) {
    decoyHash = hashPassword("decoy-password-for-timing", iterations);
    decoyHashes.set(iterations, decoyHash);
  }
  await verifyPassword(password, await decoyHash);
}
