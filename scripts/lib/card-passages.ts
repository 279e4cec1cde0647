import { readFileSync } from "node:fs";
import type { PassageVerse } from "../../db/schema";

/** A Bible text as db/seed/bible holds it: "<Book> <chapter>:<verse>" -> verse text. */
export type Bible = Record<string, string>;

export function readBible(name: "kjv" | "web"): Bible {
  return JSON.parse(readFileSync(new URL(`../../db/seed/bible/${name}.json`, import.meta.url), "utf8"));
}

type Span = { book: string; chapter: number; first: number; last: number };

/** "Proverbs 16:3; Proverbs 16:9" -> one span per part; throws on anything else, so a typo never yields a passage. */
function spansOf(reference: string): Span[] {
  return reference.split("; ").map((part) => {
    const match = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new Error(`Malformed reference: "${part}"`);
    const [, book = "", chapter, first, last] = match;
    return { book, chapter: Number(chapter), first: Number(first), last: Number(last ?? first) };
  });
}

/**
 * The passage a card is read in: its verses with the verse before the first and the verse after the last, when the
 * chapter has them, and every verse between (a card quoting 16:3 and 16:9 reads 16:2-10). Both translations hold the
 * same verses; a verse only one of them has stops the script rather than leaving the two out of step.
 */
export function passageFor(reference: string, kjv: Bible, web: Bible): PassageVerse[] {
  const spans = spansOf(reference);
  const [head] = spans;
  if (!head) throw new Error(`Malformed reference: "${reference}"`);
  const { book, chapter } = head;
  if (spans.some((span) => span.book !== book || span.chapter !== chapter)) {
    throw new Error(`"${reference}" spans chapters: a passage is read within one chapter`);
  }
  const key = (verse: number) => `${book} ${chapter}:${verse}`;
  const own = new Set(spans.flatMap((span) => Array.from({ length: span.last - span.first + 1 }, (_, i) => span.first + i)));
  const first = Math.min(...own);
  const last = Math.max(...own);
  const from = key(first - 1) in kjv ? first - 1 : first;
  const to = key(last + 1) in kjv ? last + 1 : last;
  return Array.from({ length: to - from + 1 }, (_, i) => {
    const reference = key(from + i);
    const kjvText = kjv[reference];
    const webText = web[reference];
    if (kjvText === undefined) throw new Error(`${reference} is not in the KJV`);
    if (webText === undefined) throw new Error(`${reference} is not in the WEB (db/seed/bible/SOURCE.md lists such verses)`);
    return { reference, own: own.has(from + i), kjv: kjvText, web: webText };
  });
}

type RawCard = Record<string, unknown> & { id: string; scriptureReference: string };

/** The cards with each one's passage (re)written, placed after its verses so a diff shows it beside them. */
export function withPassages(cards: readonly RawCard[], kjv: Bible, web: Bible): RawCard[] {
  return cards.map((card) => {
    const passage = passageFor(card.scriptureReference, kjv, web);
    const { passage: _old, ...rest } = card;
    const entries = Object.entries(rest);
    const at = entries.findIndex(([field]) => field === "scriptureReferences") + 1 || entries.length;
    return Object.fromEntries([...entries.slice(0, at), ["passage", passage], ...entries.slice(at)]) as RawCard;
  });
}
