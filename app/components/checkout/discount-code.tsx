import { Form } from "@remix-run/react";
import { ErrorList, HoneypotField, SubmitButton } from "~/components/forms";
import { APPLY_CODE_INTENT, REMOVE_CODE_INTENT } from "~/modules/payments/discount-codes.schema";

/**
 * The payment step's discount code: a quiet "Have a discount code?" under the order summary that opens to a field and
 * Apply; once applied, the code and a Remove button. Both post to the checkout (no JavaScript needed); a refused code
 * comes back with its message and what was typed (docs/decisions/050-codes-and-refunds.md).
 */
export function DiscountCode({
  applied,
  error,
  typed,
}: {
  applied: { name: string; discount: string } | null;
  error: string | null;
  typed: string;
}) {
  if (applied) {
    return (
      <Form method="post" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="applied-code">
        <HoneypotField />
        <p>
          Code <strong>{applied.name}</strong> applied: {applied.discount}
        </p>
        <SubmitButton
          name="intent"
          value={REMOVE_CODE_INTENT}
          className="min-h-[44px] px-2 font-semibold text-lavender-700 underline"
          pendingText="Removing..."
        >
          Remove
        </SubmitButton>
        {/* Stripe may still refuse a code the app accepted (ended or used up there): said here, at Pay. */}
        <div className="basis-full" role={error ? "alert" : undefined}>
          <ErrorList id="discount-code-error" errors={error ? [error] : null} />
        </div>
      </Form>
    );
  }
  return (
    <details className="mt-3 text-sm" open={Boolean(error) || undefined}>
      <summary className="inline-flex min-h-[44px] cursor-pointer items-center font-semibold text-lavender-700 underline">
        Have a discount code?
      </summary>
      <Form method="post" className="mt-2">
        <HoneypotField />
        <label htmlFor="discount-code" className="block font-semibold">
          Discount code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="discount-code"
            name="code"
            defaultValue={typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "discount-code-error" : undefined}
            className="block min-h-[44px] w-full min-w-0 rounded-xl border border-sage-300 bg-white px-4 py-2 font-mono uppercase text-ink aria-[invalid=true]:border-red-700"
          />
          <SubmitButton name="intent" value={APPLY_CODE_INTENT} className="btn-secondary w-auto shrink-0" pendingText="Applying...">
            Apply
          </SubmitButton>
        </div>
        <ErrorList id="discount-code-error" errors={error ? [error] : null} />
      </Form>
    </details>
  );
}
