/**
 * Writes each card's passage into db/seed/cards.json: its verses with the verse before and after, in the KJV and the
 * WEB, from db/seed/bible (scripts/lib/card-passages.ts says which verses). Run after changing a card's reference:
 * `npm run content:passages`; tests/unit/collection.test.ts fails until the file matches what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { readBible, withPassages } from "./lib/card-passages";

const file = new URL("../db/seed/cards.json", import.meta.url);
const before = readFileSync(file, "utf8");
const cards = withPassages(JSON.parse(before), readBible("kjv"), readBible("web"));
const after = `${JSON.stringify(cards, null, 2)}\n`;
if (after === before) {
  console.log(`The ${cards.length} cards' passages are up to date.`);
} else {
  writeFileSync(file, after);
  console.log(`Wrote the passages of ${cards.length} cards into db/seed/cards.json.`);
}
