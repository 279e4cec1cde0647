import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormAlert } from "~/components/forms";
import { GiftForm } from "~/components/gift/gift-form";
import { SiteHeader } from "~/components/site-chrome";
import { getUser } from "~/modules/auth/guards.server";
import { formatPrice } from "~/modules/config/money";
import { readVisitorId } from "~/modules/experiments/visitor.server";
import { addDays, GIFT_MAX_DAYS_AHEAD, giftFormSchema } from "~/modules/gifts/gift.schema";
import { createPendingGift } from "~/modules/gifts/gifts.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { startGiftCheckout } from "~/modules/payments/gift-checkout.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { localDay, preferredTimeZone } from "~/modules/users/time-zone";
import { timeZoneFromRequest } from "~/modules/users/time-zone.server";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Give LIGHT Cards as a gift | LIGHT Cards" }];

function giverName(user: { name: string | null; firstName: string | null; lastName: string | null }) {
  return user.name ?? [user.firstName, user.lastName].filter(Boolean).join(" ");
}

/** "Give it as a gift" (docs/decisions/047-gifts.md): anyone may give; a signed-in giver gives as their account. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(context);
  const zone = preferredTimeZone(timeZoneFromRequest(request), user?.timeZone);
  const today = localDay(new Date(), zone);
  return {
    giver: { name: user ? giverName(user) : "", email: user?.email ?? "", signedIn: Boolean(user) },
    today,
    latest: addDays(today, GIFT_MAX_DAYS_AHEAD),
    price: formatPrice(context.config.price),
    cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  rejectBots(formData);
  const user = await getUser(context);
  // A signed-in giver gives as their account: the receipt goes to its address, whatever the form says.
  if (user) formData.set("giverEmail", user.email);
  const submission = parseWithZod(formData, { schema: giftFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  await enforceRateLimits(context, request, [{ rule: "checkout_ip" }]);
  const requestedZone = formData.get("timeZone");
  const timeZone = preferredTimeZone(
    typeof requestedZone === "string" && requestedZone ? requestedZone : timeZoneFromRequest(request),
    user?.timeZone,
  );
  const created = await createPendingGift(context.db, { ...submission.value, giverUserId: user?.id ?? null, timeZone }, new Date());
  if (created.status === "refused") {
    const result = submission.reply({ fieldErrors: { [created.field]: [created.message] } });
    return data({ result, error: null }, { status: created.field === "recipientEmail" ? 409 : 400 });
  }
  const visitorId = (await readVisitorId(context.config, request)) ?? crypto.randomUUID();
  const started = await startGiftCheckout(context, { gift: created.gift, visitorId });
  if (started.status === "test-payment") return redirect(`/mock-checkout?gift=${created.gift.id}`, 303);
  if (started.status === "stripe") return redirect(started.url, 303);
  const error =
    started.status === "unavailable"
      ? `Payments are not available right now. Please contact support at ${started.supportEmail}.`
      : "Payment failed. Please try again.";
  return data({ result: submission.reply(), error }, { status: started.status === "unavailable" ? 503 : 502 });
}

export default function GiftPage() {
  const { giver, today, latest, price, cancelled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <SiteHeader anchorsBase="/" minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-sage-200 sm:p-8">
          <h1 className="text-center font-serif text-3xl font-bold">Give LIGHT Cards as a gift</h1>
          <p className="mt-3 text-center text-ink-muted">
            A lifetime pass for someone you love: {price} once. We email it to them on the day you choose, with your message.
          </p>
          {cancelled ? (
            <p role="status" className="mt-4 rounded-xl bg-gold-100 p-3 text-center text-sm text-gold-700">
              Payment cancelled. You have not been charged.
            </p>
          ) : null}
          <div className="mt-6">
            {actionData?.error ? <FormAlert errors={[actionData.error]} /> : null}
            <GiftForm lastResult={actionData?.result} giver={giver} today={today} latest={latest} price={price} />
          </div>
          <p className="mt-4 text-center text-xs text-ink-muted">One-time payment · Lifetime access for them · 30-day guarantee</p>
        </div>
        <p className="mt-6 text-center text-sm">
          <Link to="/checkout" className="font-semibold text-lavender-700 underline">
            Buy it for yourself instead
          </Link>
        </p>
      </main>
    </>
  );
}
