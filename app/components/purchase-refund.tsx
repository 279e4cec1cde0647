import { Link } from "@remix-run/react";
import type { RefundView } from "~/modules/payments/self-refund.schema";

/**
 * /settings' "Your Purchase": the 30-day guarantee served by the buyer. Under 30 days, "Refund my purchase" leads to a
 * page that says access ends and asks once; afterwards, the support address and why (050-codes-and-refunds.md).
 */
export function PurchaseRefund({ refund }: { refund: RefundView }) {
  if (refund.status === "none") return null;
  return (
    <section aria-labelledby="purchase-title" className="rounded-3xl bg-surface p-6 ring-1 ring-line" data-testid="purchase-refund">
      <h2 id="purchase-title" className="text-xl font-semibold">
        Your Purchase
      </h2>
      {refund.status === "eligible" ? (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            You paid {refund.amount} on {refund.purchasedOn}. The 30-day guarantee refunds it in full until {refund.lastDay}.
          </p>
          <Link to="/settings/refund" className="btn mt-3 border-2 border-red-700 bg-white text-red-800 hover:bg-red-50">
            Refund My Purchase
          </Link>
        </>
      ) : null}
      {refund.status === "requested" ? (
        <p className="mt-1 text-sm text-ink-muted" role="status">
          You asked for a refund of {refund.amount} on {refund.requestedOn}. Stripe is returning it to your card; your access ends when it
          does, and an email confirms it.
        </p>
      ) : null}
      {refund.status === "refunded" ? (
        <p className="mt-1 text-sm text-ink-muted">
          Your payment of {refund.amount} was refunded on {refund.refundedOn}, and your access to the cards has ended.
        </p>
      ) : null}
      {refund.status === "expired" ? (
        <p className="mt-1 text-sm text-ink-muted">
          You paid {refund.amount} on {refund.purchasedOn}. The 30-day guarantee has ended, so the refund button is gone: refunds are for
          the first 30 days, while you decide whether the cards are for you. If something is wrong, write to{" "}
          <a href={`mailto:${refund.supportEmail}`} className="font-semibold underline [overflow-wrap:anywhere]">
            {refund.supportEmail}
          </a>{" "}
          and we will help.
        </p>
      ) : null}
    </section>
  );
}
