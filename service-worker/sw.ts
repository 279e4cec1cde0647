/**
 * The service worker: the app shell and a signed-in buyer's collection offline, never one account's pages for
 * another (docs/decisions/025-installable-offline.md). Bundled by scripts/lib/service-worker.ts into public/sw.js,
 * which fills in SHELL_FILES (every file the Remix build wrote under /build/) and SHELL_VERSION.
 *
 * - The shell cache (`lc-shell-<version>`) holds the build's scripts, styles, fonts and sprite, and the app's icons:
 *   public files, the same for everyone, fetched without cookies. Served cache first (their names carry their hash).
 * - The personal cache (`lc-personal-<key>`) holds the buyer's library and card pages, the day's practice (/today),
 *   their own recordings and the card images opened. The key is an opaque value the server derives from the account;
 *   at most one personal cache exists. Pages, recordings and images always come from the network while it answers;
 *   the cache only stands in when it does not.
 * - A page asks the worker to sync after it loads: the worker asks the server whose collection this browser may keep
 *   (`/offline-collection.json`), deletes every other account's cache, and fetches at low priority the pages it lacks
 *   or whose version changed (each page has its own: a favourite changes the library and that card's page).
 *   A browser signed out, signed in for the browser session only, or without access, keeps none. Signing out deletes
 *   it as the request leaves; past the session's expiry, or once its marker cookie is gone, it never opens offline.
 */
import { encode } from "turbo-stream";
import {
  OFFLINE_COLLECTION_PATH,
  OFFLINE_MARKER_COOKIE,
  type OfflineCollection,
  type OfflinePage,
  offlineCopyUsable,
  SIGN_OUT_PATHS,
  TODAY_PATH,
  type WorkerMessage,
} from "../app/modules/offline/protocol";
import { byteRangeResponse } from "./byte-range";
import { listenForNotifications, type NotificationScope } from "./notifications";
import { OFFLINE_PAGE_POLICY, offlinePageHtml, type PracticeFields, practiceNotSavedHtml } from "./offline-page";

declare const SHELL_FILES: string[];
declare const SHELL_VERSION: string;

/** The parts of the service worker's global scope used here (the project's types are the DOM's and workerd's). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends ExtendableEvent {
  readonly request: Request;
  /** The navigation's response, requested by the browser while the worker started (navigation preload). */
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  location: Location;
  /** The Cookie Store API (Chromium's service workers): sees the cookies that are not httpOnly. */
  cookieStore?: { get(name: string): Promise<unknown> };
  caches: CacheStorage;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { includeUncontrolled: boolean; type: "window" }): Promise<{ postMessage(message: WorkerMessage): void }[]>;
  };
  skipWaiting(): Promise<void>;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
const cacheStorage = worker.caches;

const SHELL_CACHE = `lc-shell-${SHELL_VERSION}`;
const PERSONAL_PREFIX = "lc-personal-";
/**
 * Stored in the personal cache beside the pages: each page's version when it was fetched, as JSON (path to version).
 * An entry that does not read as such (a worker before per-page versions kept one string here) means none is known.
 */
const VERSIONS_ENTRY = "/__offline/version";
/** When the copy's session ends unless used again (ms since the epoch, as text): past it, the copy never opens. */
const EXPIRY_ENTRY = "/__offline/expires";
const PUBLIC_FILES = [
  "/manifest.webmanifest",
  "/favicon.ico",
  "/favicon.svg",
  "/apple-touch-icon.png",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
];

/** The upright Lora file with the core characters (scripts/lib/web-fonts.ts names it by its weights and part). */
const HEADING_FONT = SHELL_FILES.find((file) => /\/lora-[\d-]+-normal-core-[^/]+\.woff2$/.test(file));

const CARD_PAGE = /^\/cards\/[^/]+$/;
const CARD_IMAGE = /^\/cards\/[^/]+\/image\.png$/;
/** The buyer's own recording of a card (app/routes/recordings.$cardId.ts); kept under its address without `?v=`. */
const RECORDING = /^\/recordings\/[^/]+$/;

// Push messages and taps on them (docs/decisions/046-web-push.md).
listenForNotifications(self as unknown as NotificationScope);

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // Only the few public files here: a visitor's browser downloads nothing more than the pages it opens. The app's
      // files (about 1 MB) come with a buyer's collection (keepShell), and each file a page loads is kept as it passes.
      const cache = await cacheStorage.open(SHELL_CACHE);
      await cache.addAll(PUBLIC_FILES.map((url) => new Request(url, { credentials: "omit" })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await cacheStorage.keys())
        if (name.startsWith("lc-shell-") && name !== SHELL_CACHE) await cacheStorage.delete(name);
      // Pages come from the network first: the browser starts their request while the worker boots, not after.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type !== "sync") return;
  // A visitor's page asks the server nothing, unless this browser still keeps someone's pages: then the server's
  // answer (no account) makes the worker forget them.
  event.waitUntil((async () => (message.signedIn || (await keepsAnyCollection()) ? syncCollection() : forgetCollection()))());
});

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method !== "GET") {
    // Signing out: this browser keeps nothing of the account, whatever the answer (the server also sends Clear-Site-Data).
    if (SIGN_OUT_PATHS.some((path) => url.pathname === path || url.pathname === `${path}.data`)) event.waitUntil(forgetCollection());
    // A practice form posted as a page (before the scripts ran, or without them): offline, a page that gives the words back.
    if (request.mode === "navigate" && request.method === "POST" && url.pathname === TODAY_PATH) event.respondWith(postPractice(request));
    return;
  }
  if (url.pathname.startsWith("/build/") || PUBLIC_FILES.includes(url.pathname)) {
    event.respondWith(fromShell(request));
  } else if (request.mode === "navigate") {
    event.respondWith(networkOr(request, () => offlineDocument(request), event.preloadResponse));
  } else if (url.pathname === "/__manifest") {
    event.respondWith(routeManifest(request));
  } else if (url.pathname.endsWith(".data")) {
    // The router's data for a page: offline, it loads the page as a document instead, which the cache can answer.
    event.respondWith(networkOr(request, () => reloadAsDocument(url)));
  } else if (CARD_IMAGE.test(url.pathname)) {
    event.respondWith(cardImage(request));
  } else if (RECORDING.test(url.pathname)) {
    event.respondWith(recording(request));
  }
});

/** The network's answer; `offline()` only when there is none at all (an error status is an answer). */
async function networkOr(request: Request, offline: () => Promise<Response>, preload?: Promise<Response | undefined>): Promise<Response> {
  try {
    return (await preload) ?? (await fetch(request));
  } catch {
    return offline();
  }
}

async function fromShell(request: Request): Promise<Response> {
  const cache = await cacheStorage.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/build/")) await cache.put(request, response.clone());
  return response;
}

/**
 * The router's lazily discovered routes (`/__manifest?p=...&version=...`): public, and named by the build's version, so
 * kept in the shell cache. Offline and never asked before, the answer Remix reads as "load the next page as a
 * document", which the cache can answer.
 */
async function routeManifest(request: Request): Promise<Response> {
  const cache = await cacheStorage.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
  }
}

/** The personal cache, if this browser keeps one (its name is the current account's key). */
async function personalCache(): Promise<Cache | null> {
  const name = (await cacheStorage.keys()).find((key) => key.startsWith(PERSONAL_PREFIX));
  return name ? cacheStorage.open(name) : null;
}

async function deletePersonalCaches(except?: string): Promise<void> {
  for (const name of await cacheStorage.keys()) if (name.startsWith(PERSONAL_PREFIX) && name !== except) await cacheStorage.delete(name);
}

/**
 * The personal cache, when it may still open offline: before its session's expiry and while the session's marker
 * cookie is there (protocol.ts, offlineCopyUsable). A copy that may not is deleted, so a browser-session sign-in, an
 * expiry or cleared cookies leave the next person on the device nothing to read.
 */
async function usablePersonalCache(): Promise<Cache | null> {
  const cache = await personalCache();
  if (!cache) return null;
  const expiresAt = Number((await (await cache.match(EXPIRY_ENTRY))?.text()) ?? Number.NaN);
  const usable = offlineCopyUsable({
    expiresAt: Number.isFinite(expiresAt) ? expiresAt : null,
    now: Date.now(),
    marker: await sessionMarkerPresent(),
  });
  if (usable) return cache;
  await dropCollection();
  return null;
}

/** Whether the session's marker cookie is there; null where this worker cannot read cookies. */
async function sessionMarkerPresent(): Promise<boolean | null> {
  if (!worker.cookieStore) return null;
  try {
    return Boolean(await worker.cookieStore.get(OFFLINE_MARKER_COOKIE));
  } catch {
    return null;
  }
}

/** Offline: the page as the buyer last had it, if it is theirs to keep; else a page that says the network is needed. */
async function offlineDocument(request: Request): Promise<Response> {
  const cache = await usablePersonalCache();
  const url = new URL(request.url);
  // A card opened from a filtered library carries the filter; its page is the same card. The library at a filter's
  // address (`/cards?category=peace`) is the kept library: the page applies its filters in the browser.
  // /today with the passage's translation in its query is the kept /today: the page reads the query itself.
  const cached =
    (await cache?.match(url.pathname + url.search, { ignoreVary: true })) ??
    (CARD_PAGE.test(url.pathname) || url.pathname === "/cards" || url.pathname === TODAY_PATH
      ? await cache?.match(url.pathname, { ignoreVary: true })
      : undefined);
  if (cached) return cached;
  const hasCollection = Boolean(cache && (await cache.match("/cards")));
  const hasToday = Boolean(cache && (await cache.match(TODAY_PATH)));
  return offlineHtml(offlinePageHtml({ hasCollection, hasToday, headingFont: HEADING_FONT }));
}

function offlineHtml(html: string): Response {
  return new Response(html, {
    // Not 503: Chromium reports a failed status as an error in the page's console. The page itself says what happened.
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": OFFLINE_PAGE_POLICY, "Cache-Control": "no-store" },
  });
}

/**
 * One of /today's forms posted as a page: the server's answer, or with no network a page that says nothing was saved
 * and gives the buyer's words back in a form that posts them again (docs/decisions/045-practice-listen-and-offline.md).
 */
async function postPractice(request: Request): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    const form = await copy.formData().catch(() => null);
    const field = (name: string) => {
      const value = form?.get(name);
      return typeof value === "string" ? value : undefined;
    };
    const fields: PracticeFields = {
      intent: field("intent") ?? "",
      reflection: field("reflection"),
      answer: field("answer"),
      note: field("note"),
      cardId: field("cardId"),
    };
    const hasToday = Boolean(await (await usablePersonalCache())?.match(TODAY_PATH));
    return offlineHtml(practiceNotSavedHtml({ fields, hasToday, headingFont: HEADING_FONT }));
  }
}

/**
 * Remix's answer for "load this URL as a document" (a redirect with `reload`), in the encoding its router reads
 * (turbo-stream, the same package and version Remix uses; status 202 as Remix sends it).
 */
async function reloadAsDocument(dataUrl: URL): Promise<Response> {
  const target = new URL(dataUrl);
  target.pathname = target.pathname === "/_root.data" ? "/" : target.pathname.replace(/\.data$/, "");
  target.searchParams.delete("_routes");
  const redirect = Symbol("SingleFetchRedirect");
  const body = encode(
    { [redirect]: { redirect: target.pathname + target.search, status: 302, revalidate: false, reload: true, replace: false } },
    {
      plugins: [
        (value: unknown) =>
          value && typeof value === "object" && redirect in value
            ? ["SingleFetchRedirect", (value as Record<symbol, unknown>)[redirect]]
            : false,
      ],
    },
  );
  return new Response(body, { status: 202, headers: { "Content-Type": "text/x-script" } });
}

/** A card image: from the network, kept for this account when it keeps a collection; from that copy offline. */
async function cardImage(request: Request): Promise<Response> {
  const cache = await personalCache();
  try {
    const response = await fetch(request);
    if (cache && response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await (await usablePersonalCache())?.match(request);
    if (cached) return cached;
    throw error;
  }
}

/**
 * The buyer's own recording: from the network; offline, from the kept copy, whole or the part a media element asks
 * for (the copy holds it whole: Cache Storage refuses a 206). Never kept as it passes: the sync fetches each once.
 */
async function recording(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await usablePersonalCache())?.match(new URL(request.url).pathname);
    if (!cached) throw error;
    return byteRangeResponse(await cached.arrayBuffer(), cached.headers, request.headers.get("Range"));
  }
}

async function readCollection(): Promise<OfflineCollection | null> {
  try {
    const response = await fetch(OFFLINE_COLLECTION_PATH, { cache: "no-store" });
    return response.ok ? ((await response.json()) as OfflineCollection) : null;
  } catch {
    return null;
  }
}

let syncing: Promise<void> | null = null;
let syncAfter: Promise<void> | null = null;
/**
 * One sync at a time. A page that loads while one runs gets a sync of its own once it ends, never a share of it: the
 * account may have changed meanwhile (a sign-out), and the running one read the server's answer before. Pages that
 * load during the same sync share the one that follows it.
 */
function syncCollection(): Promise<void> {
  if (!syncing) {
    syncing = keepCollection().finally(() => {
      syncing = null;
    });
    return syncing;
  }
  syncAfter ??= syncing.then(() => {
    syncAfter = null;
    return syncCollection();
  });
  return syncAfter;
}

async function keepCollection(): Promise<void> {
  // A sign-out while this sync runs (forgetCollection) stops it, and it keeps nothing: a cache it opened after the
  // sign-out's deletion would otherwise hold the old account's pages again, and stay if the network went away.
  const startedAt = forgettings;
  const forgotten = () => forgettings !== startedAt;
  const collection = await readCollection();
  // No answer (offline, a server error): change nothing.
  if (!collection || forgotten()) return;
  if (!collection.key) return dropCollection();
  const name = PERSONAL_PREFIX + collection.key;
  await deletePersonalCaches(name);
  if (!(await keepShell())) return;
  const cache = await cacheStorage.open(name);
  await cache.put(EXPIRY_ENTRY, new Response(String(collection.expiresAt)));
  const kept = await keptVersions(cache);
  const held = await Promise.all(collection.pages.map((page) => cache.match(page.path)));
  // A page is fetched again only when its own version changed (a favourite changes two pages, not fifty) or it is gone.
  const current = collection.pages.filter((page, index) => held[index] && kept[page.path] === page.version);
  const stale = collection.pages.filter((page) => !current.includes(page));
  if (stale.length > 0) {
    // Only the pages still current are recorded while the others come in: a sync that stops early fetches the rest next time.
    await keepVersions(cache, current);
    const fetched: OfflinePage[] = [];
    try {
      for (const page of stale) {
        if (forgotten()) break;
        // `Purpose: prefetch`: fetching a card for later is not reading it (recordCardView skips such requests).
        const response = await fetch(page.path, { headers: { Purpose: "prefetch" }, priority: "low" } as RequestInit);
        if (response.ok && !response.redirected) {
          await cache.put(page.path, response);
          fetched.push(page);
        }
      }
    } catch {
      // The network went away: the pages fetched so far stay readable offline; the next sync fetches them again.
      if (!forgotten()) return;
    }
    // The account may have changed while the pages came in: keep them only if they are still this one's.
    const after = forgotten() ? null : await readCollection();
    if (forgotten() || (after && after.key !== collection.key)) {
      await cacheStorage.delete(name);
      return;
    }
    // No answer (the network went away after the last page): the copy stays readable offline, as when it goes away
    // between pages, and the next sync fetches these again. No other account can have signed in without the network,
    // and a sign-out is seen as it leaves (forgetCollection).
    if (!after) return;
    await keepVersions(cache, [...current, ...fetched]);
  }
  if (forgotten()) return cacheStorage.delete(name).then(() => undefined);
  await tell({ type: "offline-collection", cards: collection.pages.filter((page) => CARD_PAGE.test(page.path)).length });
}

/**
 * The app's files, for a buyer whose pages are kept: every file of the build, fetched once per build (false when the
 * network went away; the next sync tries again).
 */
async function keepShell(): Promise<boolean> {
  const cache = await cacheStorage.open(SHELL_CACHE);
  const held = await Promise.all(SHELL_FILES.map((url) => cache.match(url)));
  const missing = SHELL_FILES.filter((_, index) => !held[index]);
  try {
    await cache.addAll(missing.map((url) => new Request(url, { credentials: "omit" })));
    return true;
  } catch {
    return false;
  }
}

async function keepsAnyCollection(): Promise<boolean> {
  return (await cacheStorage.keys()).some((name) => name.startsWith(PERSONAL_PREFIX));
}

/** How many times this browser has forgotten the collection: a sync compares it with the count it began under. */
let forgettings = 0;

/** This browser keeps no one's pages, and its pages say so, once a sync under way has stopped (keepCollection). */
async function forgetCollection(): Promise<void> {
  forgettings++;
  await syncing?.catch(() => undefined);
  await dropCollection();
}

/** Deletes the personal caches and tells the pages: from a sign-out, or a sync the server answered with no account. */
async function dropCollection(): Promise<void> {
  await deletePersonalCaches();
  await tell({ type: "offline-collection", cards: 0 });
}

async function keptVersions(cache: Cache): Promise<Record<string, string>> {
  try {
    const versions: unknown = await (await cache.match(VERSIONS_ENTRY))?.json();
    return versions && typeof versions === "object" ? (versions as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function keepVersions(cache: Cache, pages: OfflinePage[]): Promise<void> {
  const versions = Object.fromEntries(pages.map((page) => [page.path, page.version]));
  return cache.put(VERSIONS_ENTRY, new Response(JSON.stringify(versions), { headers: { "Content-Type": "application/json" } }));
}

async function tell(message: WorkerMessage): Promise<void> {
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true, type: "window" })) client.postMessage(message);
}
