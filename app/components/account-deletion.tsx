import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CheckboxField, FormAlert, PasswordField, SubmitButton } from "~/components/forms";
import {
  ACCOUNT_EXPORT_PATH,
  DELETE_WITH_LINK_INTENT,
  DELETE_WITH_PASSWORD_INTENT,
  deleteWithLinkSchema,
  deleteWithPasswordSchema,
  EMAIL_DELETION_LINK_INTENT,
} from "~/modules/account/account.schema";

const DANGER_BUTTON = "btn w-full bg-red-700 text-white hover:bg-red-900";
const CONFIRM_LABEL = "I understand that this deletes my account and cannot be undone";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** What deleting does and keeps, and the copy to take first (docs/decisions/039-account-deletion-and-export.md). */
export function WhatDeletionDoes() {
  return (
    <div className="space-y-3 text-sm text-ink">
      <p>
        Deleting your account removes your profile, favorites, progress, streak and badges, stops the daily card email, and signs you out on
        every device and app. It cannot be undone.
      </p>
      <p className="text-ink-muted">
        If you bought the collection, we keep the record of that payment that the law requires (amount, currency, date and the payment
        provider's reference), without your name or email. You can buy or register again later with the same email.
      </p>
      <p>
        <a href={ACCOUNT_EXPORT_PATH} download className="font-semibold text-lavender-700 underline">
          Download my data
        </a>{" "}
        first if you want a copy.
      </p>
    </div>
  );
}

/** An account with a password confirms with it, and ticks the box. */
export function DeleteWithPasswordForm({ email, lastResult }: { email: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteWithPasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <FormAlert id={form.errorId} errors={form.errors} />
      <PasswordField field={fields.password} label="Current Password" autoComplete="current-password" />
      <CheckboxField field={fields.confirm} label={CONFIRM_LABEL} />
      <SubmitButton name="intent" value={DELETE_WITH_PASSWORD_INTENT} className={DANGER_BUTTON} pendingText="Deleting...">
        Delete My Account
      </SubmitButton>
    </Form>
  );
}

/** An account without a password (bought at checkout, or OAuth) confirms with a link sent to its address. */
export function EmailDeletionLinkForm({ email, error }: { email: string; error?: string | null }) {
  return (
    <Form method="post" className="space-y-4">
      <FormAlert errors={error ? [error] : null} />
      <p className="text-sm">
        Your account has no password, so we confirm by email: we send a link to <strong className="break-all">{email}</strong>, and the page
        it opens deletes the account.
      </p>
      <SubmitButton name="intent" value={EMAIL_DELETION_LINK_INTENT} className={DANGER_BUTTON} pendingText="Sending...">
        Email Me a Link to Delete My Account
      </SubmitButton>
    </Form>
  );
}

/** The page an emailed deletion link opens: it asks once more, and the button deletes. */
export function ConfirmDeletionLinkForm({
  email,
  token,
  lastResult,
  error,
}: {
  email: string;
  token: string;
  lastResult: LastResult;
  error?: string | null;
}) {
  const [form, fields] = useForm({
    id: "delete-account-link",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteWithLinkSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <p>
        This link deletes the account for <strong className="break-all">{email}</strong>.
      </p>
      <FormAlert id={form.errorId} errors={error ? [error] : form.errors} />
      <CheckboxField field={fields.confirm} label={CONFIRM_LABEL} />
      <SubmitButton name="intent" value={DELETE_WITH_LINK_INTENT} className={DANGER_BUTTON} pendingText="Deleting...">
        Delete My Account
      </SubmitButton>
    </Form>
  );
}
