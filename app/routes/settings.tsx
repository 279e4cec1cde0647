/**
 * /settings: the account's own page, short enough to find things on a phone: the profile's names, the daily card by
 * email, signing in (a first password, or a link to change it; signing out everywhere) and the account's data. Every
 * form posts here (an `intent` each) and comes back here with a toast; with JavaScript the email switch saves in place.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/account-settings";
import { AppShell } from "~/components/app-shell";
import { PurchaseRefund } from "~/components/purchase-refund";
import { changePasswordAction, setPasswordAction, signOutEverywhereAction } from "~/modules/auth/account-security.server";
import {
  CHANGE_PASSWORD_INTENT,
  PROFILE_INTENT,
  profileSchema,
  SET_PASSWORD_INTENT,
  SIGN_OUT_EVERYWHERE_INTENT,
} from "~/modules/auth/auth.schema";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { EMAIL_PREFERENCES_INTENT, emailPreferenceSchema } from "~/modules/daily-card/daily-card.schema";
import { setDailyCardSubscription } from "~/modules/daily-card/daily-card.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { readRefundStanding, refundView } from "~/modules/payments/self-refund.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";
import { updateProfile } from "~/modules/users/users.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [
  { title: "Settings | LIGHT Cards" },
  { name: "description", content: "Your LIGHT Cards account: your name, the daily card by email, signing in and your data." },
];

const HERE = "/settings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The purchase's refund standing travels with the session's check (one round trip: docs/decisions/037).
  const { user, own: standing } = await requireUserWith(context, request, (owner) => readRefundStanding(context.db, owner));
  return {
    refund: refundView(standing, context.config.supportEmail),
    user: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      newsletterSubscribed: user.newsletterSubscribed,
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
  if (intent === EMAIL_PREFERENCES_INTENT) {
    const submission = parseWithZod(formData, { schema: emailPreferenceSchema });
    if (submission.status !== "success") return data({ error: "Choose on or off." }, { status: 400 });
    const subscribed = submission.value.newsletterSubscribed;
    await setDailyCardSubscription(context.db, user, { subscribed, requestedTimeZone: timeZoneFromRequest(request) });
    return redirectWithToast(context.config, HERE, {
      type: "success",
      title: subscribed ? "Daily card on" : "Daily card off",
      description: subscribed
        ? "The day's card will reach your inbox each morning at about 7:00."
        : "You will not receive the daily card by email.",
    });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function SettingsPage() {
  const { user, refund } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 pt-6 pb-12 sm:px-6">
        <h1 className="font-serif text-3xl font-bold">Settings</h1>
        <AccountSettings
          user={user}
          profileResult={actionData && "result" in actionData ? actionData.result : undefined}
          setPasswordResult={actionData && "setPasswordResult" in actionData ? actionData.setPasswordResult : undefined}
          error={actionData && "error" in actionData ? actionData.error : undefined}
        />
        <PurchaseRefund refund={refund} />
      </main>
    </AppShell>
  );
}
