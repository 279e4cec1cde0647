/**
 * The seeded collection, checked against the committed King James Version text.
 * Every quoted verse must match the KJV character for character.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import cardsJson from "#db/seed/cards.json";
import spokenWordPassages from "#db/seed/spoken-word-passages.json";
import { retiredCardIds, seedCards, seedCategories } from "#db/seed/content";

const kjv: Record<string, string> = JSON.parse(readFileSync(new URL("../../db/seed/bible/kjv.json", import.meta.url), "utf8"));
const books = new Set(Object.keys(kjv).map((key) => key.replace(/ \d+:\d+$/, "")));

/** Whether `phrase` occurs in `text` as a whole word (or words), ignoring case. */
function hasWord(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** "Isaiah 40:29-31" -> ["Isaiah 40:29", "Isaiah 40:30", "Isaiah 40:31"]; throws on a malformed reference. */
function verseKeys(reference: string): string[] {
  const match = /^((?:[1-3] )?[A-Z][a-z]+(?: of [A-Z][a-z]+| [A-Z][a-z]+)*) (\d+):(\d+)(?:-(\d+))?$/.exec(reference);
  if (!match) throw new Error(`Malformed reference: "${reference}"`);
  const [, book, chapter, first, last] = match;
  if (!books.has(book!)) throw new Error(`Unknown book in "${reference}"`);
  const from = Number(first);
  const to = last ? Number(last) : from;
  if (to <= from && last) throw new Error(`Range must ascend: "${reference}"`);
  return Array.from({ length: to - from + 1 }, (_, offset) => `${book} ${chapter}:${from + offset}`);
}

describe("the seeded collection", () => {
  it("quotes every verse exactly from the King James Version", () => {
    for (const card of seedCards) {
      const keys = card.scriptureReference.split("; ").flatMap(verseKeys);
      for (const key of keys) expect(kjv[key], `${card.id}: ${key} is not a verse`).toBeTypeOf("string");
      expect(card.scripture, card.id).toBe(keys.map((key) => kjv[key]).join(" "));
      if (keys.length > 1) {
        expect(card.scriptureReferences, `${card.id} quotes several verses`).toEqual(
          keys.map((key) => ({ reference: key, text: kjv[key] })),
        );
      } else {
        expect(card.scriptureReferences, card.id).toBeNull();
      }
      expect(card.translation).toBe("KJV");
    }
  });

  it("uses no verse twice", () => {
    const seen = new Map<string, string>();
    for (const card of seedCards) {
      for (const key of card.scriptureReference.split("; ").flatMap(verseKeys)) {
        expect(seen.get(key), `${key} is on ${seen.get(key)} and ${card.id}`).toBeUndefined();
        seen.set(key, card.id);
      }
    }
  });

  it("puts cards in every category, with exactly two previews each, and only in known categories", () => {
    const known = new Set(seedCategories.map((category) => category.slug));
    for (const card of seedCards) expect(known.has(card.category), `${card.id} has category ${card.category}`).toBe(true);
    for (const category of seedCategories) {
      const cards = seedCards.filter((card) => card.category === category.slug);
      expect(cards.length, category.slug).toBeGreaterThan(0);
      expect(cards.filter((card) => card.isPreview).length, `${category.slug} previews`).toBe(2);
    }
  });

  it("has unique, stable slug ids and a unique order", () => {
    const ids = seedCards.map((card) => card.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const card of seedCards) expect(card.id.startsWith(`${card.category}-`), card.id).toBe(true);
    const orders = seedCards.map((card) => card.orderIndex);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it("writes affirmations in the first person, short enough to speak aloud", () => {
    for (const card of seedCards) {
      expect(card.affirmation, card.id).toMatch(/\b(I|me|my|I’m|I'm)\b/);
      const sentences = card.affirmation.split(/(?<=[.?])\s+/).filter(Boolean);
      expect(sentences.length, card.id).toBeGreaterThanOrEqual(1);
      expect(sentences.length, card.id).toBeLessThanOrEqual(3);
    }
  });

  it("includes the public sample card 'The Lord Is My Shepherd' with three verses, Psalms 23:1 first", () => {
    const sample = seedCards.find((card) => card.title === "The Lord Is My Shepherd");
    expect(sample).toBeDefined();
    expect(sample!.id).toBe("abundance-the-lord-is-my-shepherd");
    expect(sample!.category).toBe("abundance");
    expect(sample!.isPreview).toBe(true);
    expect(sample!.scriptureReferences).toHaveLength(3);
    expect(sample!.scriptureReferences![0]!.reference).toBe("Psalms 23:1");
    expect(sample!.scriptureReferences!.map((verse) => verse.reference)).toEqual(["Psalms 23:1", "Philippians 4:19", "Matthew 6:33"]);
    // Philippians 4:19 whole, "in glory" included; "want" explained.
    expect(sample!.scripture).toContain("according to his riches in glory by Christ Jesus");
    expect(sample!.wordNotes).toContainEqual({ word: "want", meaning: expect.stringContaining("lack") });
  });

  it("gives every card a wordNotes list in the seed file itself (no default), each word taken from its own verse", () => {
    for (const raw of cardsJson as Record<string, unknown>[])
      expect(Array.isArray(raw.wordNotes), `${String(raw.id)} wordNotes`).toBe(true);
    for (const card of seedCards) {
      const words = card.wordNotes.map((note) => note.word.toLowerCase());
      expect(new Set(words).size, `${card.id}: a word noted twice`).toBe(words.length);
      for (const note of card.wordNotes) {
        expect(hasWord(card.scripture, note.word), `${card.id}: "${note.word}" is not in its verse`).toBe(true);
        expect(note.meaning.trim().length, `${card.id}: ${note.word}`).toBeGreaterThan(0);
        expect(note.meaning, `${card.id}: ${note.word} on one short line`).toMatch(/^[^\n]{1,80}$/);
      }
    }
  });

  it("explains the words the editorial review named wherever a verse uses them", () => {
    const expected: Record<string, string> = { want: "lack", careful: "anxious", suffer: "allow", peculiar: "God’s own", portion: "share" };
    for (const card of seedCards) {
      for (const [word, meaning] of Object.entries(expected)) {
        if (!hasWord(card.scripture, word)) continue;
        const note = card.wordNotes.find((candidate) => candidate.word.toLowerCase() === word);
        // "suffer need" (Philippians 4:12) is noted as a phrase: there it means to go without.
        const phrase = card.wordNotes.find((candidate) => hasWord(candidate.word, word));
        expect(note ?? phrase, `${card.id} explains "${word}"`).toBeDefined();
        if (note) expect(note.meaning, `${card.id}: ${word}`).toContain(meaning);
      }
    }
    // At least one preview card carries a note, so visitors see the feature.
    expect(seedCards.some((card) => card.isPreview && card.wordNotes.length > 0)).toBe(true);
  });

  it("never repeats an anchor, and varies them across the whole deck", () => {
    const anchors = seedCards.map((card) => card.anchor);
    const repeated = anchors.filter((anchor, index) => anchors.indexOf(anchor) !== index);
    expect(repeated).toEqual([]);
    const matching = (pattern: RegExp) => seedCards.filter((card) => pattern.test(card.anchor)).map((card) => card.id);
    // The cards are read on a phone: one screen rule in the deck at most.
    expect(matching(/\b(phone|screens?|laptop|inbox|notifications?)\b/i).length).toBeLessThanOrEqual(1);
    // One "write it down" and one focus timer at most.
    expect(matching(/\b(write|writing|jot|paper|sticky)\b/i).length).toBeLessThanOrEqual(1);
    expect(matching(/\b(timer|focused|undivided|multitasking)\b|\bminutes of (focus|undivided)/i).length).toBeLessThanOrEqual(1);
  });

  it("keeps affirmations free of 'I declare' formulas", () => {
    for (const card of seedCards) expect(card.affirmation, card.id).not.toMatch(/\bI declare\b/i);
  });

  it("no longer seeds a retired card", () => {
    const ids = new Set(seedCards.map((card) => card.id));
    for (const id of retiredCardIds) expect(ids.has(id), id).toBe(false);
  });

  it("quotes the spoken-word passages (shown until there are real testimonials) exactly", () => {
    expect(spokenWordPassages).toHaveLength(3);
    expect(spokenWordPassages[0]!.reference).toBe("Proverbs 18:21");
    for (const passage of spokenWordPassages) {
      const keys = verseKeys(passage.reference);
      expect(passage.text).toBe(keys.map((key) => kjv[key]).join(" "));
    }
  });
});

describe("reference parsing used by this test", () => {
  it("rejects malformed references", () => {
    expect(() => verseKeys("Psalm 23:1")).toThrow("Unknown book");
    expect(() => verseKeys("Psalms 23")).toThrow("Malformed");
    expect(() => verseKeys("Isaiah 40:31-29")).toThrow("ascend");
    expect(verseKeys("Song of Solomon 2:4")).toEqual(["Song of Solomon 2:4"]);
  });
});
