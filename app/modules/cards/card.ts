/**
 * The card as every screen and the API see it. Client-safe (no .server): components import the type
 * and the small presentation helpers.
 */
import type { affirmationCards, PassageVerse, ScriptureVerse, WordNote } from "#db/schema";

export type { PassageVerse, ScriptureVerse, WordNote };

/**
 * A card as the table holds it, less its bookkeeping times and its passage: the one list of a card's fields. Adding a
 * field is the schema, the seed data and the component that shows it (and the image or the PDF if they draw it).
 * The passage (both translations, about 1 KB a card) is read by the card page alone (`findCardPassage`): in `Card` it
 * would ride along in every list, the landing page, the API and the exports.
 */
export type Card = Omit<typeof affirmationCards.$inferSelect, "createdAt" | "updatedAt" | "passage">;

export type CategorySummary = { slug: string; label: string; tagline: string; cardCount: number };

export const ANCHOR_FALLBACK = "Ground this truth with intentional action today.";

/** 'new-mercies' -> 'New Mercies': a slug read as words, for when nothing better is stored. */
export function slugToWords(slug: string | null): string | null {
  if (!slug) return null;
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The theme badge's text: the seeded label ("Christ’s Peace"), else the slug read as words. */
export function formatTheme(card: Pick<Card, "theme" | "themeLabel">): string | null {
  return card.themeLabel || slugToWords(card.theme);
}

/**
 * A reference as people read it. The stored form keeps the KJV's book name ("Psalms 118:24"); a verse or a range
 * within one psalm reads "Psalm 118:24" (docs/decisions/002-collection-as-seed-data.md). Each "; " part is one span.
 */
export function displayReference(reference: string): string {
  return reference
    .split("; ")
    .map((part) => part.replace(/^Psalms (?=\d+:\d+(?:-\d+)?$)/, "Psalm "))
    .join("; ");
}

/** The verses to show on the back: the per-verse list when there is one, else the single quote. */
export function versesOf(card: Pick<Card, "scripture" | "scriptureReference" | "scriptureReferences">): ScriptureVerse[] {
  return card.scriptureReferences?.length ? card.scriptureReferences : [{ reference: card.scriptureReference, text: card.scripture }];
}

/** "want: lack", one line per note. */
export function formatWordNote(note: WordNote): string {
  return `${note.word}: ${note.meaning}`;
}

type QuotedCard = Pick<Card, "scripture" | "scriptureReference" | "scriptureReferences">;

/** How many verses one span of a reference covers: "Luke 6:36-38" -> 3, "Psalm 23:1" -> 1. */
function verseCount(span: string): number {
  const match = /:(\d+)(?:-(\d+))?$/.exec(span);
  return match?.[2] ? Number(match[2]) - Number(match[1]) + 1 : 1;
}

/**
 * The card's verses as quotations: one per span of its reference, so verses that do not follow each other
 * (Proverbs 16:3; Proverbs 16:9) are quoted separately, each with its own reference, and a range stays one quote.
 */
export function passagesOf(card: QuotedCard): ScriptureVerse[] {
  const whole = [{ reference: card.scriptureReference, text: card.scripture }];
  const spans = card.scriptureReference.split("; ");
  const verses = card.scriptureReferences;
  if (spans.length < 2 || !verses) return whole;
  let next = 0;
  const passages = spans.map((reference) => {
    const texts = verses.slice(next, next + verseCount(reference)).map((verse) => verse.text);
    next += verseCount(reference);
    return { reference, text: texts.join(" ") };
  });
  return next === verses.length && passages.every((passage) => passage.text) ? passages : whole;
}

/** Text used by share and copy: title, affirmation, each passage with its reference, then any word notes. */
export function cardShareText(card: Pick<Card, "title" | "affirmation" | "wordNotes"> & QuotedCard): string {
  const quotes = passagesOf(card).map((passage) => `"${passage.text}"\n— ${passage.reference}`);
  const text = [card.title, card.affirmation, ...quotes].join("\n\n");
  if (card.wordNotes.length === 0) return text;
  return `${text}\n\nWord notes:\n${card.wordNotes.map(formatWordNote).join("\n")}`;
}

/** The featured card of a UTC day: floor(now / 1 day) mod card count, over cards in order. */
export function featuredCardIndex(cardCount: number, now: Date = new Date()): number {
  if (cardCount <= 0) return -1;
  return Math.floor(now.getTime() / 86_400_000) % cardCount;
}

/** Today's featured card among the cards someone may see (the library's and the daily email's). */
export function featuredCard<T>(cards: readonly T[], now: Date = new Date()): T | null {
  return cards[featuredCardIndex(cards.length, now)] ?? null;
}

/** Cards for the night: never the morning practice's own card (a buyer may still pick one). */
const NIGHT_CATEGORY = "evening";

/** Days since 1970-01-01 of a calendar day written YYYY-MM-DD. */
export function dayNumber(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return Math.floor(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1) / 86_400_000);
}

/**
 * The day's own card: the spec's featured card (the day's number modulo the card count), counted in the buyer's own
 * calendar day, over the cards that suit a morning. Null when there is none.
 */
export function cardOfTheDay<T extends { category: string }>(cards: readonly T[], day: string): T | null {
  const morning = cards.filter((card) => card.category !== NIGHT_CATEGORY);
  const pool = morning.length > 0 ? morning : cards;
  if (pool.length === 0) return null;
  return pool[dayNumber(day) % pool.length] ?? null;
}

/**
 * The landing page's "Try It Now" card: it rotates by UTC day (as featuredCardIndex) through the previews
 * that the page does not already show elsewhere (shownIds: the hero's sample card, the preview grid).
 * Null when every preview is already shown.
 */
export function chooseTryItNowCard<T extends Pick<Card, "id">>(
  previews: readonly T[],
  shownIds: Iterable<string>,
  now: Date = new Date(),
): T | null {
  const shown = new Set(shownIds);
  const candidates = previews.filter((card) => !shown.has(card.id));
  return featuredCard(candidates, now);
}

/**
 * The fragment id of a card in a list (the library, the dashboard's cards): a script-free favourite redirects back to
 * it, so the reader keeps their place in a list tens of screens long.
 */
export function cardAnchor(cardId: string): string {
  return `card-${cardId}`;
}
