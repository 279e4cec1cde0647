const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const NONCE_ATTRIBUTE = /\snonce="([^"]*)"/;

/**
 * A page fit for everyone: the per-request nonce taken off its inline scripts, and the SHA-256 of each inline
 * script listed instead, so the Content-Security-Policy stays strict (no 'unsafe-inline') for a body served many
 * times. Only the scripts that carry this render's `nonce` are the app's and get a hash: anything else inline (an
 * HTML injection some day) would otherwise be allowed in every visitor's copy. Returns the body and the
 * script-src sources to allow.
 */
export async function withScriptHashes(html: string, nonce: string): Promise<{ html: string; scriptSources: string[] }> {
  const hashes = new Set<string>();
  const ours = (attributes: string) => NONCE_ATTRIBUTE.exec(attributes)?.[1] === nonce;
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || !ours(attributes)) continue;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
    hashes.add(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  }
  const stripped = html.replace(INLINE_SCRIPT, (script, attributes: string) =>
    ours(attributes) ? script.replace(attributes, attributes.replace(NONCE_ATTRIBUTE, "")) : script,
  );
  return { html: stripped, scriptSources: [...hashes] };
}
