import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import type { RecordingSummary } from "~/modules/practice/recordings";
import { VoiceRecorder } from "./voice-recorder";

/** On a card's page: make it today's practice card, the buyer's own recording of it and past reflections (theirs alone). */
export function CardPractice({
  cardId,
  canPractise,
  reflections,
  recording,
}: {
  cardId: string;
  canPractise: boolean;
  reflections: { day: string; reflection: string }[];
  recording: RecordingSummary | null;
}) {
  if (!canPractise && reflections.length === 0) return null;
  return (
    <section aria-labelledby="card-practice-title" className="space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line">
      <h2 id="card-practice-title" className="font-serif text-xl font-bold">
        Your practice with this card
      </h2>
      {canPractise ? (
        <Form method="post" action="/today">
          <input type="hidden" name="intent" value="practise" />
          <input type="hidden" name="cardId" value={cardId} />
          <SubmitButton pendingText="Choosing...">Practise this card today</SubmitButton>
        </Form>
      ) : null}
      {canPractise ? <VoiceRecorder cardId={cardId} recording={recording} returnTo={`/cards/${cardId}`} /> : null}
      {reflections.length > 0 ? (
        <ul className="space-y-2">
          {reflections.map((entry) => (
            <li key={entry.day} className="rounded-2xl bg-surface-muted p-3">
              <p className="text-sm font-semibold text-ink-muted">{entry.day}</p>
              <p>“{entry.reflection}”</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">Your reflections on this card will appear here.</p>
      )}
    </section>
  );
}
