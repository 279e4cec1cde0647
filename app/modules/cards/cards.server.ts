import { and, asc, count, eq, getTableColumns } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { affirmationCards, categories } from "#db/schema";
import { type Card, type CategorySummary, displayReference, type PassageVerse } from "./card";

/**
 * Who is asking decides what leaves the server (docs/decisions/000-product-rules.md, Collection):
 * - a visitor sees preview cards only, at most 6 at a time, of the selected category (every one through the tabs);
 * - a signed-in user without access sees every preview card: a free account never sees less than a visitor;
 * - a buyer sees the whole collection in orderIndex order.
 * The paid cards are never selected for anyone without access.
 */
export type CardAudience = "visitor" | "member-without-access" | "buyer";

export const VISITOR_PREVIEW_LIMIT = 6;
/** The public sample card (/sample-card, the landing hero): one of the abundance previews. */
export const SAMPLE_CARD_ID = "abundance-the-lord-is-my-shepherd";

type CardsResult = { cards: Card[]; isPreview: boolean; totalAvailable: number };

/** Every column of a card but its bookkeeping times and passage, from the table itself (the `Card` type is made the same way). */
const { createdAt: _createdAt, updatedAt: _updatedAt, passage: _passage, ...cardColumns } = getTableColumns(affirmationCards);

/** A stored row as every reader sees it: references in their display form ("Psalm 23:1"), read in one place. */
function toCard(row: Card): Card {
  return {
    ...row,
    scriptureReference: displayReference(row.scriptureReference),
    scriptureReferences: row.scriptureReferences?.map((verse) => ({ ...verse, reference: displayReference(verse.reference) })) ?? null,
  };
}

export async function getCardsFor(db: Database, audience: CardAudience, options: { category?: string | null } = {}): Promise<CardsResult> {
  const category = options.category && options.category !== "all" ? options.category : null;
  const byCategory = category ? eq(affirmationCards.category, category) : undefined;
  const previewsOnly = audience !== "buyer";
  // How many previews there are is data (the seed's isPreview), never a constant.
  const limit = audience === "visitor" ? VISITOR_PREVIEW_LIMIT : undefined;

  const query = db
    .select(cardColumns)
    .from(affirmationCards)
    .where(and(previewsOnly ? eq(affirmationCards.isPreview, true) : undefined, byCategory))
    .orderBy(asc(affirmationCards.orderIndex), asc(affirmationCards.id));
  const [rows, totalAvailable] = await Promise.all([limit === undefined ? query : query.limit(limit), countCards(db)]);
  return { cards: rows.map(toCard), isPreview: previewsOnly, totalAvailable };
}

/** How many cards the collection holds, as a query a caller may put in a batch of its own. */
export function cardCountQuery(db: Database) {
  return db.select({ value: count() }).from(affirmationCards);
}

export async function countCards(db: Database): Promise<number> {
  const [row] = await batchedRead(db, cardCountQuery(db));
  return row?.value ?? 0;
}

/**
 * Every card in order, paid ones included, and each card's passage by its id: the buyer's library as the isolate keeps
 * it (public-collection.server.ts). A card whose passage the seed has not filled has none.
 */
export async function listAllCards(db: Database): Promise<{ cards: Card[]; passages: Map<string, PassageVerse[]> }> {
  const rows = await db
    .select({ ...cardColumns, passage: affirmationCards.passage })
    .from(affirmationCards)
    .orderBy(asc(affirmationCards.orderIndex), asc(affirmationCards.id));
  const passages = new Map<string, PassageVerse[]>();
  const cards = rows.map(({ passage, ...row }) => {
    if (passage)
      passages.set(
        row.id,
        passage.map((verse) => ({ ...verse, reference: displayReference(verse.reference) })),
      );
    return toCard(row);
  });
  return { cards, passages };
}

/** Every preview card in order: public content, shown in the landing page's sample spots. */
export async function listPreviewCards(db: Database): Promise<Card[]> {
  const rows = await db
    .select(cardColumns)
    .from(affirmationCards)
    .where(eq(affirmationCards.isPreview, true))
    .orderBy(asc(affirmationCards.orderIndex), asc(affirmationCards.id));
  return rows.map(toCard);
}

/** A single preview card, or null if the id is unknown or the card is paid content. */
export async function getPreviewCard(db: Database, id: string): Promise<Card | null> {
  const [card] = await db
    .select(cardColumns)
    .from(affirmationCards)
    .where(and(eq(affirmationCards.id, id), eq(affirmationCards.isPreview, true)))
    .limit(1);
  return card ? toCard(card) : null;
}

/**
 * The card with this id if the audience may see it, else null (unknown and forbidden look the same):
 * a buyer any card, anyone else a preview card.
 * Every per-card path (card page, favourites, activity) asks this one function.
 */
export async function getVisibleCard(db: Database, audience: CardAudience, id: string): Promise<Card | null> {
  if (audience !== "buyer") return getPreviewCard(db, id);
  const [card] = await db.select(cardColumns).from(affirmationCards).where(eq(affirmationCards.id, id)).limit(1);
  return card ? toCard(card) : null;
}

/** Categories in order, each with the number of cards in it (counts are data, never constants). */
export async function listCategories(db: Database): Promise<CategorySummary[]> {
  return db
    .select({
      slug: categories.slug,
      label: categories.label,
      tagline: categories.tagline,
      cardCount: count(affirmationCards.id),
    })
    .from(categories)
    .leftJoin(affirmationCards, eq(affirmationCards.category, categories.slug))
    .groupBy(categories.slug)
    .orderBy(asc(categories.orderIndex));
}
