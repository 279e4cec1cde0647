/**
 * The text side of reading aloud (docs/decisions/045-practice-listen-and-offline.md, Listen): how a long text is handed to the
 * speech engine, which word a `boundary` event names, and where the spoken text stands in the text on screen. Pure.
 */

/** A piece of the text spoken as one utterance, and where it starts in the whole. */
export type SpeechChunk = { text: string; start: number };

/**
 * At most this many characters an utterance: Chrome's served voices stop after about 15 seconds of one utterance,
 * which at rate 0.8 is about 180 characters. Cards' affirmations are one or two utterances; a passage a few.
 */
export const CHUNK_MAX_CHARS = 180;

/**
 * The text cut into utterances of at most `max` characters: each takes as many whole sentences as fit, else it ends
 * at the last comma or dash that fits, else at the last space. Each chunk's `start` is its offset in `text`, so a
 * word boundary in a chunk is placed in the whole.
 */
export function speechChunks(text: string, max = CHUNK_MAX_CHARS): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  let start = 0;
  while (start < text.length) {
    while (start < text.length && /\s/.test(text.charAt(start))) start++;
    if (start >= text.length) break;
    let end = text.length;
    if (end - start > max) {
      const window = text.slice(start, start + max + 1);
      end = start + (lastBreak(window, SENTENCE) ?? lastBreak(window, CLAUSE) ?? lastBreak(window, SPACE) ?? max);
    }
    chunks.push({ text: text.slice(start, end).trimEnd(), start });
    start = end;
  }
  return chunks;
}

/** The offset just after the last break in `window` (never at its very start), or null. */
function lastBreak(window: string, pattern: RegExp): number | null {
  let found: number | null = null;
  for (const match of window.matchAll(pattern)) if (match.index > 0) found = match.index + match[0].length;
  return found;
}

const SENTENCE = /[.!?;:][”’"')\]]*\s+/g;
const CLAUSE = /[,—–][”’"')\]]*\s+/g;
const SPACE = /\s+/g;

const WORD = /^[\p{L}\p{N}\p{M}’'-]+/u;

/**
 * The word a `boundary` event names, as [start, end) in the utterance's text: its `charLength` where the browser
 * gives one (Chrome, Safari), else the letters from `charIndex` on (Firefox gives none). Null where no word starts.
 */
export function wordSpan(text: string, charIndex: number, charLength?: number): [number, number] | null {
  if (!Number.isInteger(charIndex) || charIndex < 0 || charIndex >= text.length) return null;
  if (charLength && charLength > 0) return [charIndex, Math.min(text.length, charIndex + charLength)];
  const word = WORD.exec(text.slice(charIndex));
  return word ? [charIndex, charIndex + word[0].length] : null;
}

/**
 * Where the spoken text stands in the text on screen: the number to add to a spoken offset to find it on screen, or
 * null when neither holds the other. A card speaks its title before the affirmation it shows (a negative shift); a
 * verse shown in quotation marks is spoken without them (a positive one).
 */
export function shownShift(spoken: string, shown: string): number | null {
  if (shown.length === 0 || spoken.length === 0) return null;
  const inSpoken = spoken.indexOf(shown);
  if (inSpoken !== -1) return inSpoken === 0 ? 0 : -inSpoken;
  const inShown = shown.indexOf(spoken);
  return inShown === -1 ? null : inShown;
}
