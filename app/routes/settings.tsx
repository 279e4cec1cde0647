/**
 * /settings: the account's own page, short enough to find things on a phone: the profile's names, the daily card and
 * its reminders (049), signing in (a first password, or a link to change it; signing out everywhere) and the account's
 * data. Every form posts here (an `intent` each) and comes back here with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/account-settings";
import { AppShell } from "~/components/app-shell";
import { PurchaseRefund } from "~/components/purchase-refund";
import { getAccessStatus } from "~/modules/access/access.server";
import { resendVerification } from "~/modules/auth/account.server";
import { changePasswordAction, setPasswordAction, signOutEverywhereAction } from "~/modules/auth/account-security.server";
import {
  CHANGE_PASSWORD_INTENT,
  PROFILE_INTENT,
  profileSchema,
  SET_PASSWORD_INTENT,
  SIGN_OUT_EVERYWHERE_INTENT,
} from "~/modules/auth/auth.schema";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { ownerIdSql } from "~/modules/auth/owner.server";
import {
  CONFIRM_EMAIL_INTENT,
  DEFAULT_EVENING_MINUTES,
  REMINDERS_INTENT,
  reminderSummary,
  remindersSchema,
} from "~/modules/daily-card/daily-card.schema";
import { saveReminderSettings } from "~/modules/daily-card/daily-card.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { readRefundStanding, refundView } from "~/modules/payments/self-refund.server";
import { hasCompletedAMorning } from "~/modules/practice/practice.server";
import { listDevices } from "~/modules/push/subscriptions.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { updateProfile } from "~/modules/users/users.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [
  { title: "Settings | LIGHT Cards" },
  { name: "description", content: "Your LIGHT Cards account: your name, the daily card by email, signing in and your data." },
];

const HERE = "/settings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A buyer's notifications (docs/decisions/046-web-push.md), offered after their first completed morning, and the
  // purchase's refund standing (050): the reads travel with the session's check (one round trip, 037).
  const { user, own } = await requireUserWith(context, request, (owner) =>
    Promise.all([
      hasCompletedAMorning(context.db, owner),
      listDevices(context.db, ownerIdSql(owner)),
      readRefundStanding(context.db, owner),
    ]),
  );
  const [completedAMorning, devices, standing] = own;
  const since = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: user.timeZone ?? "UTC" });
  return {
    refund: refundView(standing, context.config.supportEmail),
    notifications: {
      publicKey: context.config.webPush?.publicKey ?? null,
      completedAMorning,
      devices: devices.map((device) => ({
        id: device.id,
        label: device.label,
        since: since.format(device.createdAt),
        endpoint: device.endpoint,
      })),
    },
    user: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      newsletterSubscribed: user.newsletterSubscribed,
      emailVerified: user.emailVerified,
      morningMinutes: user.morningReminderMinutes,
      eveningMinutes: user.eveningReminderMinutes,
      // The zone the reminders keep, else the browser's, which saving the form stores (049).
      timeZone: user.timeZone ?? preferredTimeZone(timeZoneFromRequest(request), null),
      hasPassword: Boolean(user.passwordHash),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === SIGN_OUT_EVERYWHERE_INTENT) return signOutEverywhereAction(context, request);
  if (intent === SET_PASSWORD_INTENT) return setPasswordAction(context, request, formData, HERE);
  if (intent === CHANGE_PASSWORD_INTENT) return changePasswordAction(context, request, HERE);
  if (intent === PROFILE_INTENT) {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    await updateProfile(context.db, user.id, submission.value);
    return redirectWithToast(context.config, HERE, { type: "success", title: "Profile updated" });
  }
  if (intent === REMINDERS_INTENT) {
    const submission = parseWithZod(formData, { schema: remindersSchema });
    if (submission.status !== "success") return data({ remindersResult: submission.reply() }, { status: 400 });
    const { newsletterSubscribed, morningTime, eveningReminder, eveningTime, timeZone: formZone } = submission.value;
    const settings = {
      newsletterSubscribed,
      morningMinutes: morningTime,
      eveningMinutes: eveningReminder ? (eveningTime ?? DEFAULT_EVENING_MINUTES) : null,
    };
    const timeZone = await saveReminderSettings(context.db, user, {
      ...settings,
      requestedTimeZone: formZone || timeZoneFromRequest(request),
    });
    const { hasAccess } = await getAccessStatus(context.db, user.id);
    const summary = reminderSummary({ ...settings, timeZone, emailVerified: user.emailVerified, hasAccess });
    return redirectWithToast(context.config, HERE, { type: "success", title: "Reminders saved", description: summary });
  }
  if (intent === CONFIRM_EMAIL_INTENT) {
    // The one-tap "Confirm your email" (049): a verification link to the signed-in account's own address.
    await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "resend_verification_email", email: user.email }]);
    resendVerification(context, { email: user.email });
    return redirectWithToast(context.config, HERE, {
      type: "success",
      title: "Confirmation link sent",
      description: `Open the link we sent to ${user.email} to start the daily card.`,
    });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function SettingsPage() {
  const { user, notifications, refund } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 pt-6 pb-12 sm:px-6">
        <h1 className="font-serif text-3xl font-bold">Settings</h1>
        <AccountSettings
          user={user}
          notifications={notifications}
          profileResult={actionData && "result" in actionData ? actionData.result : undefined}
          setPasswordResult={actionData && "setPasswordResult" in actionData ? actionData.setPasswordResult : undefined}
          remindersResult={actionData && "remindersResult" in actionData ? actionData.remindersResult : undefined}
          purchase={<PurchaseRefund refund={refund} />}
          error={actionData && "error" in actionData ? actionData.error : undefined}
        />
      </main>
    </AppShell>
  );
}
