import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { JournalEntry } from "~/modules/practice/journal";
import { EVENING_ANSWER_LABELS, journalEditSchema } from "~/modules/practice/practice.schema";
import { WordsField } from "./words-field";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** The entry a refused post was for, and which of its forms: its answer is shown there, not above the list. */
function refusedAt(lastResult: LastResult): { entryId: string; intent: unknown } | null {
  const entryId = lastResult?.initialValue?.entryId;
  return typeof entryId === "string" ? { entryId, intent: lastResult?.initialValue?.intent } : null;
}

const errorsOf = (lastResult: LastResult) => Object.values(lastResult?.error ?? {}).flatMap((errors) => errors ?? []);

/** The journal's days; each one's words can be changed or deleted with plain forms. */
export function JournalEntries({ entries, lastResult }: { entries: JournalEntry[]; lastResult?: LastResult }) {
  const refused = refusedAt(lastResult);
  const atAnEntry = refused !== null && entries.some((entry) => entry.id === refused.entryId);
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
      {/* An entry no longer in the list (deleted in another tab) is answered here. */}
      {atAnEntry ? null : <FormAlert errors={errorsOf(lastResult)} />}
      <ol className="space-y-4">
        {entries.map((entry) => (
          <JournalEntryItem key={entry.id} entry={entry} lastResult={refused?.entryId === entry.id ? lastResult : null} />
        ))}
      </ol>
    </>
  );
}

/**
 * One day: its words, and the forms that change or delete them. A refused edit comes back here (with JavaScript and
 * without), open, with the words as typed and the message at the field.
 */
function JournalEntryItem({ entry, lastResult }: { entry: JournalEntry; lastResult: LastResult }) {
  const edit = refusedAt(lastResult)?.intent === "edit" ? lastResult : null;
  const [form, fields] = useForm({
    id: `journal-${entry.id}`,
    lastResult: edit,
    defaultValue: { intent: "edit", entryId: entry.id, reflection: entry.reflection ?? "", note: entry.eveningNote ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: journalEditSchema }),
  });
  const deleteErrors = lastResult && !edit ? errorsOf(lastResult) : [];
  return (
    <li className="space-y-3 rounded-3xl bg-surface p-5 ring-1 ring-line">
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
      <details open={lastResult ? true : undefined}>
        <summary className="cursor-pointer font-semibold">
          {entry.reflection ? `“${entry.reflection}”` : "No reflection"}
          {entry.eveningNote ? ` · Evening: “${entry.eveningNote}”` : ""}
        </summary>
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="entryId" value={entry.id} />
          <FormAlert id={form.errorId} errors={form.errors} />
          <WordsField field={fields.reflection} label="Reflection" />
          <WordsField field={fields.note} label="Evening line" rows={2} />
          <SubmitButton pendingText="Saving...">Save entry</SubmitButton>
        </Form>
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="entryId" value={entry.id} />
          <FormAlert errors={deleteErrors} />
          <SubmitButton
            className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted"
            pendingText="Deleting..."
          >
            Delete this entry
          </SubmitButton>
        </Form>
      </details>
    </li>
  );
}
