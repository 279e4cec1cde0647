/**
 * The word being read, highlighted in the text on screen (docs/decisions/045-practice-listen-and-offline.md, Listen) with the
 * CSS Custom Highlight API: a range is painted (`::highlight(spoken-word)` in app/tailwind.css) and the page's
 * elements stay as they are, so a card's words, which React never hydrates (042), can be highlighted too. A browser
 * without the API reads aloud with no highlight. Browser-only.
 */
import { shownShift } from "./spoken-text";

export const SPOKEN_WORD_HIGHLIGHT = "spoken-word";

/** Text inside an element marked `data-unspoken` (a verse's number) is on screen but not read. */
const UNSPOKEN = "[data-unspoken]";

function spokenTextNodes(element: Element): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(UNSPOKEN)) nodes.push(node as Text);
  }
  return nodes;
}

let owner: object | null = null;

/**
 * Highlights [start, end) of `spoken` where it stands in `element`'s text: the words a card shows are the ones it reads,
 * or a part of them (a card reads its title, then the affirmation it shows). `by` owns the highlight until it clears it.
 */
export function highlightSpokenWord(by: object, element: Element, spoken: string, start: number, end: number): void {
  if (typeof CSS === "undefined" || !("highlights" in CSS) || typeof Highlight !== "function") return;
  const nodes = spokenTextNodes(element);
  const shift = shownShift(spoken, nodes.map((node) => node.data).join(""));
  // A word not shown (a card's title, read before its affirmation) clears the last one.
  if (shift === null || start + shift < 0) {
    clearSpokenWord(by);
    return;
  }
  const from = start + shift;
  const to = end + shift;
  const range = document.createRange();
  let at = 0;
  let started = false;
  for (const node of nodes) {
    const next = at + node.data.length;
    if (!started && from < next) {
      range.setStart(node, from - at);
      started = true;
    }
    if (started && to <= next) {
      range.setEnd(node, to - at);
      owner = by;
      CSS.highlights.set(SPOKEN_WORD_HIGHLIGHT, new Highlight(range));
      return;
    }
    at = next;
  }
  clearSpokenWord(by);
}

/** Removes the highlight if `by` set it: a reading that ends never clears the one that replaced it. */
export function clearSpokenWord(by: object): void {
  if (owner !== by || typeof CSS === "undefined" || !("highlights" in CSS)) return;
  owner = null;
  CSS.highlights.delete(SPOKEN_WORD_HIGHLIGHT);
}
