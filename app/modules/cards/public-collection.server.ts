import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc } from "drizzle-orm";
import { affirmationCards } from "#db/schema";
import { sha256Hex } from "~/modules/security/crypto.server";
import { getLandingVoices, type LandingVoices } from "~/modules/testimonials/testimonials.server";
import type { Card, CategorySummary } from "./card";
import { countCards, listCategories, listPreviewCards } from "./cards.server";

/**
 * What every visitor sees of the collection (the categories and their counts, the preview cards, the number of
 * cards, the landing page's testimonials), kept in isolate memory so that a visitor's page needs no D1 round trip
 * (docs/decisions/022-edge-cache.md). It changes only when the collection is re-seeded or an admin publishes a
 * testimonial, so each isolate reads it again after `publicContentTtlMs` (PUBLIC_CONTENT_TTL_SECONDS, 30 s); `version` (a hash of it all) names
 * the edge-cached pages built from it, so a change versions every such page away within that time. Only settled
 * values are kept: workerd forbids sharing one request's pending I/O with another, so concurrent misses each read.
 */
type PublicCollection = {
  categories: CategorySummary[];
  previewCards: Card[];
  cardCount: number;
  voices: LandingVoices;
  version: string;
};

let snapshot: { value: PublicCollection; expiresAt: number; read: number } | null = null;
/** Numbers each read of D1, so that a slow read never replaces the snapshot of a read that began after it. */
let reads = 0;

type Context = Pick<AppLoadContext, "db" | "config">;

/**
 * One snapshot per request: the page cache's key and the loaders that draw the page read the same one, so a page is
 * never kept under a content version it was not drawn from (docs/decisions/030-one-module-graph.md). Keyed by the
 * request's own database handle, which lives exactly as long as the request.
 */
const snapshotOfRequest = new WeakMap<Context["db"], Promise<PublicCollection>>();

export function getPublicCollection(context: Context): Promise<PublicCollection> {
  let pending = snapshotOfRequest.get(context.db);
  if (!pending) {
    pending = currentSnapshot(context);
    snapshotOfRequest.set(context.db, pending);
  }
  return pending;
}

async function currentSnapshot({ db, config }: Context): Promise<PublicCollection> {
  if (snapshot && snapshot.expiresAt > Date.now()) return snapshot.value;
  const read = ++reads;
  const [categories, previewCards, cardCount, voices, allCards] = await Promise.all([
    listCategories(db),
    listPreviewCards(db),
    countCards(db),
    getLandingVoices(db),
    // Every card's content goes into the version (never into the snapshot): a shared paid card's page changes too.
    db.select().from(affirmationCards).orderBy(asc(affirmationCards.id)),
  ]);
  const version = (await sha256Hex(JSON.stringify([categories, previewCards, cardCount, voices, allCards]))).slice(0, 16);
  const value = { categories, previewCards, cardCount, voices, version };
  if (!snapshot || snapshot.read < read) snapshot = { value, expiresAt: Date.now() + config.publicContentTtlMs, read };
  return value;
}

/** A preview card from the snapshot, or null (unknown, or paid content). */
export async function findPublicPreviewCard(context: Context, id: string): Promise<Card | null> {
  return (await getPublicCollection(context)).previewCards.find((card) => card.id === id) ?? null;
}

/** The landing page's preview spot: the previews of a category (all of them for "all"), at most `limit`. */
export function previewsOf(collection: Pick<PublicCollection, "previewCards">, category: string | null, limit: number): Card[] {
  const inCategory =
    category && category !== "all" ? collection.previewCards.filter((card) => card.category === category) : collection.previewCards;
  return inCategory.slice(0, limit);
}
