/**
 * /settings/notifications: the settings page's "Notifications on this device" posts here (docs/decisions/046-web-push.md).
 * Turning a device on (the browser's subscription, as JSON), off (this device's endpoint, or one from the list) and
 * "Send me a test notification". Each answers with a redirect to /settings and a toast; a form it cannot read, 400.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { getAccessStatus } from "~/modules/access/access.server";
import { requireUser } from "~/modules/auth/guards.server";
import { todayForAccount } from "~/modules/practice/today.server";
import { deviceLabel } from "~/modules/push/device-label";
import {
  PUSH_FORGET_DEVICE_INTENT,
  PUSH_SUBSCRIBE_INTENT,
  PUSH_UNSUBSCRIBE_INTENT,
  parsePushSubscription,
  pushFormSchema,
} from "~/modules/push/push.schema";
import { sendPushToUser } from "~/modules/push/push.server";
import { testPush } from "~/modules/push/push-message";
import { deleteSubscription, saveSubscription } from "~/modules/push/subscriptions.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

const SETTINGS = "/settings";

/** Nothing to show here: the section lives on /settings. */
export function loader() {
  return redirect(SETTINGS);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: pushFormSchema });
  if (submission.status !== "success") return Response.json({ error: "That form could not be read." }, { status: 400 });
  const form = submission.value;
  const toast = (title: string, description?: string, type: "success" | "message" = "success") =>
    redirectWithToast(context.config, SETTINGS, { type, title, description });

  if (form.intent === PUSH_UNSUBSCRIBE_INTENT || form.intent === PUSH_FORGET_DEVICE_INTENT) {
    const which = form.intent === PUSH_UNSUBSCRIBE_INTENT ? { endpoint: form.endpoint } : { id: form.id };
    await deleteSubscription(context.db, user.id, which);
    return toast("Notifications off", "That device will not receive the morning's card.");
  }
  // Notifications carry a buyer's daily card: only a buyer's devices receive them.
  if (!(await getAccessStatus(context.db, user.id)).hasAccess) {
    return Response.json({ error: "Notifications come with access to the collection." }, { status: 403 });
  }
  if (!context.config.webPush) return Response.json({ error: "Notifications are not set up on this site." }, { status: 409 });

  if (form.intent === PUSH_SUBSCRIBE_INTENT) {
    const subscription = parsePushSubscription(form.subscription);
    if (!subscription) return Response.json({ error: "This browser's subscription could not be read." }, { status: 400 });
    const current = await context.auth.getCurrentUser();
    if (!current) return redirect("/login");
    await saveSubscription(context.db, {
      userId: user.id,
      sessionId: current.sessionId,
      subscription,
      deviceLabel: deviceLabel(request.headers.get("User-Agent")),
    });
    return toast("Notifications on", "This device will receive the morning's card.");
  }

  await enforceRateLimits(context, request, [{ rule: "test_push_subject", subject: user.id }]);
  const today = await todayForAccount(context, user, new Date());
  if (!today) return Response.json({ error: "There is no card to send today." }, { status: 409 });
  const outcome = await sendPushToUser(context, user.id, testPush(today.card));
  if (outcome.sent > 0) {
    return toast(
      "Test notification sent",
      outcome.sent === 1 ? "It should appear on your device in a moment." : `It went to ${outcome.sent} devices.`,
    );
  }
  return toast(
    "No notification was sent",
    outcome.failed > 0
      ? "Your device's push service did not answer. Try again in a minute."
      : "No device has notifications on. Turn them on first.",
    "message",
  );
}
