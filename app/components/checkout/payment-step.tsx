import { Form, Link } from "@remix-run/react";
import type { ComponentProps } from "react";
import { FormAlert, HoneypotField, SubmitButton } from "~/components/forms";
import { DiscountCode } from "./discount-code";
import { CheckoutPolicies } from "./offer";

/** The checkout's payment step: the summary, the discount code, Pay, and the way back (docs/decisions/050). */
export function PaymentStep({
  cancelled,
  rows,
  code,
  codeError,
  typedCode,
  error,
  total,
}: {
  cancelled: boolean;
  rows: (string | null | undefined)[][];
  code: ComponentProps<typeof DiscountCode>["applied"];
  codeError: string | null;
  typedCode: string;
  error: string | null;
  total: string;
}) {
  return (
    <>
      <h1 className="text-center font-serif text-3xl font-bold">Complete Your Purchase</h1>
      {cancelled ? (
        <p role="status" className="mt-4 rounded-xl bg-gold-100 p-3 text-center text-sm text-gold-700">
          Payment cancelled. You have not been charged.
        </p>
      ) : null}
      <OrderSummary rows={rows} />
      <DiscountCode applied={code} error={codeError} typed={typedCode} />
      {error ? <FormAlert errors={[error]} /> : null}
      <Form method="post" className="mt-4 space-y-3">
        <HoneypotField />
        <SubmitButton name="intent" value="pay" pendingText="Processing Payment...">
          Pay {total}
        </SubmitButton>
      </Form>
      <Link to="/checkout" className="btn-secondary mt-3 w-full">
        Back to Details
      </Link>
      <p className="mt-4 text-center text-xs text-ink-muted">One-time payment · Lifetime access · 30-day guarantee</p>
      <CheckoutPolicies />
    </>
  );
}

/** What is bought, by whom, and the total (a code's saving above it). */
function OrderSummary({ rows }: { rows: (string | null | undefined)[][] }) {
  return (
    <dl className="my-6 divide-y divide-sage-200 rounded-2xl bg-sage-50 px-4" aria-label="Order summary">
      {rows.map(([label, value]) => (
        // The address has a line of its own, so it breaks only when longer than the line (not at its hyphen).
        <div
          key={label ?? ""}
          className={`flex gap-4 py-3 ${label === "Email" ? "flex-wrap justify-between [&>dd]:ml-auto [&>dd]:max-w-full [&>dd]:shrink-0 [&>dd]:[overflow-wrap:anywhere]" : "justify-between"}`}
        >
          <dt className="text-ink-muted">{label}</dt>
          <dd className={`text-right ${label === "Total" ? "text-lg font-bold" : "font-semibold"}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
