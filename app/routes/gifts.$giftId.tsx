import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert, HoneypotField, SubmitButton, TextField } from "~/components/forms";
import { DeliveryDayField } from "~/components/gift/gift-form";
import { SiteHeader } from "~/components/site-chrome";
import { getUser } from "~/modules/auth/guards.server";
import { addDays, formatDeliveryDay, GIFT_MAX_DAYS_AHEAD, giftChangeSchema } from "~/modules/gifts/gift.schema";
import { isGiftDue } from "~/modules/gifts/gifts.server";
import { changeGift, findManagedGift, sendGiftAgain } from "~/modules/gifts/manage.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { localDay } from "~/modules/users/time-zone";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Your gift | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/** The signed-in giver, or the receipt's private link (`?key=`); anyone else gets the same 404 as a gift that is not. */
async function managedGift(context: LoaderFunctionArgs["context"], giftId: string | undefined, key: string | null) {
  const user = await getUser(context);
  const gift = await findManagedGift(context, giftId ?? "", { key, userId: user?.id ?? null });
  if (!gift) throw new Response("Not Found", { status: 404 });
  return gift;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const gift = await managedGift(context, params.giftId, key);
  const now = new Date();
  const today = localDay(now, gift.timeZone);
  return {
    key,
    gift: {
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      message: gift.message,
      deliverOn: gift.deliverOn,
      day: formatDeliveryDay(gift.deliverOn),
      status: gift.status,
      sent: Boolean(gift.sentAt),
      due: isGiftDue(gift, now),
    },
    today,
    latest: addDays(today, GIFT_MAX_DAYS_AHEAD),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const keyField = formData.get("key");
  const key = typeof keyField === "string" && keyField ? keyField : null;
  const gift = await managedGift(context, params.giftId, key);
  // Each change or resend may email the recipient: a link in the wrong hands must not flood their mailbox.
  await enforceRateLimits(context, request, [{ rule: "email_action_ip" }]);
  const here = `/gifts/${gift.id}${key ? `?${new URLSearchParams({ key })}` : ""}`;
  const now = new Date();
  if (formData.get("intent") === "resend") {
    const sent = await sendGiftAgain(context, gift, now);
    if (sent.status === "refused") return data({ result: undefined, error: sent.message }, { status: 409 });
    return redirectWithToast(context.config, here, {
      type: "success",
      title: "Sent again",
      description: `A new link is on its way to ${gift.recipientEmail}.`,
    });
  }
  const submission = parseWithZod(formData, { schema: giftChangeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const changed = await changeGift(context, gift, submission.value, now);
  if (changed.status === "refused") {
    const result = changed.field ? submission.reply({ fieldErrors: { [changed.field]: [changed.message] } }) : submission.reply();
    return data({ result, error: changed.field ? null : changed.message }, { status: changed.field === "deliverOn" ? 400 : 409 });
  }
  const description =
    changed.status === "unchanged"
      ? "Nothing changed."
      : changed.sent
        ? `It is on its way to ${submission.value.recipientEmail} now.`
        : `It goes to ${submission.value.recipientEmail} on ${formatDeliveryDay(submission.value.deliverOn)}.`;
  return redirectWithToast(context.config, here, { type: "success", title: "Gift saved", description });
}

export default function ManageGiftPage() {
  const { key, gift, today, latest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "gift-change",
    lastResult: actionData?.result,
    defaultValue: { recipientEmail: gift.recipientEmail, deliverOn: gift.deliverOn },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giftChangeSchema }),
  });
  const open = gift.status === "paid";
  const state =
    gift.status === "claimed"
      ? `${gift.recipientName} has claimed it. Thank you for giving!`
      : gift.status === "cancelled"
        ? "This gift was refunded and cancelled."
        : gift.sent
          ? `We emailed it to ${gift.recipientEmail}. It is waiting to be claimed.`
          : `It goes to ${gift.recipientEmail} on ${gift.day}.`;
  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="space-y-6 rounded-3xl bg-white p-6 shadow-xl ring-1 ring-sage-200 sm:p-8">
          <div>
            <h1 className="font-serif text-3xl font-bold">Your gift for {gift.recipientName}</h1>
            <p role="status" className="mt-3 [overflow-wrap:anywhere]">
              {state}
            </p>
            {gift.message ? (
              <blockquote className="mt-3 border-l-4 border-lavender-300 pl-4 italic text-ink-muted">{gift.message}</blockquote>
            ) : null}
          </div>
          {actionData?.error ? <FormAlert errors={[actionData.error]} /> : null}
          {open ? (
            <>
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                <h2 className="text-lg font-semibold">Change the address or the day</h2>
                <HoneypotField />
                {key ? <input type="hidden" name="key" value={key} /> : null}
                <FormAlert id={form.errorId} errors={form.errors} />
                <TextField field={fields.recipientEmail} label="Their email address" type="email" autoComplete="off" />
                <DeliveryDayField field={fields.deliverOn} min={today < gift.deliverOn ? today : gift.deliverOn} max={latest} />
                <SubmitButton name="intent" value="change" pendingText="Saving...">
                  Save
                </SubmitButton>
              </Form>
              {gift.due ? (
                <Form method="post" className="border-t border-sage-200 pt-6">
                  <HoneypotField />
                  {key ? <input type="hidden" name="key" value={key} /> : null}
                  <p className="mb-3 text-sm text-ink-muted">Sending it again makes a new link; the one sent before stops working.</p>
                  <SubmitButton name="intent" value="resend" pendingText="Sending..." className="btn-secondary w-full">
                    Send the gift email again
                  </SubmitButton>
                </Form>
              ) : null}
            </>
          ) : null}
        </div>
      </main>
    </>
  );
}
