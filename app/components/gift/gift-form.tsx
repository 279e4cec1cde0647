import { type FieldMetadata, getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorList, FormAlert, HoneypotField, SubmitButton, TextField } from "~/components/forms";
import { useBrowserTimeZone } from "~/hooks/use-time-zone-cookie";
import { GIFT_MESSAGE_MAX, giftFormSchema } from "~/modules/gifts/gift.schema";

const inputClass =
  "mt-1 block w-full min-h-[44px] rounded-xl border border-sage-300 bg-surface px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700";

/** The day the gift arrives: a native date picker, bounded to today and a year ahead in the giver's zone. */
export function DeliveryDayField({ field, min, max }: { field: FieldMetadata<string | undefined>; min: string; max: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        Day it arrives
      </label>
      <input {...getInputProps(field, { type: "date" })} key={field.key} min={min} max={max} className={inputClass} />
      <p className="mt-1 text-sm text-ink-muted">Today, or any day up to a year ahead. We email it on that day.</p>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The gift's details: who gives, to whom, a message and the day (docs/decisions/047-gifts.md). */
export function GiftForm({
  lastResult,
  giver,
  today,
  latest,
  price,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  giver: { name: string; email: string; signedIn: boolean };
  today: string;
  latest: string;
  price: string;
}) {
  const timeZone = useBrowserTimeZone();
  const [form, fields] = useForm({
    id: "gift",
    lastResult,
    defaultValue: { giverName: giver.name, giverEmail: giver.email, deliverOn: today },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giftFormSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <HoneypotField />
      <input type="hidden" name="timeZone" value={timeZone} />
      <FormAlert id={form.errorId} errors={form.errors} />
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Who it is for</legend>
        <TextField field={fields.recipientName} label="Their name" autoComplete="off" />
        <TextField field={fields.recipientEmail} label="Their email address" type="email" autoComplete="off" />
        <div>
          <label htmlFor={fields.message.id} className="block text-sm font-semibold text-ink">
            Your message <span className="font-normal text-ink-muted">(optional, up to {GIFT_MESSAGE_MAX} characters)</span>
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
            rows={4}
            maxLength={GIFT_MESSAGE_MAX}
            className={inputClass}
          />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <DeliveryDayField field={fields.deliverOn} min={today} max={latest} />
      </fieldset>
      {/* The rule sits above the fieldset: a legend drawn across a fieldset's border looks like a broken line. */}
      <fieldset className="space-y-4 border-t border-sage-200 pt-6">
        <legend className="sr-only">From you</legend>
        <p aria-hidden="true" className="text-lg font-semibold">
          From you
        </p>
        <TextField field={fields.giverName} label="Your name (they will see it)" autoComplete="name" />
        <TextField
          field={fields.giverEmail}
          label="Your email (for the receipt)"
          type="email"
          autoComplete="email"
          readOnly={giver.signedIn}
        />
      </fieldset>
      <SubmitButton pendingText="Processing...">Pay {price} for the gift</SubmitButton>
    </Form>
  );
}
