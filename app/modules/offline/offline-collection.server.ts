/**
 * Which account's collection a browser may keep offline, and what makes it up (docs/decisions/025-installable-offline.md).
 * The service worker asks after every page load and keeps one account's pages at most, in a cache named by `key`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getCardsFor } from "~/modules/cards/cards.server";
import { getPublicCollection } from "~/modules/cards/public-collection.server";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { getStats } from "~/modules/habit/progress.server";
import { carriesCookie, isPlainHttpLocalhost } from "~/modules/http/cookies.server";
import { reflectionVersionsByCard } from "~/modules/practice/offline-versions.server";
import { recordingUrl } from "~/modules/practice/recordings";
import { listOwnRecordings } from "~/modules/practice/recordings.server";
import { readRecentPracticeDays, todayFor } from "~/modules/practice/today.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import { signValue } from "~/modules/security/signatures.server";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { OFFLINE_MARKER_COOKIE, type OfflineCollection, TODAY_PATH } from "./protocol";

/** The cache key's purpose label: a signature made for anything else never names a cache. */
const CACHE_KEY_LABEL = "offline-cache:";

export async function offlineCollectionFor(context: AppLoadContext, request: Request): Promise<OfflineCollection> {
  const current = await context.auth.getCurrentUser();
  // Only a remembered session keeps a copy: a browser-session sign-in ends when the browser closes, and the next
  // person on a shared device must not find the account's pages offline.
  if (current?.via !== "cookie" || !current.persistent) return { key: null };
  const { user } = current;
  // Only a buyer keeps the collection: a member's previews and a visitor's pages are public or one tap from checkout.
  if ((await cardAudienceFor(context.db, user)) !== "buyer") return { key: null };
  const now = new Date();
  // The same reads as /today's loader and the card pages', in one batch with the collection's (db/batch.ts).
  const [{ cards }, favoriteIds, content, recent, stats, recordings, reflections] = await Promise.all([
    getCardsFor(context.db, "buyer"),
    listFavoriteCardIds(context.db, user.id),
    getPublicCollection(context),
    readRecentPracticeDays(context.db, user.id, now),
    getStats(context.db, user.id, { timeZone: preferredTimeZone(timeZoneFromRequest(request), user.timeZone), now }),
    listOwnRecordings(context.db, user.id),
    reflectionVersionsByCard(context.db, user.id),
  ]);
  const today = await todayFor(context, { user, request, recent, now });
  // The library shows every heart; a card page shows its own (and steps through all the cards, which the content's
  // version covers), and the buyer's reflections on the card and recording of it (decision 040): a favourite changes
  // two pages, a day's practice /today and its card's page, and only those are fetched again.
  const favorites = new Set(favoriteIds);
  const recorded = new Map(recordings.map((recording) => [recording.cardId, recording.version]));
  // /today shows the day's card and what the buyer did with it (every write of the day's row stamps `updatedAt`), the
  // streak, and their recording of the card: its version changes with any of them, with the evening's opening at
  // 17:00 and with the buyer's day.
  const todayShows = today && {
    day: today.day,
    evening: today.isEvening,
    card: today.card.id,
    chosen: today.chosen,
    practice: today.practice ? [today.practice.updatedAt.getTime(), today.practice.saidAloudAt !== null] : null,
    streak: [stats.currentStreak, stats.atRisk],
    recording: recorded.get(today.card.id) ?? null,
  };
  const [key, library, todayVersion] = await Promise.all([
    signValue(context.config, CACHE_KEY_LABEL, user.id),
    sha256Hex(JSON.stringify([content.version, [...favorites].sort()])),
    sha256Hex(JSON.stringify([content.version, todayShows])),
  ]);
  return {
    key,
    expiresAt: current.expiresAt.getTime(),
    pages: [
      { path: "/cards", version: library.slice(0, 16) },
      ...(todayShows ? [{ path: TODAY_PATH, version: todayVersion.slice(0, 16) }] : []),
      // The buyer's own recordings, to play offline (in the same copy, dropped with it), each under its address
      // without the `?v=` the pages add, and fetched again when a new one replaces it.
      ...recordings.map((recording) => ({ path: recordingUrl(recording.cardId), version: String(recording.version) })),
      ...cards.map((card) => ({
        path: `/cards/${card.id}`,
        version: [
          content.version,
          favorites.has(card.id) ? "favourite" : "-",
          reflections.get(card.id) ?? "",
          recorded.get(card.id) ?? "",
        ].join(":"),
      })),
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

/**
 * The session's marker for the service worker (protocol.ts): set with the remembered session's lifetime while a copy
 * may be kept, cleared when none may. Not httpOnly, so the worker can read it offline; it holds nothing but "1".
 */
export function offlineMarkerCookie(request: Request, collection: OfflineCollection): string | null {
  const secure = isPlainHttpLocalhost(request) ? "" : "; Secure";
  if (!collection.key) {
    return carriesCookie(request, OFFLINE_MARKER_COOKIE) ? `${OFFLINE_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : null;
  }
  const maxAge = Math.max(0, Math.floor((collection.expiresAt - Date.now()) / 1000));
  return `${OFFLINE_MARKER_COOKIE}=1; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}
