import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SpeakButton } from "~/components/card/card-controls";
import { CardReflection } from "~/components/card/card-reflection";
import { FormAlert, SubmitButton } from "~/components/forms";
import { CardPassage } from "~/components/library/card-passage";
import { type Card, type PassageVerse, versesOf } from "~/modules/cards/card";
import { practiceActionSchema } from "~/modules/practice/practice.schema";
import type { RecordingSummary } from "~/modules/practice/recordings";
import { EveningCheck, type EveningState } from "./evening-check";
import { OfflineNotSaved } from "./offline-practice";
import { MyRecordingPlayer, VoiceRecorder } from "./voice-recorder";
import { WordsField } from "./words-field";

export type TodayView = {
  day: string;
  isEvening: boolean;
  card: Card;
  /** The card's verses in their chapter; null only before the seed fills it. */
  passage: PassageVerse[] | null;
  chosen: boolean;
  practice: ({ reflection: string | null; saidAloud: boolean } & EveningState) | null;
  streak: { current: number; atRisk: boolean };
  recording: RecordingSummary | null;
};

const STEPS = [
  { id: "listen", letter: "L", name: "Listen" },
  { id: "internalize", letter: "I", name: "Internalize" },
  { id: "ground", letter: "G", name: "Ground" },
  { id: "hear-again", letter: "H", name: "Hear Again" },
  { id: "transform", letter: "T", name: "Transform" },
] as const;

function Step({ index, children, next }: { index: number; children: ReactNode; next?: boolean }) {
  const step = STEPS[index];
  const following = STEPS[index + 1];
  if (!step) return null;
  return (
    <section
      id={step.id}
      aria-labelledby={`${step.id}-title`}
      className="scroll-mt-20 space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line"
    >
      <h2 id={`${step.id}-title`} className="flex items-center gap-3 font-serif text-2xl font-bold">
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-soft text-base">
          {step.letter}
        </span>
        {step.name}
      </h2>
      {children}
      {next && following ? (
        <a
          href={`#${following.id}`}
          className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted inline-flex"
        >
          Next: {following.name}
        </a>
      ) : null}
    </section>
  );
}

/** Speech needs the browser's voice, and so JavaScript: without it the step says so and goes on. */
function NeedsScript({ children }: { children: ReactNode }) {
  return <p className="hidden text-sm text-ink-muted [@media(scripting:none)]:block">{children}</p>;
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
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Today · {today.day}</p>
        <h1 className="font-serif text-3xl font-bold">{card.title}</h1>
        <p className="text-ink-muted">
          {today.chosen ? "The card you chose for today. " : "Today's card. "}Five short steps, about two minutes.{" "}
          <Link to={`/cards/${card.id}`} className="font-semibold underline">
            Open the card
          </Link>
        </p>
        <nav aria-label="The five steps" className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((step) => (
            <a key={step.id} href={`#${step.id}`} className="rounded-full px-3 py-2 font-semibold ring-1 ring-line">
              {step.letter} · {step.name}
            </a>
          ))}
        </nav>
      </header>

      <Step index={0} next>
        <p className="text-ink-muted">Hear the affirmation, slowly.</p>
        <blockquote className="font-serif text-2xl leading-snug">{card.affirmation}</blockquote>
        <SpeakButton text={card.affirmation} dark={false} />
        <NeedsScript>Reading aloud needs JavaScript: read it slowly to yourself instead.</NeedsScript>
        {today.recording ? <MyRecordingPlayer cardId={card.id} recording={today.recording} /> : null}
      </Step>

      <Step index={1} next>
        <p className="text-ink-muted">Read the verse it stands on, and let one phrase stay with you.</p>
        {today.passage ? (
          <CardPassage verses={today.passage} />
        ) : (
          verses.map((verse) => (
            <figure key={verse.reference}>
              <blockquote className="font-serif text-lg leading-relaxed">“{verse.text}”</blockquote>
              <figcaption className="text-sm font-semibold text-ink-muted">
                — {verse.reference} ({card.translation})
              </figcaption>
            </figure>
          ))
        )}
        {card.wordNotes.length > 0 ? (
          <p className="text-sm text-ink-muted">Word notes: {card.wordNotes.map((note) => `${note.word}: ${note.meaning}`).join("; ")}</p>
        ) : null}
        <SpeakButton text={verses.map((verse) => verse.text).join(" ")} dark={false} />
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
        <p>Now say it aloud, in your own voice:</p>
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
