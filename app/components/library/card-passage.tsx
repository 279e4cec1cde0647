import { Link, useLocation, useNavigate } from "@remix-run/react";
import { Fragment, type MouseEvent } from "react";
import type { PassageVerse, WordNote } from "~/modules/cards/card";
import {
  PASSAGE_TRANSLATIONS,
  type PassageTranslation,
  passageSpan,
  readPassageTranslation,
  translationSearch,
  verseNumber,
} from "~/modules/cards/passage";
import { WordNotes } from "./word-notes";

/** Where a translation link lands without JavaScript: the page reloads onto the switch, its heading just above. */
const PASSAGE_ID = "passage";

const TRANSLATIONS: PassageTranslation[] = ["kjv", "web"];

// Two lines each on a phone ("King James / (KJV)"), one on wider screens: both names stay whole.
const option = (on: boolean) =>
  `inline-flex min-h-[44px] items-center justify-center rounded-xl px-3 py-1 text-center text-sm font-semibold leading-tight ${
    on ? "bg-lavender-700 text-white" : "text-ink underline-offset-4 hover:underline"
  }`;

/**
 * The card's verses read in their chapter, highlighted among the verses around them, in the KJV or the WEB. The switch is
 * two links to this page with `?translation=`: without JavaScript the page reloads onto the passage; with it the text
 * changes in place (the route needs no new data for it, see its shouldRevalidate) and the page does not move. The card's
 * word notes explain KJV words: they are shown with the KJV only.
 */
export function CardPassage({ verses, wordNotes }: { verses: PassageVerse[]; wordNotes: readonly WordNote[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const translation = readPassageTranslation(new URLSearchParams(location.search));
  const swap = (event: MouseEvent, search: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate({ search }, { replace: true, preventScrollReset: true });
  };

  return (
    <div id={PASSAGE_ID} className="scroll-mt-16 space-y-3">
      <nav aria-label="Translation" className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-muted p-1 ring-1 ring-line">
        {TRANSLATIONS.map((choice) => {
          const search = translationSearch(location.search, choice);
          return (
            <Link
              key={choice}
              to={{ search, hash: PASSAGE_ID }}
              replace
              aria-current={choice === translation ? "true" : undefined}
              className={option(choice === translation)}
              onClick={(event) => swap(event, search)}
            >
              {PASSAGE_TRANSLATIONS[choice].control}
            </Link>
          );
        })}
      </nav>
      <figure>
        <blockquote className="font-serif text-lg leading-relaxed">
          <p>
            {verses.map((verse, index) => {
              // A verse's number is on screen but not read aloud (data-unspoken: the highlight of the word read skips it).
              const number = (
                <sup data-unspoken="" className="mr-0.5 font-sans text-xs font-semibold">
                  {verseNumber(verse)}
                </sup>
              );
              return (
                <Fragment key={verse.reference}>
                  {index > 0 ? " " : null}
                  {verse.own ? (
                    <mark data-own="" className="rounded bg-accent-soft text-ink box-decoration-clone">
                      {number}
                      {verse[translation]}
                    </mark>
                  ) : (
                    <span data-context="" className="text-ink-muted">
                      {number}
                      {verse[translation]}
                    </span>
                  )}
                </Fragment>
              );
            })}
          </p>
        </blockquote>
        <figcaption className="mt-2 text-sm text-ink-muted">
          — {passageSpan(verses)}, {PASSAGE_TRANSLATIONS[translation].name}. The card’s verses are highlighted; the others are their
          context.
        </figcaption>
      </figure>
      {translation === "kjv" ? <WordNotes notes={wordNotes} /> : null}
    </div>
  );
}
