import type { AppLoadContext } from "@remix-run/cloudflare";
import { sha256Hex } from "~/modules/security/crypto.server";
import { getLandingVoices, type LandingVoices } from "~/modules/testimonials/testimonials.server";
import type { Card, CategorySummary, PassageVerse } from "./card";
import { type CardAudience, countCards, listAllCards, listCategories, listPreviewCards } from "./cards.server";

/**
 * What every visitor sees of the collection (the categories and their counts, the preview cards, the number of
 * cards, the landing page's testimonials), kept in isolate memory so that a visitor's page needs no D1 round trip
 * (docs/decisions/022-edge-cache.md). It changes only when the collection is re-seeded or an admin publishes a
 * testimonial, so each isolate reads it again after `publicContentTtlMs` (PUBLIC_CONTENT_TTL_SECONDS, 30 s); `version` (a hash of it all) names
 * the edge-cached pages built from it, so a change versions every such page away within that time. Only settled
 * values are kept: workerd forbids sharing one request's pending I/O with another, so concurrent misses each read.
 * The same read keeps the whole collection for the buyers' library pages (docs/decisions/016-the-buyers-library.md),
 * apart from what visitors' pages are drawn from.
 */
type PublicCollection = {
  categories: CategorySummary[];
  previewCards: Card[];
  cardCount: number;
  voices: LandingVoices;
  version: string;
};

/**
 * The whole collection as a buyer's library shows it (docs/decisions/016-the-buyers-library.md): every card, paid ones
 * included, so never part of `PublicCollection`, which visitors' pages are drawn from.
 */
type LibraryCollection = {
  cards: Card[];
  /** Each card's passage by its id, for the card page; kept apart so the lists never carry it. */
  passages: Map<string, PassageVerse[]>;
  categories: CategorySummary[];
  cardCount: number;
  version: string;
};

type Snapshot = { public: PublicCollection; library: LibraryCollection };

let snapshot: { value: Snapshot; readAt: number; read: number } | null = null;
/** Numbers each read of D1, so that a slow read never replaces the snapshot of a read that began after it. */
let reads = 0;

type Context = Pick<AppLoadContext, "db" | "config">;

/**
 * One snapshot per request: the page cache's key and the loaders that draw the page read the same one, so a page is
 * never kept under a content version it was not drawn from (docs/decisions/030-one-module-graph.md). Keyed by the
 * request's own database handle, which lives exactly as long as the request.
 */
const snapshotOfRequest = new WeakMap<Context["db"], Promise<Snapshot>>();

function requestSnapshot(context: Context): Promise<Snapshot> {
  let pending = snapshotOfRequest.get(context.db);
  if (!pending) {
    pending = currentSnapshot(context);
    snapshotOfRequest.set(context.db, pending);
  }
  return pending;
}

export async function getPublicCollection(context: Context): Promise<PublicCollection> {
  return (await requestSnapshot(context)).public;
}

/**
 * The cards an audience's library holds (a buyer every card, a member without access the previews), the categories
 * and the number of cards, from the same snapshot: a library page reads no card from D1.
 */
export async function getLibraryCollection(
  context: Context,
  audience: Exclude<CardAudience, "visitor">,
): Promise<{ cards: Card[]; categories: CategorySummary[]; totalAvailable: number; version: string }> {
  const { library } = await requestSnapshot(context);
  const cards = audience === "buyer" ? library.cards : library.cards.filter((card) => card.isPreview);
  return { cards, categories: library.categories, totalAvailable: library.cardCount, version: library.version };
}

/** A card of an audience's library from the snapshot, or null (no such card, or not theirs to see). */
export async function findLibraryCard(context: Context, audience: Exclude<CardAudience, "visitor">, id: string): Promise<Card | null> {
  return (await getLibraryCollection(context, audience)).cards.find((card) => card.id === id) ?? null;
}

/** The passage of a card of an audience's library (the card page's), or null: never for a card they may not see. */
export async function findCardPassage(
  context: Context,
  audience: Exclude<CardAudience, "visitor">,
  id: string,
): Promise<PassageVerse[] | null> {
  const { library } = await requestSnapshot(context);
  return (await findLibraryCard(context, audience, id)) ? (library.passages.get(id) ?? null) : null;
}

/** The isolate's snapshot while it is fresh by this request's TTL (a changed setting applies at once), and never from a clock that has gone back. */
function freshSnapshot(config: Context["config"]): Snapshot | null {
  const age = snapshot ? Date.now() - snapshot.readAt : -1;
  return snapshot && age >= 0 && age < config.publicContentTtlMs ? snapshot.value : null;
}

/** The public content's version when the isolate's snapshot is fresh, with nothing to read; null when it must be read. */
export function freshPublicVersion(config: Context["config"]): string | null {
  return freshSnapshot(config)?.public.version ?? null;
}

async function currentSnapshot({ db, config }: Context): Promise<Snapshot> {
  const fresh = freshSnapshot(config);
  if (fresh) return fresh;
  const read = ++reads;
  const [categories, previewCards, cardCount, voices, { cards: allCards, passages }] = await Promise.all([
    listCategories(db),
    listPreviewCards(db),
    countCards(db),
    getLandingVoices(db),
    // Every card's content goes into the version (never into the public part): a shared paid card's page changes too.
    listAllCards(db),
  ]);
  const content = [categories, previewCards, cardCount, voices, allCards, [...passages]];
  const version = (await sha256Hex(JSON.stringify(content))).slice(0, 16);
  const value = {
    public: { categories, previewCards, cardCount, voices, version },
    library: { cards: allCards, passages, categories, cardCount, version },
  };
  if (!snapshot || snapshot.read < read) snapshot = { value, readAt: Date.now(), read };
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
