import { exports } from "cloudflare:workers";
import { expect } from "vitest";

export const ORIGIN = "http://localhost:8787";

/** Sends a request through the real Worker entry (Remix, D1, everything), as a browser would. */
export function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), { redirect: "manual", ...init }));
}

export function expectRedirect(response: Response, location: string, status?: number) {
  if (status) expect(response.status).toBe(status);
  else expect([301, 302, 303, 307, 308]).toContain(response.status);
  expect(new URL(response.headers.get("Location") ?? "", ORIGIN).pathname + new URL(response.headers.get("Location") ?? "", ORIGIN).search).toBe(location);
}

/** The visible text of an HTML document, tags stripped and whitespace folded, for content assertions. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
