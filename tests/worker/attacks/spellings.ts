/** Base64url spellings for the signature attack tests (token-spellings, share-links). */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The other spellings of a 22-character base64url signature: its last character with other spare bits. */
export function otherSpellings(signature: string): string[] {
  const last = ALPHABET.indexOf(signature.at(-1) ?? "");
  return Array.from({ length: 16 }, (_, spare) => (last & 0b110000) | spare)
    .filter((index) => index !== last)
    .map((index) => `${signature.slice(0, -1)}${ALPHABET[index]}`);
}
