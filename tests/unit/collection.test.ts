/**
 * The seeded collection, checked against the committed King James Version text (and each card's passage against the
 * World English Bible too). Every quoted verse must match its translation character for character.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import cardsJson from "#db/seed/cards.json";
import { retiredCardIds, seedCards, seedCategories } from "#db/seed/content";
import spokenWordPassages from "#db/seed/spoken-word-passages.json";
import { passageFor, withPassages } from "../../scripts/lib/card-passages";

const bible = (name: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../db/seed/bible/${name}.json`, import.meta.url), "utf8"));
const kjv = bible("kjv");
const web = bible("web");
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

  it("gives every category the same number of cards, Comfort included with a tagline of its own", () => {
    const sizes = seedCategories.map((category) => seedCards.filter((card) => card.category === category.slug).length);
    expect(new Set(sizes).size, sizes.join(", ")).toBe(1);
    const comfort = seedCategories.find((category) => category.slug === "comfort");
    expect(comfort?.label).toBe("Comfort");
    const taglines = seedCategories.map((category) => category.tagline);
    expect(new Set(taglines).size).toBe(taglines.length);
  });

  it("previews a word of Jesus among the Peace cards rather than two worry-into-prayer cards side by side", () => {
    const peacePreviews = seedCards.filter((card) => card.category === "peace" && card.isPreview).map((card) => card.id);
    expect(peacePreviews).toEqual(["peace-trading-worry-for-prayer", "peace-not-as-the-world-gives"]);
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

  it("includes the public sample card 'The Lord Is My Shepherd' on one passage, Psalms 23:1-3, and nothing from other books", () => {
    const sample = seedCards.find((card) => card.title === "The Lord Is My Shepherd");
    expect(sample).toBeDefined();
    expect(sample!.id).toBe("abundance-the-lord-is-my-shepherd");
    expect(sample!.category).toBe("abundance");
    expect(sample!.isPreview).toBe(true);
    expect(sample!.scriptureReference).toBe("Psalms 23:1-3");
    expect(sample!.scriptureReferences!.map((verse) => verse.reference)).toEqual(["Psalms 23:1", "Psalms 23:2", "Psalms 23:3"]);
    // "want" explained (it means lack), and the passage's other old words.
    expect(sample!.wordNotes).toContainEqual({ word: "want", meaning: expect.stringContaining("lack") });
    expect(sample!.wordNotes.map((note) => note.word)).toContain("restoreth");
    // The affirmation, prompt and action rest on the passage alone: no kingdom-first, no supply, no daily bread.
    const editorial = `${sample!.affirmation} ${sample!.prompt} ${sample!.anchor}`;
    expect(editorial).not.toMatch(/kingdom|supply|riches|daily bread|Matthew|Philippians/i);
    expect(sample!.affirmation).toMatch(/shepherd/i);
    expect(sample!.affirmation).toMatch(/restores my soul/);
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

  it("carries the word notes the second editorial review found missing", () => {
    const expected: Record<string, string> = {
      "evening-he-gives-his-beloved-sleep": "vain",
      "evening-i-lie-down-in-peace": "only",
      "strength-power-love-and-a-sound-mind": "fear",
      "evening-before-the-sun-goes-down": "Be ye angry",
      "motivation-do-not-grow-weary": "well doing",
      "identity-a-child-of-god": "sons",
      "abundance-remember-who-provides": "And thou say",
      "identity-no-condemnation": "after the flesh",
      "motivation-commit-your-work": "Commit",
      "motivation-with-all-my-might": "grave",
      "strength-upheld-by-his-right-hand": "thee",
      "strength-a-very-present-help": "very present",
    };
    for (const [id, word] of Object.entries(expected)) {
      const card = seedCards.find((candidate) => candidate.id === id);
      expect(
        card?.wordNotes.map((note) => note.word),
        id,
      ).toContain(word);
    }
  });

  it("words the notes on 'sons' (1 John 3:1) and 'Be ye angry' (Ephesians 4:26) as the Greek has them", () => {
    const noteOn = (id: string, word: string) =>
      seedCards.find((card) => card.id === id)?.wordNotes.find((note) => note.word === word)?.meaning ?? "";
    // The word is tekna, "children": not a male word that happens to include daughters.
    expect(noteOn("identity-a-child-of-god", "sons")).toContain("tekna");
    expect(noteOn("identity-a-child-of-god", "sons")).not.toMatch(/daughters/);
    // The KJV's Psalm 4:4 reads "Stand in awe": Paul quotes the Greek Old Testament.
    expect(noteOn("evening-before-the-sun-goes-down", "Be ye angry")).toContain("Greek Old Testament");
    // Isaiah 41:10 names the one it was spoken to, as the Isaiah 60:1 card does for Zion.
    expect(noteOn("strength-upheld-by-his-right-hand", "thee")).toContain("Israel");
  });

  it("rewrites Proverbs 16:3 around entrusted plans and Ecclesiastes 9:10 around its own reason", () => {
    const commit = seedCards.find((card) => card.id === "motivation-commit-your-work")!;
    expect(commit.scriptureReference).toBe("Proverbs 16:3; Proverbs 16:9");
    expect(commit.affirmation).toContain("plans");
    expect(`${commit.affirmation} ${commit.anchor}`).not.toMatch(/steady|calm/i);
    const might = seedCards.find((card) => card.id === "motivation-with-all-my-might")!;
    expect(might.scriptureReference).toBe("Ecclesiastes 9:10");
    // Nothing drawn from verses 7-9, which the card does not quote (God's gift of days, their simple joys).
    expect(`${might.affirmation} ${might.prompt} ${might.anchor}`).not.toMatch(/glad heart|people He has given|meal|gift|joys?\b/i);
    // Its own reason: there is no work in the grave, so now is the time to act.
    expect(might.affirmation).toMatch(/grave/);
    // And its own words and action, not those of the Colossians 3:23 card beside it.
    const wholehearted = seedCards.find((card) => card.id === "motivation-wholehearted-work")!;
    expect(might.affirmation).not.toMatch(/^Whatever|all my heart/);
    expect(might.anchor).not.toMatch(/least want|first/i);
    expect(might.theme).not.toBe(wholehearted.theme);
  });

  /**
   * "Say / speak / pray this" anchors, counted generously: any form of say, speak or pray (prayer included),
   * whisper, recite, doing something aloud or out loud, and telling or thanking God. Everything else asks the
   * reader to do something. The daily practice's Hear Again step already asks the reader to speak, so the deck
   * keeps such anchors for the few cards that are about speaking or praying.
   */
  const SPOKEN_ANCHOR =
    /\b(say|says|saying|said|speak|speaks|speaking|spoken|spoke|pray|prays|praying|prayed|prayers?|whisper\w*|recite\w*|aloud|out loud|(tell|thank) (God|Him|Jesus|the Lord)|give (God )?thanks)\b/i;

  it("asks the reader to say, speak or pray in at most 10 of the anchors", () => {
    expect(SPOKEN_ANCHOR.test("Before bed, pray by name for the person")).toBe(true);
    expect(SPOKEN_ANCHOR.test("Name each care aloud")).toBe(true);
    expect(SPOKEN_ANCHOR.test("tell God, “The rest is Yours”")).toBe(true);
    expect(SPOKEN_ANCHOR.test("Let one debt go this week")).toBe(false);
    const spoken = seedCards.filter((card) => SPOKEN_ANCHOR.test(card.anchor)).map((card) => card.id);
    expect(spoken.length, spoken.join(", ")).toBeLessThanOrEqual(10);
  });

  /** Actions the third editorial review found on three or four cards each; each may come back on one card at most. */
  const REPEATED_ACTIONS: Record<string, RegExp> = {
    "stop or pause and remember": /\b(stop|pause)\b[^.]*\bremember/i,
    "tell someone what God did": /\btell (someone|a friend|others)\b/i,
    "do one thing": /\bdo one (thing|good thing)\b/i,
    "name each one and say or pray over it": /\bname each\b/i,
  };

  it("gives no two cards the same action", () => {
    expect(REPEATED_ACTIONS["stop or pause and remember"]!.test("pause, plant your feet, and remember whose hand")).toBe(true);
    expect(REPEATED_ACTIONS["tell someone what God did"]!.test("tell a friend how He did it")).toBe(true);
    // The same words with only case, punctuation or spacing changed are the same action.
    const normalized = seedCards.map((card) =>
      card.anchor
        .toLowerCase()
        .replace(/[^a-z]+/g, " ")
        .trim(),
    );
    expect(normalized.filter((anchor, index) => normalized.indexOf(anchor) !== index)).toEqual([]);
    for (const [action, pattern] of Object.entries(REPEATED_ACTIONS)) {
      const cards = seedCards.filter((card) => pattern.test(card.anchor)).map((card) => card.id);
      expect(cards.length, `"${action}" on ${cards.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("never reads as advice to pray instead of calling for help in trouble", () => {
    const help = seedCards.find((card) => card.id === "strength-a-very-present-help")!;
    expect(help.anchor).not.toMatch(/before you (call|ring|phone)/i);
    expect(help.anchor).toMatch(/help you need/);
  });

  it("gives every theme badge a readable label: words with their punctuation, spelling out the theme's slug", () => {
    for (const card of seedCards) {
      expect(card.themeLabel, card.id).toMatch(/^[A-Z][A-Za-z’]*(?:,? [A-Za-z][A-Za-z’]*)*$/);
      // The label is the slug written as words (so the two cannot drift apart), apostrophes restored.
      const slugOfLabel = card.themeLabel
        .toLowerCase()
        .replace(/’/g, "")
        .replace(/[^a-z]+/g, "-");
      expect(slugOfLabel, card.id).toBe(card.theme);
    }
    const labelOf = (id: string) => seedCards.find((card) => card.id === id)?.themeLabel;
    expect(labelOf("peace-not-as-the-world-gives")).toBe("Christ’s Peace");
    expect(seedCards.map((card) => card.themeLabel)).not.toContain("Open Doors");
  });

  it("writes the editorial text in US spelling and spells 'forever' one way on each card", () => {
    const UK =
      /\b(favour\w*|colour\w*|honour\w*|neighbour\w*|behaviour\w*|labour\w*|queue\w*|marvellous|centre|travell\w*|judgement|\w*(organis|realis|recognis|apologis|prioritis|memoris|emphasis|minimis|capitalis)(e|ed|es|ing|ation)s?)\b/i;
    for (const card of seedCards) {
      const editorial = [
        card.title,
        card.affirmation,
        card.prompt,
        card.anchor,
        card.themeLabel,
        ...card.wordNotes.map((note) => note.meaning),
      ];
      for (const text of editorial) {
        const words = text.split(/[^\p{L}’]+/u).filter((word) => UK.test(word));
        expect(words, `${card.id}: ${text}`).toEqual([]);
      }
      const forms = new Set(
        editorial
          .join(" ")
          .match(/\bfor ?ever\b/gi)
          ?.map((form) => form.toLowerCase()),
      );
      expect(forms.size, `${card.id}: forever and for ever`).toBeLessThanOrEqual(1);
    }
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

/** "Psalms 23:4" -> ["Psalms 23", 4]. */
function chapterAndVerse(key: string): [string, number] {
  const at = key.lastIndexOf(":");
  return [key.slice(0, at), Number(key.slice(at + 1))];
}

describe("each card's passage, its verses in their context", () => {
  it("quotes every verse of the passage exactly, from kjv.json and web.json", () => {
    for (const card of seedCards) {
      for (const verse of card.passage) {
        expect(verse.kjv, `${card.id}: ${verse.reference} (KJV)`).toBe(kjv[verse.reference]);
        expect(verse.web, `${card.id}: ${verse.reference} (WEB)`).toBe(web[verse.reference]);
      }
    }
  });

  it("marks as the card's own exactly the card's verses, with the card's text", () => {
    for (const card of seedCards) {
      const own = card.passage.filter((verse) => verse.own);
      expect(
        own.map((verse) => verse.reference),
        card.id,
      ).toEqual(card.scriptureReference.split("; ").flatMap(verseKeys));
      expect(own.map((verse) => verse.kjv).join(" "), card.id).toBe(card.scripture);
      if (card.scriptureReferences) {
        expect(
          own.map((verse) => ({ reference: verse.reference, text: verse.kjv })),
          card.id,
        ).toEqual(card.scriptureReferences);
      }
    }
  });

  it("runs from the verse before the card's first to the verse after its last, within the chapter", () => {
    for (const card of seedCards) {
      const located = card.passage.map((verse) => chapterAndVerse(verse.reference));
      const [chapter] = located[0] ?? [""];
      const numbers = located.map(([where, number]) => {
        expect(where, `${card.id}: one chapter`).toBe(chapter);
        return number;
      });
      // Consecutive verses: nothing skipped between the card's verses either.
      expect(numbers, card.id).toEqual(numbers.map((_, index) => (numbers[0] ?? 0) + index));
      const own = card.passage.filter((verse) => verse.own).map((verse) => chapterAndVerse(verse.reference)[1]);
      const first = Math.min(...own);
      const last = Math.max(...own);
      // The neighbour on each side when the chapter has one; at its start or end, none.
      expect(numbers[0], `${card.id}: the verse before`).toBe(`${chapter}:${first - 1}` in kjv ? first - 1 : first);
      expect(numbers.at(-1), `${card.id}: the verse after`).toBe(`${chapter}:${last + 1}` in kjv ? last + 1 : last);
      expect(card.passage.length, `${card.id}: some context`).toBeGreaterThan(own.length);
    }
  });

  it("is what `npm run content:passages` writes: a hand edit of a passage fails here", () => {
    expect(withPassages(cardsJson, kjv, web)).toEqual(cardsJson);
  });

  it("reads a chapter's first and last verses with the one neighbour they have, and spans between two parts", () => {
    const references = (reference: string) => passageFor(reference, kjv, web).map((verse) => `${verse.own ? "*" : ""}${verse.reference}`);
    expect(references("Psalms 23:1-3")).toEqual(["*Psalms 23:1", "*Psalms 23:2", "*Psalms 23:3", "Psalms 23:4"]);
    expect(references("Romans 8:38-39")).toEqual(["Romans 8:37", "*Romans 8:38", "*Romans 8:39"]);
    expect(references("Proverbs 16:3; Proverbs 16:5")).toEqual([
      "Proverbs 16:2",
      "*Proverbs 16:3",
      "Proverbs 16:4",
      "*Proverbs 16:5",
      "Proverbs 16:6",
    ]);
    expect(() => passageFor("Psalms 22:31; Psalms 23:1", kjv, web)).toThrow("spans chapters");
    // Acts 8:37 is in the KJV only (db/seed/bible/SOURCE.md): the two translations would not hold the same verses.
    expect(() => passageFor("Acts 8:36", kjv, web)).toThrow("Acts 8:37 is not in the WEB");
    expect(() => passageFor("Psalm 23:1", kjv, web)).toThrow("not in the KJV");
  });

  it("names the books of web.json as kjv.json does", () => {
    const booksOf = (text: Record<string, string>) => new Set(Object.keys(text).map((key) => key.replace(/ \d+:\d+$/, "")));
    expect([...booksOf(web)]).toEqual([...books]);
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
