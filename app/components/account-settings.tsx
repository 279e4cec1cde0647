import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { AccountData } from "~/components/account-data";
import { AccountSecurity } from "~/components/account-security";
import { SubmitButton, TextField } from "~/components/forms";
import { DeviceNotifications } from "~/components/notifications/device-notifications";
import { ReminderSettings } from "~/components/reminder-settings";
import { useViewer } from "~/hooks/use-viewer";
import { PROFILE_INTENT, profileSchema } from "~/modules/auth/auth.schema";

/**
 * The settings page's sections, in the order a reader looks for them: who they are, what reaches them each day (the
 * daily card and its reminders), what they bought (a gift to give, their purchase and its guarantee), how they sign in,
 * and their data.
 */
export function AccountSettings({
  user,
  notifications,
  profileResult,
  setPasswordResult,
  remindersResult,
  purchase,
  error,
}: {
  user: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    newsletterSubscribed: boolean;
    emailVerified: boolean;
    morningMinutes: number;
    eveningMinutes: number | null;
    timeZone: string;
    hasPassword: boolean;
  };
  /** This device's notifications and the account's devices (a buyer's: docs/decisions/046-web-push.md). */
  notifications: ComponentProps<typeof DeviceNotifications>;
  profileResult: SubmissionResult<string[]> | undefined;
  setPasswordResult: ComponentProps<typeof AccountSecurity>["setPasswordResult"];
  remindersResult: SubmissionResult<string[]> | undefined;
  /** The purchase and its 30-day guarantee (docs/decisions/050-codes-and-refunds.md). */
  purchase: ReactNode;
  /** A form the page could not read (a hand-made post): said once, at the top. */
  error: string | undefined;
}) {
  // The lock-screen address is a buyer's (docs/decisions/044-wallpaper-address.md).
  const owns = useViewer()?.hasAccess ?? false;
  const [form, fields] = useForm({
    id: "profile",
    lastResult: profileResult,
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-xl bg-accent-soft p-3 text-sm">
          {error}
        </p>
      ) : null}
      <section aria-labelledby="profile-title" className="rounded-3xl bg-surface p-6 ring-1 ring-line">
        <h2 id="profile-title" className="text-xl font-semibold">
          Your Profile
        </h2>
        <p className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]" data-testid="account-email">
          Signed in as {user.email}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={PROFILE_INTENT} />
          <TextField field={fields.firstName} label="First Name" autoComplete="given-name" />
          <TextField field={fields.lastName} label="Last Name" autoComplete="family-name" />
          <SubmitButton name="intent" value={PROFILE_INTENT} pendingText="Saving..." className="btn-primary">
            Save Profile
          </SubmitButton>
        </Form>
      </section>
      <section aria-labelledby="email-preferences-title" className="rounded-3xl bg-surface p-6 ring-1 ring-line">
        <h2 id="email-preferences-title" className="text-xl font-semibold">
          Daily Card
        </h2>
        <ReminderSettings state={{ ...user, hasAccess: owns }} lastResult={remindersResult} />
        {owns ? (
          <p className="mt-4 text-sm">
            <Link to="/wallpaper" className="font-semibold underline">
              Today's card on your lock screen
            </Link>
          </p>
        ) : null}
      </section>
      {owns ? <DeviceNotifications {...notifications} /> : null}
      <section aria-labelledby="gift-title" className="rounded-3xl bg-surface p-6 ring-1 ring-line">
        <h2 id="gift-title" className="text-xl font-semibold">
          Give it as a gift
        </h2>
        <p className="mt-1 text-sm text-ink-muted">A lifetime pass for someone else, emailed on the day you choose with your message.</p>
        <Link to="/gift" className="btn-secondary mt-4">
          Give LIGHT Cards as a gift
        </Link>
      </section>
      {purchase}
      <AccountSecurity email={user.email} hasPassword={user.hasPassword} setPasswordResult={setPasswordResult} />
      <AccountData />
    </>
  );
}
