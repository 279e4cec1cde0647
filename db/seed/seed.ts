import { getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { affirmationCards, badges, categories } from "../schema";
import { retiredCardIds, seedBadges, seedCards, seedCategories } from "./content";

/**
 * Upserts the collection (categories, cards, badges). Idempotent: run on every `npm start`, and in production by
 * `npm run deploy`, which sends these same statements as a SQL file (scripts/lib/seed-sql.ts).
 * Rows are keyed by their stable slugs, so favourites and image keys survive a reseed;
 * nothing is deleted except the cards listed in `retiredCardIds` (cards replaced outright).
 * D1 caps bound parameters per statement, so it is one statement a row, sent together in one
 * batch (D1 applies a batch atomically).
 */
export async function seedCollection(db: Database): Promise<{ categories: number; cards: number; badges: number }> {
  const [first, ...rest] = collectionSeedStatements(db);
  if (first) await db.batch([first, ...rest]);
  return { categories: seedCategories.length, cards: seedCards.length, badges: seedBadges.length };
}

/**
 * What a reseed changes on a card that exists: every column the table has but its key and creation time, taken from
 * the table itself, so a field added to the schema is updated on the next deploy without another list to edit.
 */
export function cardUpdates(): Record<string, SQL | Date> {
  const updates: Record<string, SQL | Date> = {};
  for (const [field, column] of Object.entries(getTableColumns(affirmationCards))) {
    if (field === "id" || field === "createdAt") continue;
    updates[field] = field === "updatedAt" ? new Date() : sql.raw(`excluded.${column.name}`);
  }
  return updates;
}

/** The upsert's statements, in the order they must run: categories before the cards that name them. */
export function collectionSeedStatements(db: Database) {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);

  const categoryStatements = seedCategories.map((category) =>
    db
      .insert(categories)
      .values(category)
      .onConflictDoUpdate({
        target: categories.slug,
        set: { label: excluded("label"), tagline: excluded("tagline"), orderIndex: excluded("order_index") },
      }),
  );

  const cardStatements = seedCards.map((card) =>
    db.insert(affirmationCards).values(card).onConflictDoUpdate({
      target: affirmationCards.id,
      set: cardUpdates(),
    }),
  );

  const badgeStatements = seedBadges.map((badge) =>
    db
      .insert(badges)
      .values(badge)
      .onConflictDoUpdate({
        target: badges.id,
        set: {
          name: excluded("name"),
          description: excluded("description"),
          icon: excluded("icon"),
          category: excluded("category"),
          requirement: excluded("requirement"),
        },
      }),
  );

  const retireStatements = retiredCardIds.length
    ? [db.delete(affirmationCards).where(inArray(affirmationCards.id, [...retiredCardIds]))]
    : [];

  return [...categoryStatements, ...retireStatements, ...cardStatements, ...badgeStatements];
}
