import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorList, FormAlert, SubmitButton, TextField } from "~/components/forms";
import { CREATE_CODE_INTENT, createCodeSchema, END_CODE_INTENT } from "~/modules/payments/discount-codes.schema";
import type { CodeRowView } from "~/modules/payments/discount-codes-view";

const inputClass =
  "mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700";

function NumberField({ field, label, hint, step }: { field: FieldMetadata<unknown>; label: string; hint?: string; step?: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        {label} {hint ? <span className="font-normal text-ink-muted">{hint}</span> : null}
      </label>
      <input {...getInputProps(field, { type: "number" })} key={field.key} step={step} inputMode="decimal" className={inputClass} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * /admin's Discount codes: create a code (percent or amount off, a last day, a number of uses) and end one. With a
 * Stripe key the app creates it in Stripe too (docs/decisions/050-codes-and-refunds.md). Both forms work without
 * JavaScript; the list is one card per code, so it reads on a phone.
 */
export function DiscountCodesPanel({
  codes,
  currencySymbol,
  result,
  error,
}: {
  codes: CodeRowView[];
  currencySymbol: string;
  result: SubmissionResult<string[]> | null;
  error: string | null;
}) {
  const [form, fields] = useForm({
    id: "discount-code",
    lastResult: result,
    defaultValue: { kind: "percent" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createCodeSchema }),
  });
  return (
    <section aria-labelledby="codes-title" className="rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6">
      <h2 id="codes-title" className="text-xl font-semibold">
        Discount codes
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Buyers type a code on the checkout's payment step. A code works until its last day or until it has been used as often as allowed,
        whichever comes first.
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value={CREATE_CODE_INTENT} />
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField field={fields.code} label="Code (letters, digits, dashes)" autoComplete="off" />
          <fieldset>
            <legend className="text-sm font-semibold text-ink">Discount</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(
                [
                  ["percent", "Percent off"],
                  ["amount", `Amount off (${currencySymbol})`],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-[44px] items-center gap-2 text-sm">
                  <input
                    {...getInputProps(fields.kind, { type: "radio", value })}
                    key={`${fields.kind.key}-${value}`}
                    className="h-5 w-5 accent-lavender-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <NumberField field={fields.percentOff} label="Percent" hint="(1–90)" />
            <NumberField field={fields.amountOff} label="Amount" step="0.01" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.lastDay.id} className="block text-sm font-semibold text-ink">
                Last day <span className="font-normal text-ink-muted">(optional)</span>
              </label>
              <input {...getInputProps(fields.lastDay, { type: "date" })} key={fields.lastDay.key} className={inputClass} />
              <ErrorList id={fields.lastDay.errorId} errors={fields.lastDay.errors} />
            </div>
            <NumberField field={fields.maxUses} label="Uses" hint="(optional)" />
          </div>
          <SubmitButton className="btn-primary" pendingText="Creating...">
            Create Code
          </SubmitButton>
        </Form>
        <div>
          <h3 className="font-semibold">Codes</h3>
          {error ? (
            <p role="alert" className="mt-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {codes.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">No codes yet.</p>
          ) : (
            <ul className="mt-2 space-y-3" data-testid="discount-codes">
              {codes.map((code) => (
                <li key={code.id} className="rounded-2xl bg-sage-50 p-3 text-sm ring-1 ring-sage-200">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-mono text-base font-semibold [overflow-wrap:anywhere]">{code.code}</span>
                    <span className={code.state === "Running" ? "font-semibold text-sage-800" : "text-ink-muted"}>{code.state}</span>
                  </div>
                  <p className="mt-1">
                    {code.discount} · {code.lasts} · {code.uses}
                  </p>
                  {code.state === "Running" ? (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="codeId" value={code.id} />
                      <SubmitButton
                        name="intent"
                        value={END_CODE_INTENT}
                        className="btn min-h-[44px] border-2 border-red-700 bg-white px-4 py-2 text-sm text-red-800 hover:bg-red-50"
                        pendingText="Ending..."
                      >
                        End {code.code}
                      </SubmitButton>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
