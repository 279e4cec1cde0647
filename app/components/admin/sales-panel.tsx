import { stacked } from "~/components/admin/stacked";
import { StackedHead } from "~/components/admin/stacked-head";
import type { SalesView } from "~/modules/sales/sales-view";

/**
 * The Sales section of /admin: the last 30 days' money (totals, a bar a day, the numbers behind the bars a click away),
 * how the sales came, the latest refunds with their reasons, and the CSV downloads. Server-drawn: it reads the same
 * without JavaScript.
 */
export function SalesPanel({ sales }: { sales: SalesView }) {
  return (
    <section aria-labelledby="sales-title" className="space-y-6 rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6" data-testid="sales">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sales-title" className="text-xl font-semibold">
          Sales
        </h2>
        <p className="text-sm text-ink-muted">Last 30 days (UTC)</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="sales-totals">
        <Total label="Net" value={sales.last30.net} strong />
        <Total label="Gross" value={sales.last30.gross} />
        <Total label="Refunds" value={sales.last30.refunds} note={`${sales.last30.refundCount} refunded`} />
        <Total label="Payments" value={String(sales.last30.payments)} />
      </dl>
      <p className="text-sm text-ink-muted" data-testid="sales-all-time">
        Since the shop opened: {sales.allTime.net} net from {sales.allTime.payments} payments ({sales.allTime.gross} gross,{" "}
        {sales.allTime.refunds} refunded).
      </p>

      <RevenueChart sales={sales} />

      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div>
          <h3 className="font-semibold">How the sales came</h3>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="sales-channels">
            {sales.channels.map((channel) => (
              <div key={channel.key} className="contents">
                <dt>{channel.label}</dt>
                <dd className="text-right font-semibold tabular-nums">{channel.count}</dd>
              </div>
            ))}
          </dl>
        </div>
        <RefundsTable refunds={sales.refunds} />
      </div>

      <div>
        <h3 className="font-semibold">Downloads</h3>
        <ul className="mt-2 flex flex-wrap gap-3">
          <li>
            <a href="/admin/purchases.csv" className="btn-secondary px-4 py-2 text-sm" download>
              Purchases (CSV)
            </a>
          </li>
          <li>
            <a href="/admin/newsletter.csv" className="btn-secondary px-4 py-2 text-sm" download>
              Buyers who agreed to news (CSV)
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}

function Total({ label, value, note, strong = false }: { label: string; value: string; note?: string; strong?: boolean }) {
  return (
    <div className="rounded-2xl bg-sage-50 p-3 ring-1 ring-sage-100">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-2xl font-bold" : "text-xl font-semibold"}`}>{value}</dd>
      {note ? <dd className="text-xs text-ink-muted">{note}</dd> : null}
    </div>
  );
}

/** Four short columns fit a phone: the figures by day stay a table there. */
const plainCell = "border-b border-sage-100 px-2 py-1";
const CHART_HEIGHT = 100;
const BAR_STEP = 10;

/**
 * One bar a day, drawn to the best day's height. The picture is described in words for a screen reader, and the table
 * of the same figures opens under it.
 */
function RevenueChart({ sales }: { sales: SalesView }) {
  const { days, maxGrossCents } = sales;
  const first = days[0];
  const last = days[days.length - 1];
  const summary = sales.best
    ? `Revenue by day for the last 30 days: ${sales.last30.gross} from ${sales.last30.payments} payments; the best day was ${sales.best.label} with ${sales.best.gross}.`
    : "Revenue by day for the last 30 days: no payments yet.";
  return (
    <figure className="space-y-2" data-testid="revenue-chart">
      <figcaption className="font-semibold">Revenue by day</figcaption>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-ink-muted tabular-nums" aria-hidden="true">
          <span>{sales.best ? sales.best.gross : ""}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${days.length * BAR_STEP} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 w-full rounded-lg border-b border-l border-sage-300 bg-sage-50"
          role="img"
          aria-label={summary}
        >
          {days.map((day, index) => {
            const height =
              maxGrossCents > 0 ? Math.max((day.grossCents / maxGrossCents) * (CHART_HEIGHT - 4), day.grossCents > 0 ? 2 : 0) : 0;
            return (
              <rect
                key={day.day}
                x={index * BAR_STEP + 1.5}
                y={CHART_HEIGHT - height}
                width={BAR_STEP - 3}
                height={height}
                className="fill-lavender-700"
              >
                <title>{`${day.label}: ${day.gross}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="flex justify-between pl-8 text-xs text-ink-muted" aria-hidden="true">
        <span>{first?.label}</span>
        <span>{last?.label}</span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer py-2 font-semibold text-lavender-700">The figures by day</summary>
        <table className="w-full text-sm" data-testid="revenue-by-day">
          <caption className="sr-only">Revenue by day, last 30 days</caption>
          <thead>
            <tr>
              {["Day", "Payments", "Revenue", "Refunds"].map((column) => (
                <th key={column} scope="col" className={`${stacked.th} px-2`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className={`${plainCell} whitespace-nowrap text-left font-semibold`}>
                  <time dateTime={day.day}>{day.label}</time>
                </th>
                <td className={`${plainCell} tabular-nums`}>{day.payments}</td>
                <td className={`${plainCell} tabular-nums`}>{day.gross}</td>
                <td className={`${plainCell} tabular-nums`}>{day.refunds}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function RefundsTable({ refunds }: { refunds: SalesView["refunds"] }) {
  return (
    <div>
      <h3 className="font-semibold">Latest refunds</h3>
      {refunds.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No refunds.</p>
      ) : (
        <table className={`${stacked.table} mt-2`} data-testid="refunds">
          <caption className="sr-only">Latest refunds</caption>
          <StackedHead columns={["Refunded", "Email", "Amount", "Reason"]} />
          <tbody className={stacked.tbody}>
            {refunds.map((refund) => (
              <tr key={refund.id} className={stacked.row}>
                <td className={`${stacked.td} sm:whitespace-nowrap`} data-label="Refunded">
                  <time dateTime={refund.refundedIso}>{refund.refunded}</time>
                </td>
                <td className={`${stacked.td} [overflow-wrap:anywhere]`} data-label="Email">
                  {refund.email}
                </td>
                <td className={`${stacked.td} tabular-nums`} data-label="Amount">
                  {refund.amount}
                </td>
                <td className={stacked.td} data-label="Reason">
                  {refund.reason ?? <span className="text-ink-muted">None given</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
