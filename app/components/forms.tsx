import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/hooks/use-hydrated";
import { HONEYPOT_FIELD } from "~/modules/security/honeypot";

const inputClass =
  "block w-full min-h-[44px] rounded-xl border border-sage-300 px-4 py-2 text-base text-ink placeholder:text-ink-muted aria-[invalid=true]:border-red-700";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm text-danger">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  readOnly,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email";
  autoComplete?: string;
  readOnly?: boolean;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        readOnly={readOnly}
        className={`${inputClass} mt-1 ${readOnly ? "bg-surface-muted" : "bg-surface"}`}
      />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A password input with a show/hide toggle; the toggle needs JavaScript, so it appears only then. */
export function PasswordField({
  field,
  label,
  autoComplete,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          {...getInputProps(field, { type: visible ? "text" : "password" })}
          key={field.key}
          autoComplete={autoComplete}
          className={`${inputClass} bg-surface pr-12`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible(!visible)}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-ink-muted hover:text-ink"
          >
            {visible ? <Icon name="eye-slash" className="h-5 w-5" /> : <Icon name="eye" className="h-5 w-5" />}
          </button>
        ) : null}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A native checkbox, so it posts without JavaScript. */
export function CheckboxField({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="flex min-h-[44px] cursor-pointer items-center gap-3 text-sm text-ink">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          className="h-5 w-5 rounded border-sage-500 text-lavender-700 accent-lavender-700"
        />
        {label}
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FormAlert({ id, errors, tone = "error" }: { id?: string; errors?: string[] | null; tone?: "error" | "info" }) {
  if (!errors?.length) return null;
  const style = tone === "error" ? "bg-red-50 text-red-800 ring-red-200" : "bg-sage-100 text-sage-900 ring-sage-300";
  return (
    <div id={id} role="alert" className={`rounded-xl p-3 text-sm ring-1 ${style}`}>
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/** The submit button labels itself 'Processing...' (or the given text) while its form is pending. */
export function SubmitButton({
  children,
  pendingText = "Processing...",
  name,
  value,
  className = "btn-primary w-full",
  disabled,
}: {
  children: ReactNode;
  pendingText?: string;
  name?: string;
  value?: string;
  className?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className}
      disabled={disabled || pending}
      aria-disabled={disabled || pending}
    >
      {pending ? pendingText : children}
    </button>
  );
}

/** Hidden from people (and from assistive technology); bots fill it. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`hp-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`hp-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
