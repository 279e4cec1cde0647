import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";
import { useBrowserTimeZone } from "~/hooks/use-time-zone-cookie";
import {
  CONFIRM_EMAIL_INTENT,
  clockLabel,
  DEFAULT_EVENING_MINUTES,
  EVENING_REMINDER_FROM_MINUTES,
  quarterHoursFrom,
  REMINDERS_INTENT,
  type ReminderState,
  reminderSummary,
  remindersSchema,
} from "~/modules/daily-card/daily-card.schema";

const MORNING_TIMES = quarterHoursFrom(0).map(clockLabel);
const EVENING_TIMES = quarterHoursFrom(EVENING_REMINDER_FROM_MINUTES).map(clockLabel);

/**
 * The daily card and its reminders (docs/decisions/049-reminders.md): one form, posted to /settings with or without
 * JavaScript. Above it, what will reach the inbox as things stand; an address not yet confirmed gets its one-tap
 * "Confirm My Email" instead of a promise. Push on this device has its own part of the page.
 */
export function ReminderSettings({ state, lastResult }: { state: ReminderState; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: "reminders",
    lastResult,
    defaultValue: {
      newsletterSubscribed: state.newsletterSubscribed ? "on" : undefined,
      morningTime: clockLabel(state.morningMinutes),
      eveningReminder: state.eveningMinutes !== null ? "on" : undefined,
      eveningTime: clockLabel(state.eveningMinutes ?? DEFAULT_EVENING_MINUTES),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: remindersSchema }),
    shouldRevalidate: "onInput",
  });
  const browserZone = useBrowserTimeZone();
  const waitingForConfirmation = state.newsletterSubscribed && !state.emailVerified;
  return (
    <div className="mt-2 space-y-4">
      {waitingForConfirmation ? null : (
        <p className="text-sm text-ink-muted" data-testid="reminder-summary">
          {reminderSummary(state)}
        </p>
      )}
      {waitingForConfirmation ? (
        <Form method="post" preventScrollReset className="rounded-2xl bg-accent-soft p-4">
          <p className="text-sm font-semibold">Confirm your email to start</p>
          <p className="mt-1 text-sm">We send a link to your address; the daily card begins once you open it.</p>
          <SubmitButton name="intent" value={CONFIRM_EMAIL_INTENT} pendingText="Sending..." className="btn-primary mt-3">
            Confirm My Email
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={REMINDERS_INTENT} />
        <input type="hidden" name={fields.timeZone.name} value={browserZone} />
        <label className="flex min-h-[44px] cursor-pointer items-center gap-3 text-sm text-ink">
          <input
            {...getInputProps(fields.newsletterSubscribed, { type: "checkbox" })}
            key={fields.newsletterSubscribed.key}
            className="peer sr-only"
          />
          <span
            aria-hidden="true"
            className="relative h-7 w-12 shrink-0 rounded-full bg-ink-muted transition-colors peer-checked:bg-lavender-700 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-lavender-700 after:absolute after:top-1 after:left-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
          />
          Send me the daily card by email
        </label>
        <ErrorList id={fields.newsletterSubscribed.errorId} errors={fields.newsletterSubscribed.errors} />
        <TimeSelect field={fields.morningTime} label="Morning card at" times={MORNING_TIMES} />
        {state.hasAccess ? (
          <fieldset className="space-y-2">
            <legend className="sr-only">Evening reminder</legend>
            <label className="flex min-h-[44px] cursor-pointer items-center gap-3 text-sm text-ink">
              <input
                {...getInputProps(fields.eveningReminder, { type: "checkbox" })}
                key={fields.eveningReminder.key}
                className="h-5 w-5 rounded border-sage-500 accent-lavender-700"
              />
              Remind me of the evening check on Today
            </label>
            <TimeSelect field={fields.eveningTime} label="Evening reminder at" times={EVENING_TIMES} />
          </fieldset>
        ) : null}
        <p className="text-sm text-ink-muted">Times are in your time zone, {state.timeZone}.</p>
        <SubmitButton name="intent" value={REMINDERS_INTENT} pendingText="Saving..." className="btn-primary">
          Save Reminders
        </SubmitButton>
      </Form>
    </div>
  );
}

function TimeSelect({ field, label, times }: { field: FieldMetadata<string | undefined>; label: string; times: string[] }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        key={field.key}
        className="mt-1 block min-h-[44px] w-full max-w-[10rem] rounded-xl border border-sage-300 bg-surface px-3 py-2 text-base text-ink aria-[invalid=true]:border-red-700"
      >
        {times.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
