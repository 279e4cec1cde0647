import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { JournalEntry } from "~/modules/practice/journal";
import { EVENING_ANSWER_LABELS, REFLECTION_MAX } from "~/modules/practice/practice.schema";

/** The journal's days; each one's words can be changed or deleted with plain forms. */
export function JournalEntries({ entries, lastResult }: { entries: JournalEntry[]; lastResult?: SubmissionResult<string[]> | null }) {
  // One short list: the form's own error and its fields' (a reflection over the limit).
  const formErrors = Object.values(lastResult?.error ?? {}).flatMap((errors) => errors ?? []);
  if (entries.length === 0) {
    return (
      <p className="rounded-3xl bg-surface p-5 ring-1 ring-line">
        Nothing here yet. Your first entry is written on{" "}
        <Link to="/today" className="font-semibold underline">
          today's practice
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <FormAlert errors={formErrors} />
      <ol className="space-y-4">
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-3 rounded-3xl bg-surface p-5 ring-1 ring-line">
            <h2 className="font-serif text-xl font-bold">
              {entry.day}:{" "}
              {entry.cardId && entry.cardTitle ? (
                <Link to={`/cards/${entry.cardId}`}>{entry.cardTitle}</Link>
              ) : (
                "A card no longer in the collection"
              )}
            </h2>
            <p className="text-sm text-ink-muted">
              {entry.saidAloud ? "Said it aloud." : "Not said aloud yet."}
              {entry.eveningAnswer ? ` Lived it: ${EVENING_ANSWER_LABELS[entry.eveningAnswer]}.` : ""}
            </p>
            <details>
              <summary className="cursor-pointer font-semibold">
                {entry.reflection ? `“${entry.reflection}”` : "No reflection"}
                {entry.eveningNote ? ` · Evening: “${entry.eveningNote}”` : ""}
              </summary>
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="entryId" value={entry.id} />
                <label className="block text-sm font-semibold">
                  Reflection
                  <textarea
                    name="reflection"
                    defaultValue={entry.reflection ?? ""}
                    rows={3}
                    maxLength={REFLECTION_MAX + 200}
                    className="mt-1 w-full rounded-2xl bg-canvas p-3 text-base font-normal ring-1 ring-line"
                  />
                </label>
                <label className="block text-sm font-semibold">
                  Evening line
                  <textarea
                    name="note"
                    defaultValue={entry.eveningNote ?? ""}
                    rows={2}
                    maxLength={REFLECTION_MAX + 200}
                    className="mt-1 w-full rounded-2xl bg-canvas p-3 text-base font-normal ring-1 ring-line"
                  />
                </label>
                <SubmitButton pendingText="Saving...">Save entry</SubmitButton>
              </Form>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="entryId" value={entry.id} />
                <SubmitButton
                  className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted"
                  pendingText="Deleting..."
                >
                  Delete this entry
                </SubmitButton>
              </Form>
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
