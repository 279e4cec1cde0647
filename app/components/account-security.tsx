import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FormAlert, PasswordField, SubmitButton } from "~/components/forms";
import { SET_PASSWORD_INTENT, SIGN_OUT_EVERYWHERE_INTENT, setPasswordSchema } from "~/modules/auth/auth.schema";

/**
 * "Set a password" for a signed-in account that has none (a buyer signed in by the purchase or an emailed link). A
 * native form posting to the page's own action, which calls setPasswordAction; conform validates it as it is typed.
 * The email rides along, unseen, so a password manager files the new password under the right account.
 */
export function SetPasswordForm({
  email,
  redirectTo,
  lastResult,
  intro,
}: {
  email: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  intro: string;
}) {
  const [form, fields] = useForm({
    id: "set-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  return (
    <section aria-labelledby="set-password-title" className="rounded-2xl bg-lavender-50 p-5 text-left ring-1 ring-lavender-200">
      <h2 id="set-password-title" className="font-semibold">
        Set a password
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{intro}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <FormAlert id={form.errorId} errors={form.errors} />
        <PasswordField field={fields.password} label="New Password" autoComplete="new-password" />
        <SubmitButton name="intent" value={SET_PASSWORD_INTENT} pendingText="Saving...">
          Set Password
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * The account area's security panel: "Set a password" while the account has none, and "Sign out of all devices" (a
 * native form; the page's action ends every session and the other devices are told why on their next page).
 */
export function AccountSecurity({
  email,
  hasPassword,
  setPasswordResult,
}: {
  email: string;
  hasPassword: boolean;
  setPasswordResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <div className="space-y-5 rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 className="text-xl font-semibold">Security</h2>
      {/* Shown again after a refusal (a password set meanwhile on another device), so its message is seen. */}
      {hasPassword && !setPasswordResult ? null : (
        <SetPasswordForm
          email={email}
          redirectTo="/dashboard"
          lastResult={setPasswordResult}
          intro="You sign in with emailed links. Choose a password to sign in on any device without waiting for an email."
        />
      )}
      <div>
        <p className="text-sm text-ink-muted">Signed in on a device you no longer use? End every session of your account.</p>
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value={SIGN_OUT_EVERYWHERE_INTENT} className="btn-secondary" pendingText="Signing out...">
            Sign out of all devices
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
