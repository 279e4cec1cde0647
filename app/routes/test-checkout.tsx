import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SiteHeader } from "~/components/site-chrome";
import { assertTestModeAvailable } from "~/modules/payments/payment-mode.server";
import { TEST_CARDS } from "~/modules/payments/test-payments.server";

export const meta: MetaFunction = () => [{ title: "Test checkout | LIGHT Cards" }];

/** Development only: how to pay in test mode. */
export function loader({ context }: LoaderFunctionArgs) {
  assertTestModeAvailable(context);
  return { cards: TEST_CARDS.map((card) => ({ number: card.number, label: card.label })) };
}

export default function TestCheckoutPage() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader minimal />
      <main id="main" className="mx-auto w-full max-w-xl space-y-8 px-4 py-12">
        <h1 className="font-serif text-3xl font-bold">Test Checkout</h1>
        <p className="text-ink-muted">Development runs without a Stripe key take test payments. No money moves.</p>
        <section aria-labelledby="cards-title" className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
          <h2 id="cards-title" className="text-xl font-semibold">
            Test card numbers
          </h2>
          <table className="mt-4 w-full text-left">
            <thead>
              <tr className="text-sm text-ink-muted">
                <th scope="col" className="py-2">
                  Card number
                </th>
                <th scope="col" className="py-2">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.number} className="border-t border-sage-200">
                  <td className="py-2 font-mono">{card.number}</td>
                  <td className="py-2">{card.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="steps-title">
          <h2 id="steps-title" className="text-xl font-semibold">
            Steps
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            <li>Fill in your details at checkout and continue to payment.</li>
            <li>Press Pay: test mode opens the test payment page.</li>
            <li>Use a card number above and complete the test payment.</li>
            <li>The success page grants access; open your collection.</li>
          </ol>
        </section>
        <div className="flex flex-wrap gap-3">
          <Link to="/mock-checkout" className="btn-primary">
            Test Payment Page
          </Link>
          <Link to="/checkout" className="btn-secondary">
            Checkout
          </Link>
          <Link to="/" className="btn-secondary">
            Home
          </Link>
        </div>
      </main>
    </>
  );
}
