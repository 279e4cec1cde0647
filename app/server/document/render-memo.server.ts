import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";

/**
 * The buyer's library pages drawn once per distinct data (docs/decisions/016-the-buyers-library.md, issue 25).
 * /cards is about 600 KB of markup, and drawing it was most of the request. A page's HTML is a function of what it
 * is drawn from: the build, the URL, the status and the data of every matched route (the cards, the favourites, the
 * filters, a toast...), the year in the footer. The key is all of that, serialised, so a page kept in the isolate's
 * memory is only ever served to a request that would have drawn the very same bytes, whoever it is: a buyer's
 * favourites are in the data, so another buyer's page never matches. The nonce is the one per-request part: it is
 * swapped for the request's own. Only the routes listed are kept (their components read nothing but their data),
 * only a 200 with no form answer, and only data made of plain values (a deferred promise, a Map, a class instance
 * would serialise the same whatever they hold, so such a page is never kept).
 */

/** Leaf routes whose document is a pure function of the data (and of the URL and the build). */
const MEMOISED_ROUTES = new Set(["routes/cards._index", "routes/cards.$cardId", "routes/dashboard"]);

/**
 * At most this many bytes of pages in an isolate, and this many pages. A page is kept as UTF-8 bytes cut at its
 * nonce, so answering it again is a copy of bytes with the request's nonce put back: no string to search and encode.
 */
const MAX_BYTES = 8_000_000;
const MAX_PAGES = 48;

/** `bytes`: the page's own; `memory`: what keeping it costs, its key (a string of UTF-16 units) included. */
type KeptPage = { around: Uint8Array[]; bytes: number; memory: number };
const pages = new Map<string, KeptPage>();
let keptBytes = 0;
const utf8 = new TextEncoder();

export type DocumentMemo = { read(): Uint8Array<ArrayBuffer> | null; keep(html: string): void };

/** The memo for this document request, or null when its page may not be kept. */
export function documentMemo(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
  loadContext: Pick<AppLoadContext, "cspNonce" | "buildVersion">,
): DocumentMemo | null {
  const { staticHandlerContext: handled } = remixContext;
  const leaf = handled.matches.at(-1)?.route.id;
  if (request.method !== "GET" || statusCode !== 200 || !leaf || !MEMOISED_ROUTES.has(leaf)) return null;
  if (handled.actionData || handled.errors) return null;
  const data = plainValues(handled.loaderData);
  if (data === null) return null;
  // The whole URL: the document names its own address (Remix's router state). The key is the serialisation itself, not
  // a hash of it: a Map compares strings natively, faster than SHA-256 through WebCrypto, and its bytes are counted.
  const url = new URL(request.url);
  const key = JSON.stringify([loadContext.buildVersion, url.href, statusCode, new Date().getUTCFullYear(), data]);
  const nonce = loadContext.cspNonce;
  return {
    read() {
      const kept = pages.get(key);
      if (!kept) return null;
      // Most recently used last: the oldest page is the one forgotten first.
      pages.delete(key);
      pages.set(key, kept);
      return withNonce(kept, utf8.encode(nonce));
    },
    keep(html) {
      if (pages.has(key)) return;
      const around = html.split(nonce).map((part) => utf8.encode(part));
      const bytes = around.reduce((sum, part) => sum + part.byteLength, 0);
      const memory = bytes + key.length * 2;
      if (memory > MAX_BYTES / 4) return;
      pages.set(key, { around, bytes, memory });
      keptBytes += memory;
      for (const [oldest, page] of pages) {
        if (keptBytes <= MAX_BYTES && pages.size <= MAX_PAGES) break;
        pages.delete(oldest);
        keptBytes -= page.memory;
      }
    },
  };
}

/** The kept page's bytes with this request's nonce where the drawn page had its own. */
function withNonce(page: KeptPage, nonce: Uint8Array): Uint8Array<ArrayBuffer> {
  const html = new Uint8Array(page.bytes + nonce.byteLength * (page.around.length - 1));
  let offset = 0;
  for (const [index, part] of page.around.entries()) {
    if (index > 0) {
      html.set(nonce, offset);
      offset += nonce.byteLength;
    }
    html.set(part, offset);
    offset += part.byteLength;
  }
  return html;
}

/**
 * The data as JSON-safe plain values, each type tagged (a Date apart from its string, undefined apart from null), or
 * null when it holds anything else: such a value may not show in its serialisation what the page draws from it.
 */
function plainValues(value: unknown): unknown {
  // The objects being walked: an object inside itself has no JSON (one used twice, side by side, is fine).
  const ancestors = new Set<object>();
  let plain = true;
  const walk = (entry: unknown): unknown => {
    if (!plain) return null;
    if (entry === undefined) return { u: 1 };
    if (entry === null || typeof entry === "string" || typeof entry === "boolean") return entry;
    if (typeof entry === "number") return Number.isFinite(entry) ? entry : { n: String(entry) };
    if (typeof entry !== "object") {
      plain = false;
      return null;
    }
    if (entry instanceof Date) return { d: entry.getTime() };
    const prototype = Object.getPrototypeOf(entry);
    if (ancestors.has(entry) || (!Array.isArray(entry) && prototype !== Object.prototype && prototype !== null)) {
      plain = false;
      return null;
    }
    ancestors.add(entry);
    const walked = Array.isArray(entry) ? { a: entry.map(walk) } : { o: Object.entries(entry).map(([name, item]) => [name, walk(item)]) };
    ancestors.delete(entry);
    return walked;
  };
  const result = walk(value);
  return plain ? result : null;
}
