import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { AccountData } from "~/components/account-data";
import { AccountSecurity } from "~/components/account-security";
import { SubmitButton, TextField } from "~/components/forms";
import { DailyEmailSwitch } from "~/components/library/daily-email-switch";
import { profileSchema } from "~/modules/auth/auth.schema";

/** The account's settings at the foot of /dashboard: the profile's names, the daily card email, the password, and the data. */
export function AccountSettings({
  user,
  profileResult,
  setPasswordResult,
}: {
  user: { email: string; firstName: string | null; lastName: string | null; newsletterSubscribed: boolean; hasPassword: boolean };
  profileResult: SubmissionResult<string[]> | undefined;
  setPasswordResult: ComponentProps<typeof AccountSecurity>["setPasswordResult"];
}) {
  const [form, fields] = useForm({
    id: "profile",
    lastResult: profileResult,
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <section aria-labelledby="profile-title" className="grid gap-6 md:grid-cols-2">
      <div className="rounded-3xl bg-surface p-6 ring-1 ring-line">
        <h2 id="profile-title" className="text-xl font-semibold">
          Your Profile
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <TextField field={fields.firstName} label="First Name" autoComplete="given-name" />
          <TextField field={fields.lastName} label="Last Name" autoComplete="family-name" />
          <SubmitButton name="intent" value="profile" pendingText="Saving..." className="btn-primary">
            Save Profile
          </SubmitButton>
        </Form>
      </div>
      <div className="rounded-3xl bg-surface p-6 ring-1 ring-line">
        <h2 id="email-preferences-title" className="text-xl font-semibold">
          Email
        </h2>
        <DailyEmailSwitch subscribed={user.newsletterSubscribed} />
      </div>
      <AccountSecurity email={user.email} hasPassword={user.hasPassword} setPasswordResult={setPasswordResult} />
      <AccountData />
    </section>
  );
}
