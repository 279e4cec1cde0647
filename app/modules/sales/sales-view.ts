/**
 * What /admin's Sales and Customers sections show, shaped on the server: money formatted in the shop's currency and
 * dates as every date on /admin (UTC). Client-safe: the components import the types.
 */
import { formatAdminDate } from "~/modules/access/admin-view";
import { formatPrice, formatPriceShort } from "~/modules/config/money";
import type { CustomerRow } from "./customers.server";
import type { SalesSummary, SalesTotals } from "./sales.server";

const STANDING_LABELS: Record<CustomerRow["standing"], string> = {
  paid: "Paid",
  given: "Given by an admin",
  refunded: "Refunded",
  revoked: "Given, then revoked",
};

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function totalsView(totals: SalesTotals, currency: string) {
  const money = (cents: number) => formatPrice({ cents, currency });
  return {
    gross: money(totals.grossCents),
    refunds: money(totals.refundCents),
    net: money(totals.netCents),
    payments: totals.payments,
    refundCount: totals.refunds,
  };
}

export function salesView(summary: SalesSummary) {
  const { currency } = summary;
  const best = summary.days.reduce<SalesSummary["days"][number] | null>(
    (top, day) => (day.grossCents > (top?.grossCents ?? 0) ? day : top),
    null,
  );
  return {
    last30: totalsView(summary.last30, currency),
    allTime: totalsView(summary.allTime, currency),
    maxGrossCents: Math.max(...summary.days.map((day) => day.grossCents), 0),
    days: summary.days.map((day) => ({
      day: day.day,
      label: dayLabel.format(new Date(`${day.day}T00:00:00Z`)),
      grossCents: day.grossCents,
      gross: formatPriceShort({ cents: day.grossCents, currency }),
      refunds: day.refundCents ? formatPriceShort({ cents: day.refundCents, currency }) : "—",
      payments: day.payments,
    })),
    best:
      best && best.grossCents > 0
        ? { label: dayLabel.format(new Date(`${best.day}T00:00:00Z`)), gross: formatPriceShort({ cents: best.grossCents, currency }) }
        : null,
    channels: summary.channels,
    refunds: summary.refunds.map((refund) => ({
      id: refund.id,
      email: refund.email,
      amount: formatPrice({ cents: refund.amountCents, currency: refund.currency }),
      paid: formatAdminDate(refund.paidAt) ?? "",
      refunded: formatAdminDate(refund.refundedAt) ?? "",
      refundedIso: refund.refundedAt.toISOString(),
      reason: refund.reason,
    })),
  };
}

export type SalesView = ReturnType<typeof salesView>;

export function customersView(result: { customers: CustomerRow[]; total: number }) {
  return {
    total: result.total,
    customers: result.customers.map((customer) => ({
      id: customer.id,
      email: customer.email,
      since: formatAdminDate(customer.since) ?? "",
      sinceIso: customer.since.toISOString(),
      standing: STANDING_LABELS[customer.standing],
      paid: customer.paidCents && customer.currency ? formatPrice({ cents: customer.paidCents, currency: customer.currency }) : "—",
    })),
  };
}

export type CustomersView = ReturnType<typeof customersView>;
