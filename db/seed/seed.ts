import { inArray, sql } from "drizzle-orm";
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
    db
      .insert(affirmationCards)
      .values(card)
      .onConflictDoUpdate({
        target: affirmationCards.id,
        set: {
          category: excluded("category"),
          title: excluded("title"),
          affirmation: excluded("affirmation"),
          scriptureReference: excluded("scripture_reference"),
          scripture: excluded("scripture"),
          scriptureReferences: excluded("scripture_references"),
          translation: excluded("translation"),
          wordNotes: excluded("word_notes"),
          prompt: excluded("prompt"),
          anchor: excluded("anchor"),
          icon: excluded("icon"),
          gradient: excluded("gradient"),
          theme: excluded("theme"),
          themeLabel: excluded("theme_label"),
          orderIndex: excluded("order_index"),
          isPreview: excluded("is_preview"),
          updatedAt: new Date(),
        },
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
