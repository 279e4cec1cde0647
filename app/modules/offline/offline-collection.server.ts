/**
 * Which account's collection a browser may keep offline, and what makes it up (docs/decisions/025-installable-offline.md).
 * The service worker asks after every page load and keeps one account's pages at most, in a cache named by `key`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import { getCardsFor } from "~/modules/cards/cards.server";
import { getPublicCollection } from "~/modules/cards/public-collection.server";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import { signValue } from "~/modules/security/signatures.server";
import type { OfflineCollection } from "./protocol";

/** The cache key's purpose label: a signature made for anything else never names a cache. */
const CACHE_KEY_LABEL = "offline-cache:";

export async function offlineCollectionFor(context: AppLoadContext): Promise<OfflineCollection> {
  const user = await getUser(context);
  // Only a buyer keeps the collection: a member's previews and a visitor's pages are public or one tap from checkout.
  if (!user || (await cardAudienceFor(context.db, user)) !== "buyer") return { key: null };
  const [{ cards }, favoriteIds, content] = await Promise.all([
    getCardsFor(context.db, "buyer"),
    listFavoriteCardIds(context.db, user.id),
    getPublicCollection(context),
  ]);
  // The library shows every heart; a card page shows its own (and steps through all the cards, which the content's
  // version covers): a favourite changes two pages, and only those are fetched again.
  const favorites = new Set(favoriteIds);
  const [key, library] = await Promise.all([
    signValue(context.config, CACHE_KEY_LABEL, user.id),
    sha256Hex(JSON.stringify([content.version, [...favorites].sort()])),
  ]);
  return {
    key,
    pages: [
      { path: "/cards", version: library.slice(0, 16) },
      ...cards.map((card) => ({ path: `/cards/${card.id}`, version: `${content.version}:${favorites.has(card.id) ? "favourite" : "-"}` })),
    ],
  };
}

/**
 * A response that ends the session (a sign-out, "sign out everywhere", a session found invalid) tells the browser to
 * drop its HTTP cache and back/forward cache for the site (`Clear-Site-Data: "cache"`), so Back shows no page of the
 * account. It does not reach the service worker's caches: in Chromium "cache" leaves Cache Storage alone, and
 * "storage" would empty it but also unregister the worker, so the next offline page would be the browser's error
 * page. The worker deletes its personal cache itself when it sees the sign-out request leave (service-worker/sw.ts),
 * and again at the next page's sync whenever the server names no account (docs/decisions/025).
 */
export function clearSiteDataWhenSessionEnds(response: Response, sessionChange: "started" | "ended" | null): void {
  if (sessionChange === "ended") response.headers.set("Clear-Site-Data", '"cache"');
}
