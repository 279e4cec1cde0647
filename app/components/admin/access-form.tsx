import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { ErrorList, FormAlert, SubmitButton, TextField } from "~/components/forms";
import { useHydrated } from "~/hooks/use-hydrated";
import { useInputBeforeHydration } from "~/hooks/use-input-before-hydration";
import { adminAccessSchema, adminFormSchema, GRANT_MESSAGE_MAX_LENGTH } from "~/modules/access/access.schema";
import type { AccessResultView } from "~/modules/access/admin-view";

/** The Manage access form of /admin: Check, Grant and Revoke for one email, with a reason for revoking. */
export function AccessForm({ defaultEmail, lastResult }: { defaultEmail: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "admin-access",
    lastResult,
    defaultValue: { email: defaultEmail },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Submitting sends the pressed button's intent; a blur or keystroke has none, so it checks the fields only.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.has("intent") ? adminFormSchema : adminAccessSchema }),
  });
  // The spec: the buttons are disabled while the email is empty. Without JavaScript they stay enabled
  // and the server says what is missing.
  const disabled = hydrated && !String(fields.email.value ?? "").trim();
  // An email typed before hydration: tell the form as typing would, so its state and the buttons start from it.
  // (form.update would submit an intent instead.)
  useInputBeforeHydration(fields.email.id, fields.email.initialValue ?? "", (field) =>
    field.dispatchEvent(new Event("input", { bubbles: true })),
  );

  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label="Email Address" type="email" autoComplete="off" />
      <div>
        <label htmlFor={fields.reason.id} className="block text-sm font-semibold text-ink">
          Reason <span className="font-normal text-ink-muted">(required to revoke)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          rows={2}
          className="mt-1 block w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700"
        />
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <div>
        <label htmlFor={fields.message.id} className="block text-sm font-semibold text-ink">
          Message to them <span className="font-normal text-ink-muted">(optional, sent with a grant)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={3}
          maxLength={GRANT_MESSAGE_MAX_LENGTH}
          aria-describedby={`${fields.message.id}-hint ${fields.message.errorId}`}
          className="mt-1 block w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700"
        />
        <p id={`${fields.message.id}-hint`} className="mt-1 text-xs text-ink-muted">
          Granting emails them a sign-in link; your words appear above it. At most {GRANT_MESSAGE_MAX_LENGTH} characters.
        </p>
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      {/* Check comes first: pressing Enter in a field submits with the first button, and checking changes nothing. */}
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="check" className="btn-secondary" pendingText="Checking..." disabled={disabled}>
          Check Access
        </SubmitButton>
        <SubmitButton name="intent" value="grant" className="btn-primary" pendingText="Granting..." disabled={disabled}>
          Grant Access
        </SubmitButton>
        <SubmitButton
          name="intent"
          value="revoke"
          className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
          pendingText="Revoking..."
          disabled={disabled}
        >
          Revoke Access
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The result box under the form: the access of the email checked, granted or revoked last. */
export function AccessResult({ result }: { result: AccessResultView }) {
  return (
    <div
      role="status"
      aria-labelledby="result-title"
      className="mt-6 rounded-2xl bg-sage-50 p-4 ring-1 ring-sage-200"
      data-testid="access-result"
    >
      <h3 id="result-title" className="font-semibold [overflow-wrap:anywhere]">
        Access for {result.email}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Has Access</dt>
        <dd data-testid="has-access" className={result.hasAccess ? "text-sage-800" : "text-red-800"}>
          {result.hasAccess ? "Yes" : "No"}
        </dd>
        <dt className="font-semibold">User ID</dt>
        <dd data-testid="user-id" className="break-all font-mono">
          {result.userId ?? "No account"}
        </dd>
        <dt className="font-semibold">Purchase Date</dt>
        <dd data-testid="purchase-date">
          {result.purchaseDate && result.purchaseDateIso ? <time dateTime={result.purchaseDateIso}>{result.purchaseDate}</time> : "—"}
        </dd>
      </dl>
    </div>
  );
}
