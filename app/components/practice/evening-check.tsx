import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorList, FormAlert, SubmitButton } from "~/components/forms";
import { EVENING_ANSWER_LABELS, practiceActionSchema } from "~/modules/practice/practice.schema";
import { OfflineNotSaved } from "./offline-practice";
import { WordsField } from "./words-field";

export type EveningState = { eveningAnswer: keyof typeof EVENING_ANSWER_LABELS | null; eveningNote: string | null };

/** The day's close (Transform): "Did you live it today?" from 17:00 in the buyer's day; before that, when it opens. */
export function EveningCheck({
  isEvening,
  practice,
  lastResult,
}: {
  isEvening: boolean;
  practice: EveningState | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "evening",
    lastResult,
    defaultValue: { intent: "evening", answer: practice?.eveningAnswer ?? undefined, note: practice?.eveningNote ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: practiceActionSchema }),
  });
  return (
    <section id="evening" aria-labelledby="evening-title" className="scroll-mt-20 space-y-4 rounded-3xl bg-surface p-5 ring-1 ring-line">
      <h2 id="evening-title" className="font-serif text-2xl font-bold">
        Evening check
      </h2>
      {isEvening ? (
        <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="evening" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <fieldset className="space-y-2">
            <legend className="font-semibold">Did you live it today?</legend>
            <div className="flex flex-wrap gap-2">
              {Object.entries(EVENING_ANSWER_LABELS).map(([value, label]) => (
                <label key={value} className="flex min-h-[44px] items-center gap-2 rounded-full px-4 ring-1 ring-line">
                  <input type="radio" name={fields.answer.name} value={value} defaultChecked={practice?.eveningAnswer === value} />
                  {label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.answer.errorId} errors={fields.answer.errors} />
          </fieldset>
          <WordsField field={fields.note} label="A line about it (optional)" rows={2} />
          <SubmitButton pendingText="Saving...">Save evening check</SubmitButton>
          <OfflineNotSaved intent="evening" />
        </Form>
      ) : (
        <p className="text-ink-muted">
          The evening check opens at 5 pm your time. It adds to your journal; your streak counts the morning alone.
        </p>
      )}
    </section>
  );
}
