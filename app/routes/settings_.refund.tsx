/**
 * /settings/refund: the one confirmation of "Refund my purchase" (docs/decisions/050-codes-and-refunds.md). It says
 * that access ends, takes an optional reason, and posts once; the module asks Stripe (or, for a development test
 * payment, refunds in D1), and /settings says what happened.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthLayout } from "~/components/auth-layout";
import { ErrorList, FormAlert, SubmitButton } from "~/components/forms";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { selfRefundSchema } from "~/modules/payments/self-refund.schema";
import { readRefundStanding, refundView, requestSelfRefund } from "~/modules/payments/self-refund.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Refund your purchase | LIGHT Cards" }, { name: "robots", content: "noindex" }];

const SETTINGS = "/settings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own: standing } = await requireUserWith(context, request, (owner) => readRefundStanding(context.db, owner));
  const refund = refundView(standing, context.config.supportEmail);
  // Only a purchase still inside the 30 days has anything to confirm; /settings says where the others stand.
  if (refund.status !== "eligible") throw redirect(SETTINGS);
  return { refund };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const parsed = selfRefundSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ reasonError: parsed.error.issues[0]?.message ?? "Invalid reason", error: null }, { status: 400 });
  const outcome = await requestSelfRefund(context, user, parsed.data.reason);
  if (outcome.status === "refunded") {
    return redirectWithToast(context.config, SETTINGS, {
      type: "success",
      title: "Purchase refunded",
      description: "Your access to the cards has ended. This was a test payment: no money moved.",
    });
  }
  if (outcome.status === "requested") {
    return redirectWithToast(context.config, SETTINGS, {
      type: "success",
      title: "Refund on its way",
      description: "Stripe is returning the payment to your card; your access ends in a moment, and an email confirms it.",
    });
  }
  if (outcome.status === "failed") {
    const error = `The refund could not be made just now. Please try again, or write to ${context.config.supportEmail}.`;
    return data({ reasonError: null, error }, { status: 503 });
  }
  const refused = {
    none: "There is no purchase on this account to refund.",
    expired: "The 30-day guarantee has ended for this purchase.",
    already: "This purchase has been refunded already, or its refund is on its way.",
  }[outcome.status];
  return redirectWithToast(context.config, SETTINGS, { type: "error", title: "No refund made", description: refused }, { status: 303 });
}

export default function RefundPage() {
  const { refund } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthLayout title="Refund Your Purchase">
      <div className="space-y-5">
        <p>
          You paid {refund.amount} on {refund.purchasedOn}. The 30-day guarantee refunds it in full, no questions asked, until{" "}
          {refund.lastDay}.
        </p>
        <p className="rounded-xl bg-gold-100 p-3 text-sm text-gold-700" data-testid="refund-warning">
          <strong>Your access to the cards ends</strong> as soon as the refund is made. Your journal stays yours to read and download.
        </p>
        <Form method="post" className="space-y-4">
          <FormAlert errors={actionData?.error ? [actionData.error] : null} />
          <div>
            <label htmlFor="refund-reason" className="block text-sm font-semibold">
              Why are you leaving? <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <textarea
              id="refund-reason"
              name="reason"
              rows={3}
              maxLength={500}
              aria-invalid={actionData?.reasonError ? true : undefined}
              aria-describedby={actionData?.reasonError ? "refund-reason-error" : undefined}
              className="mt-1 block w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink"
            />
            <ErrorList id="refund-reason-error" errors={actionData?.reasonError ? [actionData.reasonError] : null} />
          </div>
          <SubmitButton className="btn w-full border-2 border-red-700 bg-red-700 text-white hover:bg-red-800" pendingText="Refunding...">
            Refund {refund.amount} and End My Access
          </SubmitButton>
        </Form>
        <Link to={SETTINGS} className="btn-secondary w-full">
          Keep My Purchase
        </Link>
      </div>
    </AuthLayout>
  );
}
