import { formatWordNote, type WordNote } from "~/modules/cards/card";

/**
 * A card's notes on the King James words its verse uses ("want: lack, be in need"). They explain the KJV's wording, so
 * they are shown beside the KJV only, never under the modern English, which does not use those words.
 */
export function WordNotes({ notes }: { notes: readonly WordNote[] }) {
  if (notes.length === 0) return null;
  return <p className="text-sm text-ink-muted">Word notes: {notes.map(formatWordNote).join("; ")}</p>;
}
