/**
 * The card as every screen and the API see it. Client-safe (no .server): components import the type
 * and the small presentation helpers.
 */
export type ScriptureVerse = { reference: string; text: string };
/** A word in the verse whose meaning has changed since 1611: { word: "want", meaning: "lack" }. */
export type WordNote = { word: string; meaning: string };

export type Card = {
  id: string;
  category: string;
  title: string;
  affirmation: string;
  scriptureReference: string;
  scripture: string;
  scriptureReferences: ScriptureVerse[] | null;
  translation: string;
  /** Short notes on older words in the verse; empty when none. */
  wordNotes: WordNote[];
  prompt: string | null;
  anchor: string | null;
  icon: string;
  gradient: string;
  theme: string | null;
  orderIndex: number;
  isPreview: boolean;
};

export type CategorySummary = { slug: string; label: string; tagline: string; cardCount: number };

export const ANCHOR_FALLBACK = "Ground this truth with intentional action today.";

/** 'new-mercies' -> 'New Mercies'. */
export function formatTheme(theme: string | null): string | null {
  if (!theme) return null;
  return theme
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The verses to show on the back: the per-verse list when there is one, else the single quote. */
export function versesOf(card: Pick<Card, "scripture" | "scriptureReference" | "scriptureReferences">): ScriptureVerse[] {
  return card.scriptureReferences?.length ? card.scriptureReferences : [{ reference: card.scriptureReference, text: card.scripture }];
}

/** "want: lack", one line per note. */
export function formatWordNote(note: WordNote): string {
  return `${note.word}: ${note.meaning}`;
}

/** Text used by share and copy: title, affirmation, verse and reference, then any word notes. */
export function cardShareText(card: Pick<Card, "title" | "affirmation" | "scripture" | "scriptureReference" | "wordNotes">): string {
  const text = `${card.title}\n\n${card.affirmation}\n\n"${card.scripture}"\n— ${card.scriptureReference}`;
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
