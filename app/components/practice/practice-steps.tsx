import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SpeakButton } from "~/components/card/card-controls";
import { CardReflection } from "~/components/card/card-reflection";
import { FormAlert, SubmitButton } from "~/components/forms";
import { CardPassage } from "~/components/library/card-passage";
import { WordNotes } from "~/components/library/word-notes";
import { type Card, type PassageVerse, versesOf } from "~/modules/cards/card";
import { readPassageTranslation, translationSearch } from "~/modules/cards/passage";
import { practiceActionSchema } from "~/modules/practice/practice.schema";
import type { RecordingSummary } from "~/modules/practice/recordings";
import { EveningCheck, type EveningState } from "./evening-check";
import { ListenControls } from "./listen-controls";
import { OfflineNotSaved } from "./offline-practice";
import { NeedsScript, PracticeStepsNav, PracticeStep as Step } from "./practice-step";
import { VoiceRecorder } from "./voice-recorder";
import { WordsField } from "./words-field";

export type TodayView = {
  day: string;
  /** The day as a person says it ("Friday, November 27"), drawn by the server: no date formatter to load on the phone. */
  dayLabel: string;
  isEvening: boolean;
  card: Card;
  /** The card's verses in their chapter; null only before the seed fills it. */
  passage: PassageVerse[] | null;
  chosen: boolean;
  practice: ({ reflection: string | null; saidAloud: boolean } & EveningState) | null;
  streak: { current: number; atRisk: boolean };
  recording: RecordingSummary | null;
};

/** The verses Internalize shows (the passage, or the card's own before the seed fills it). */
function internalizeVerses(): Element | null {
  return document.querySelector("#internalize blockquote");
}

export function PracticeSteps({
  today,
  lastResult,
  notice,
}: {
  today: TodayView;
  lastResult?: SubmissionResult<string[]> | null;
  /** Said above the card: the installed app offline, or a practice drawn for another day. */
  notice?: ReactNode;
}) {
  const { card, practice } = today;
  const done = practice?.saidAloud ?? false;
  const verses = versesOf(card);
  // The card opens in the translation read at Internalize.
  const translation = readPassageTranslation(new URLSearchParams(useLocation().search));
  const [form, fields] = useForm({
    id: "reflection",
    lastResult,
    defaultValue: { intent: "reflect", reflection: practice?.reflection ?? "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: practiceActionSchema }),
  });
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-5 px-4 pt-6 pb-12 sm:px-6">
      <header className="space-y-2">
        {notice}
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">
          Today · <time dateTime={today.day}>{today.dayLabel}</time>
        </p>
        <h1 className="font-serif text-3xl font-bold">{card.title}</h1>
        <p className="text-ink-muted">
          {today.chosen ? "The card you chose for today. " : "Today's card. "}Five short steps, about two minutes.{" "}
          <Link to={`/cards/${card.id}${translationSearch("", translation)}`} className="font-semibold underline">
            Open the card
          </Link>
        </p>
        <PracticeStepsNav />
      </header>

      <Step index={0} next>
        <ListenControls text={card.affirmation} cardId={card.id} recording={today.recording} />
        <NeedsScript>Reading aloud needs JavaScript: read it slowly to yourself instead.</NeedsScript>
      </Step>

      <Step index={1} next>
        {today.passage ? (
          <CardPassage verses={today.passage} wordNotes={card.wordNotes} />
        ) : (
          <>
            {verses.map((verse) => (
              <figure key={verse.reference}>
                <blockquote className="font-serif text-lg leading-relaxed">“{verse.text}”</blockquote>
                <figcaption className="text-sm font-semibold text-ink-muted">
                  — {verse.reference} ({card.translation})
                </figcaption>
              </figure>
            ))}
            <WordNotes notes={card.wordNotes} />
          </>
        )}
        {/* Reads what the step shows: the passage in the translation chosen above, each word highlighted in it. */}
        <SpeakButton
          text={today.passage ? today.passage.map((verse) => verse[translation]).join(" ") : verses.map((verse) => verse.text).join(" ")}
          dark={false}
          framed
          highlightIn={internalizeVerses}
        />
      </Step>

      <Step index={2}>
        <CardReflection card={card} />
        <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="reflect" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <WordsField field={fields.reflection} label="One line of reflection (private)" />
          <SubmitButton pendingText="Saving...">Save and continue</SubmitButton>
          <OfflineNotSaved intent="reflect" />
        </Form>
        <a href="#hear-again" className="inline-block text-sm font-semibold underline">
          Skip to Hear Again
        </a>
      </Step>

      <Step index={3}>
        <blockquote className="font-serif text-xl leading-snug">{card.affirmation}</blockquote>
        <VoiceRecorder cardId={card.id} recording={today.recording} returnTo="/today#hear-again" />
        {done ? (
          <p className="font-semibold text-ink">You said it aloud today.</p>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="said-aloud" />
            <SubmitButton pendingText="Saving...">I said it aloud</SubmitButton>
            <OfflineNotSaved intent="said-aloud" />
          </Form>
        )}
      </Step>

      <Step index={4}>
        <p className="font-semibold">Today's action:</p>
        <p>{card.anchor ?? card.prompt}</p>
        <p className="text-sm text-ink-muted">This evening, from 5 pm, the check below asks whether you lived it.</p>
      </Step>

      <section id="done" aria-live="polite" className="scroll-mt-20 rounded-3xl bg-accent-soft p-5">
        {done ? (
          <>
            <h2 className="font-serif text-2xl font-bold">Today's practice is complete</h2>
            <p data-testid="practice-streak">
              Streak: {today.streak.current} {today.streak.current === 1 ? "day" : "days"}.
            </p>
            <p className="text-sm text-ink-muted">Come back this evening for the evening check. Your words are in your journal.</p>
          </>
        ) : (
          <p>
            Say it aloud to complete today's practice.
            {today.streak.atRisk ? " Your streak is waiting for today." : ""}
          </p>
        )}
        <Link to="/journal" className="mt-2 inline-block font-semibold underline">
          Open my journal
        </Link>
      </section>

      <EveningCheck isEvening={today.isEvening} practice={practice} lastResult={lastResult} />
    </main>
  );
}
