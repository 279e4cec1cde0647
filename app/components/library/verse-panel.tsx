import { useRef } from "react";
import { CardReflection } from "~/components/card/card-reflection";
import { CardPassage } from "~/components/library/card-passage";
import { WordNotes } from "~/components/library/word-notes";
import { useSeenOnce } from "~/hooks/use-seen-once";
import { type Card, type PassageVerse, versesOf } from "~/modules/cards/card";

/**
 * The back of a card as plain text beside it (card page, share page): readable without turning the card. With a
 * `passage` (the card page) the verses are read in their context, in either translation. `onRead`: called once when
 * the reader has the verse on screen (reading it here counts as reading it, as a turn does).
 */
export function VersePanel({
  card,
  passage,
  onRead,
}: {
  card: Pick<Card, "scripture" | "scriptureReference" | "scriptureReferences" | "translation" | "wordNotes" | "prompt" | "anchor">;
  passage?: PassageVerse[] | null;
  onRead?: () => void;
}) {
  const verses = versesOf(card);
  // The verses, not the whole panel: a long passage would keep most of the panel from ever being on a phone's screen.
  const scripture = useRef<HTMLDivElement>(null);
  useSeenOnce(scripture, card.scriptureReference, onRead);
  return (
    <section aria-labelledby="verse-title" className="space-y-4 rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 id="verse-title" className="text-sm font-semibold uppercase tracking-wide text-accent">
        Scripture · {card.scriptureReference}
        {passage ? null : ` (${card.translation})`}
      </h2>
      <div ref={scripture} className="space-y-4">
        {passage ? (
          <CardPassage verses={passage} wordNotes={card.wordNotes} />
        ) : (
          <>
            {verses.map((verse) => (
              <figure key={verse.reference}>
                <blockquote className="font-serif text-lg leading-relaxed">“{verse.text}”</blockquote>
                <figcaption className="text-sm font-semibold text-ink-muted">— {verse.reference}</figcaption>
              </figure>
            ))}
            <WordNotes notes={card.wordNotes} />
          </>
        )}
      </div>
      <div className="rounded-2xl bg-surface-muted p-4">
        <h3 className="text-sm font-semibold text-ink">Today's Reflection</h3>
        <CardReflection card={card} />
      </div>
    </section>
  );
}
