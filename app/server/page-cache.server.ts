import { carriesSessionCookie } from "~/modules/auth/request-auth.server";
import { SIGNED_OUT_COOKIE_NAME } from "~/modules/auth/signed-out-notice.server";
import { ASSIGNMENT_COOKIE_NAME } from "~/modules/experiments/assignment.server";
import { VISITOR_COOKIE_NAME } from "~/modules/experiments/visitor.server";
import { carriesCookie, withOnlyCookies } from "~/modules/http/cookies.server";
import { edgeCache } from "~/modules/http/edge-cache.server";
import type { PagePolicy } from "~/modules/http/page-policy";
import { CHECKOUT_COOKIE_NAME } from "~/modules/payments/checkout-state.server";
import { TOAST_COOKIE_NAME } from "~/modules/toast/toast.server";

/**
 * Public pages and answers from the edge cache (docs/decisions/022-edge-cache.md). A page that is the same for every visitor is
 * kept in the colo's Cache API under a key made of the build, the settings it shows, the public content's version,
 * the A/B variant set and the URL, so a new build or version, a content change or an ended test names new keys and the old pages are simply never
 * read again. Only a visitor's plain GET may read or fill it: a session, a flash message, credentials or a form post
 * always goes to the app, and a response that sets a cookie is never stored. A request that may be answered from the
 * cache or fill it is rendered from `visitorRender(request)`: the cookies a visitor's page may depend on, nothing else.
 */

/** The cookies a shared page may be rendered from: the visitor id and the A/B assignment (the landing's variants). */
const VISITOR_COOKIES = [VISITOR_COOKIE_NAME, ASSIGNMENT_COOKIE_NAME] as const;

/** How long a colo keeps a page; versioned keys, not this, make a change visible. */
const EDGE_MAX_AGE = 3600;

/** Whether the edge cache may answer this request or keep its answer: a visitor's plain GET of a public route. */
export function isCacheablePageRequest(request: Request, policy: PagePolicy): policy is PublicPolicy {
  if (policy.kind !== "public" || request.method !== "GET") return false;
  if (request.headers.has("Authorization") || isPersonal(request)) return false;
  // A paid card's share link opens only while its issuer keeps access (019): its page is never kept.
  return !new URL(request.url).searchParams.has("t");
}

type PublicPolicy = Extract<PagePolicy, { kind: "public" }>;

/** The cookies that make a request personal besides a session: a flash toast, a signed-out notice, checkout details. */
const PERSONAL_COOKIES = [TOAST_COOKIE_NAME, SIGNED_OUT_COOKIE_NAME, CHECKOUT_COOKIE_NAME] as const;

/** A session or a personal cookie, found by the parser the app reads them with (a regex once missed `lc_session =<token>`). */
function isPersonal(request: Request): boolean {
  return carriesSessionCookie(request) || PERSONAL_COOKIES.some((name) => carriesCookie(request, name));
}

/**
 * The request a cacheable page is rendered from: only the visitor cookies and no `Authorization`, so whatever else the
 * browser sent (a session under a name the check above did not see) can never reach a page served to everyone.
 */
export function visitorRender(request: Request): Request {
  return withOnlyCookies(request, VISITOR_COOKIES);
}

/**
 * The key of a page or answer. `settings` names what of the deployment's own settings a public page shows (the sign-in
 * providers offered): `wrangler secret put` makes a new version of the same build, and its pages must not be the old
 * version's.
 */
export function pageCacheKey(request: Request, version: PageVersion): Request {
  return new Request(pageCacheKeyUrl(request, version));
}

type PageVersion = { build: string; settings: string; content: string; variants: string };

/** The key's address: the isolate's copies are found by it alone, with no Request built (readIsolateCopy). */
export function pageCacheKeyUrl(request: Request, version: PageVersion): string {
  const url = new URL(request.url);
  const parts = [version.build, encodeURIComponent(version.settings), version.content, encodeURIComponent(version.variants)].join("/");
  return new URL(`/__pages/${parts}${url.pathname}${url.search}`, url.origin).href;
}

/** The response to keep: a complete 200 of the type the route answers (a page or JSON) that sets no cookie. */
export function isStorablePage(policy: PublicPolicy, response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith(policy.type) &&
    response.headers.getSetCookie().length === 0
  );
}

/**
 * Everything the page cache did not serve or keep (signed-in pages and their `.data` answers, redirects, errors, a
 * visitor's page that set a cookie) may be personal: no browser, proxy or CDN may keep it. A response that states its
 * own caching (a card image, the PDF's revalidation) keeps it.
 */
export function privateUnlessStated(response: Response): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/** The page's own Cache-Control travels beside the one the Cache API needs, and is what a browser gets back. */
const PAGE_CACHE_CONTROL = "X-Page-Cache-Control";

/** The copy the edge keeps: the page as sent, with the freshness the Cache API needs to store it. */
export function edgeCopy(html: string, headers: Headers): Response {
  const stored = new Headers(headers);
  stored.set(PAGE_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  stored.set("Cache-Control", `public, max-age=${EDGE_MAX_AGE}`);
  return new Response(html, { status: 200, headers: stored });
}

/**
 * The isolate keeps its own copy of the pages it last served or stored, in front of the colo's cache: a hot page (the
 * landing, the visitor's preview cards) then costs no cache lookup at all. The key is the same versioned key, so a copy
 * is only ever served where the colo's cache would have served the same bytes; it is forgotten when the colo's copy
 * would have expired, and the least recently used goes first. The body is kept as bytes, so a page answered from the
 * isolate is not encoded again for every request.
 */
type IsolateCopy = { body: ArrayBuffer; status: number; headers: [string, string][]; expiresAt: number };
const isolateCopies = new Map<string, IsolateCopy>();
const MAX_ISOLATE_COPIES = 24;
const MAX_ISOLATE_BYTES = 6_000_000;
let isolateBytes = 0;

function keepInIsolate(keyUrl: string, copy: IsolateCopy) {
  forgetInIsolate(keyUrl);
  isolateCopies.set(keyUrl, copy);
  isolateBytes += copy.body.byteLength;
  for (const [oldest, page] of isolateCopies) {
    if (isolateCopies.size <= MAX_ISOLATE_COPIES && isolateBytes <= MAX_ISOLATE_BYTES) break;
    isolateCopies.delete(oldest);
    isolateBytes -= page.body.byteLength;
  }
}

function forgetInIsolate(url: string) {
  const kept = isolateCopies.get(url);
  if (!kept) return;
  isolateCopies.delete(url);
  isolateBytes -= kept.body.byteLength;
}

/** The isolate's own copy of a page or answer, or undefined (never kept, forgotten, or expired). */
export function readIsolateCopy(keyUrl: string): Response | undefined {
  const kept = isolateCopies.get(keyUrl);
  if (!kept) return undefined;
  forgetInIsolate(keyUrl);
  if (kept.expiresAt <= Date.now()) return undefined;
  // Most recently used last.
  keepInIsolate(keyUrl, kept);
  return new Response(kept.body, { status: kept.status, headers: kept.headers });
}

/** The page as it was first sent (a browser must not keep it as long as the edge does), or undefined. */
export async function readCachedPage(key: Request): Promise<Response | undefined> {
  const kept = readIsolateCopy(key.url);
  if (kept) return kept;
  const cached = await edgeCache().match(key);
  if (!cached) return undefined;
  const headers = new Headers(cached.headers);
  const own = headers.get(PAGE_CACHE_CONTROL);
  headers.delete(PAGE_CACHE_CONTROL);
  if (own) headers.set("Cache-Control", own);
  else headers.delete("Cache-Control");
  const body = await cached.arrayBuffer();
  keepInIsolate(key.url, { body, status: cached.status, headers: [...headers], expiresAt: Date.now() + EDGE_MAX_AGE * 1000 });
  return new Response(body, { status: cached.status, headers });
}

/** Stores the page in the colo's cache; `sent` is what the browser got (its own Cache-Control), kept in the isolate. */
export function storePage(key: Request, copy: Response, sent: { body: string; headers: Headers }): Promise<void> {
  const body = new TextEncoder().encode(sent.body).buffer as ArrayBuffer;
  keepInIsolate(key.url, { body, status: 200, headers: [...sent.headers], expiresAt: Date.now() + EDGE_MAX_AGE * 1000 });
  return edgeCache().put(key, copy);
}
