/**
 * What the pages, the service worker (service-worker/sw.ts) and the server agree on for the offline collection
 * (docs/decisions/025-installable-offline.md). Client-safe: the browser bundle and the worker both import it.
 */

/** The JSON that says which account's collection this browser may keep, and which pages make it up. */
export const OFFLINE_COLLECTION_PATH = "/offline-collection.json";

export type OfflineCollection =
  /** Signed out, signed in for this browser session only, or no access to the collection: the browser keeps no one's pages. */
  | { key: null }
  | {
      /** Opaque and stable per account (an HMAC of its id): names the cache that holds the pages. */
      key: string;
      /** When the session ends unless it is used again (ms since the epoch): the copy opens offline until then only. */
      expiresAt: number;
      /**
       * The library, /today, the buyer's own recordings and every card page, each with what it shows as a version:
       * a page is fetched again when it changes.
       */
      pages: OfflinePage[];
    };

/**
 * A page of the collection and its version. The version changes when the page's content does: every page's with the
 * cards, the library's with any of the buyer's favourites, a card page's with that card's heart alone. A favourite
 * added costs two pages, not the whole collection.
 */
export type OfflinePage = { path: string; version: string };

/** The day's practice (decision 045): kept with the collection, as the server last drew it. */
export const TODAY_PATH = "/today";

/** Requests that sign the browser out: the worker deletes the personal cache as they leave. */
export const SIGN_OUT_PATHS = ["/logout", "/api/auth/logout"];

export type WorkerMessage =
  /**
   * A page asks the worker to bring the collection up to date (after it has loaded). `signedIn` is what the page's
   * server said (`data-signed-in` on the document): a visitor's page costs no request, unless this browser still keeps
   * someone's pages, which are then checked and forgotten.
   */
  | { type: "sync"; signedIn: boolean }
  /** The worker says how many cards this browser now keeps for offline reading (0: none). */
  | { type: "offline-collection"; cards: number };

/** Set on the document's root element by the server for a signed-in viewer (root.tsx). */
export const SIGNED_IN_ATTRIBUTE = "data-signed-in";

/** Set on the document's root element by the page once the worker keeps the collection: `data-offline="ready"`. */
export const OFFLINE_READY_ATTRIBUTE = "data-offline";

/**
 * A cookie scripts and the service worker can see, set beside a remembered session and with its lifetime: while the
 * browser holds it, the session it stands for may still be live. Gone (expired, cleared), the offline copy is too.
 */
export const OFFLINE_MARKER_COOKIE = "lc_offline";

/**
 * Whether the service worker may answer from the offline copy: before its session's expiry, and while the session's
 * marker is there (`marker` null where the worker cannot read cookies: the expiry alone then decides). A copy kept
 * before expiries were recorded has none and is never opened.
 */
export function offlineCopyUsable(input: { expiresAt: number | null; now: number; marker: boolean | null }): boolean {
  return input.expiresAt !== null && input.now < input.expiresAt && input.marker !== false;
}
