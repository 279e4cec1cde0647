/**
 * A card's passage on its page: the verses around the card's own, in the KJV the card quotes or in the World English
 * Bible. Client-safe: the page reads the translation from its URL in the server's render and in the browser alike, so
 * the switch works as a plain link without JavaScript and changes nothing but the text with it.
 */
import type { PassageVerse } from "./card";

export type PassageTranslation = "kjv" | "web";

export const PASSAGE_TRANSLATIONS: Record<PassageTranslation, { control: string; name: string; abbreviation: string }> = {
  kjv: { control: "King James (KJV)", name: "King James Version", abbreviation: "KJV" },
  web: { control: "Modern English (WEB)", name: "World English Bible", abbreviation: "WEB" },
};

/** `?translation=web` shows the WEB; anything else (or nothing) the KJV. */
export function readPassageTranslation(searchParams: URLSearchParams): PassageTranslation {
  return searchParams.get("translation") === "web" ? "web" : "kjv";
}

/** The query string that shows `translation`, every other parameter kept (the filter the reader came from). */
export function translationSearch(search: string, translation: PassageTranslation): string {
  const params = new URLSearchParams(search);
  if (translation === "web") params.set("translation", "web");
  else params.delete("translation");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Whether two addresses of a page differ in their translation alone: no new data is needed to show it. */
export function onlyTranslationChanged(current: URL, next: URL): boolean {
  // The same address is a reload the page asked for (a saved recording): never skipped.
  if (current.pathname !== next.pathname || current.search === next.search) return false;
  return translationSearch(current.search, "kjv") === translationSearch(next.search, "kjv");
}

/** The verse's number within its chapter: "Psalm 23:4" -> "4". */
export function verseNumber(verse: Pick<PassageVerse, "reference">): string {
  return verse.reference.slice(verse.reference.lastIndexOf(":") + 1);
}

/** "Psalm 23:1-4": where the passage starts and ends. */
export function passageSpan(verses: readonly Pick<PassageVerse, "reference">[]): string {
  const first = verses[0];
  const last = verses.at(-1);
  if (!first || !last) return "";
  return first === last ? first.reference : `${first.reference}-${verseNumber(last)}`;
}
