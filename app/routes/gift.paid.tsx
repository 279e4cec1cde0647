import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SiteHeader } from "~/components/site-chrome";
import { getUser } from "~/modules/auth/guards.server";
import { formatDeliveryDay } from "~/modules/gifts/gift.schema";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { logProblem } from "~/modules/observability/log.server";
import { confirmGiftCheckout } from "~/modules/payments/gift-checkout.server";
import { isPaymentSessionId } from "~/modules/payments/success.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const headers = forwardHeaders;
export const meta: MetaFunction = () => [{ title: "Gift paid | LIGHT Cards" }];

const querySchema = z.object({ session_id: z.string().max(260).refine(isPaymentSessionId) });

/**
 * Where Stripe (or the test payment page) returns a giver. Like /success, its GET may fulfil (idempotently) when the
 * webhook is late. It shows only what the giver typed; the private link to manage the gift is in the receipt.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const support = context.config.supportEmail;
  if (!query.success) return data({ state: "not-found" as const, support, gift: null }, { status: 400 });
  await enforceRateLimits(context, request, [{ rule: "payment_lookup_ip" }]);
  try {
    const gift = await confirmGiftCheckout(context, query.data.session_id);
    if (gift === "pending") return data({ state: "pending" as const, support, gift: null }, { headers: { Refresh: "3" } });
    if (!gift) return data({ state: "not-found" as const, support, gift: null }, { status: 404 });
    const user = await getUser(context);
    return {
      state: "paid" as const,
      support,
      gift: {
        recipientName: gift.recipientName,
        giverEmail: gift.giverEmail,
        day: formatDeliveryDay(gift.deliverOn),
        sent: Boolean(gift.sentAt),
        manageLink: user && user.id === gift.giverUserId ? `/gifts/${gift.id}` : null,
      },
    };
  } catch (error) {
    logProblem("warn", "The gift's payment could not be confirmed", error);
    return data({ state: "not-found" as const, support, gift: null }, { status: 502 });
  }
}

export default function GiftPaidPage() {
  const { state, support, gift } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-xl px-4 py-12">
        <div className="space-y-4 rounded-3xl bg-white p-6 text-center shadow-xl ring-1 ring-sage-200 sm:p-8">
          {gift ? (
            <>
              <h1 className="font-serif text-3xl font-bold">Thank you: your gift is paid</h1>
              <p>
                {gift.sent
                  ? `We have emailed ${gift.recipientName} their lifetime pass, with your message and a link to claim it.`
                  : `${gift.recipientName} will receive their lifetime pass by email on ${gift.day}, with your message.`}
              </p>
              <p className="text-ink-muted [overflow-wrap:anywhere]">
                Your receipt went to {gift.giverEmail}. It has a private link to change their address or the day, or to send the gift again,
                until they claim it.
              </p>
              {gift.manageLink ? (
                <Link to={gift.manageLink} className="btn-primary w-full">
                  Manage this gift
                </Link>
              ) : null}
              <Link to="/" className="btn-secondary w-full">
                Back to LIGHT Cards
              </Link>
            </>
          ) : state === "pending" ? (
            <>
              <h1 className="font-serif text-3xl font-bold">Confirming your payment…</h1>
              <p>This page looks again in a few seconds.</p>
            </>
          ) : (
            <>
              <h1 className="font-serif text-3xl font-bold">We could not find this payment</h1>
              <p>
                If you paid for a gift, your receipt will reach you by email. Questions are welcome at{" "}
                <a className="font-semibold text-lavender-700 underline" href={`mailto:${support}`}>
                  {support}
                </a>
                .
              </p>
            </>
          )}
        </div>
      </main>
    </>
  );
}
