import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { FormAlert, PasswordField, SubmitButton } from "~/components/forms";
import { CHANGE_PASSWORD_INTENT, SET_PASSWORD_INTENT, SIGN_OUT_EVERYWHERE_INTENT, setPasswordSchema } from "~/modules/auth/auth.schema";

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
 * The settings page's sign-in panel: "Set a password" while the account has none, else a link by email to change it
 * (only the mailbox may change a password: changePasswordAction), and "Sign out of all devices" (the action ends every
 * session and the other devices are told why on their next page). Native forms posting to the page's own action.
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
    <section aria-labelledby="security-title" className="space-y-5 rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 id="security-title" className="text-xl font-semibold">
        Sign-In and Security
      </h2>
      {/* Shown again after a refusal (a password set meanwhile on another device), so its message is seen. */}
      {hasPassword && !setPasswordResult ? (
        <div>
          <h3 className="font-semibold">Password</h3>
          <p className="mt-1 text-sm text-ink-muted">
            To change your password, we email a link to <span className="[overflow-wrap:anywhere]">{email}</span>. Choosing the new password
            signs you out on every device.
          </p>
          <Form method="post" className="mt-3">
            <SubmitButton name="intent" value={CHANGE_PASSWORD_INTENT} className="btn-secondary" pendingText="Sending...">
              Email Me a Link to Change It
            </SubmitButton>
          </Form>
        </div>
      ) : (
        <SetPasswordForm
          email={email}
          redirectTo="/settings"
          lastResult={setPasswordResult}
          intro="You sign in with emailed links. Choose a password to sign in on any device without waiting for an email."
        />
      )}
      <div>
        <h3 className="font-semibold">Your devices</h3>
        <p className="mt-1 text-sm text-ink-muted">Signed in on a device you no longer use? End every session of your account.</p>
        <Form method="post" className="mt-3">
          <SubmitButton name="intent" value={SIGN_OUT_EVERYWHERE_INTENT} className="btn-secondary" pendingText="Signing out...">
            Sign out of all devices
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
