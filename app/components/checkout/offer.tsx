import { Link } from "@remix-run/react";
import { LEGAL_LINKS } from "~/content/legal-links";

/**
 * What the details step promises before anyone types: the price, once, for life, and the 30-day guarantee, with the
 * refund policy a tap away.
 */
export function CheckoutOffer({ price }: { price: string }) {
  return (
    <div className="mt-4 rounded-2xl bg-lavender-50 p-4 text-center ring-1 ring-lavender-200" data-testid="checkout-offer">
      <p className="text-ink">
        <span className="font-serif text-4xl font-bold">{price}</span> <span className="font-semibold">one-time</span>
      </p>
      <p className="mt-1 text-sm text-ink">Lifetime access · no subscription</p>
      <p className="mt-2 text-sm text-ink">
        <strong>30-day guarantee:</strong> a full refund if it is not for you.{" "}
        <Link to="/refund-policy" className="whitespace-nowrap font-semibold text-lavender-700 underline underline-offset-4">
          Refund policy
        </Link>
      </p>
    </div>
  );
}

/**
 * Under the details form: the way in for someone who already paid (a visitor only: a signed-in account is already
 * in), then the policies. Other ways to buy (a gift, a code) sit beside the sign-in link.
 */
export function CheckoutAlternatives({ signedIn, children }: { signedIn: boolean; children?: React.ReactNode }) {
  return (
    <div className="mt-6 space-y-4 border-t border-sage-200 pt-4 text-center text-sm">
      {signedIn && !children ? null : (
        <ul className="space-y-2">
          {signedIn ? null : (
            <li>
              Already bought?{" "}
              <Link to="/login?redirectTo=%2Fcards" className="font-semibold text-lavender-700 underline underline-offset-4">
                Sign in
              </Link>
            </li>
          )}
          {children}
        </ul>
      )}
      <CheckoutPolicies />
    </div>
  );
}

/** Terms, Privacy and Refund policy, small, at the foot of each checkout step. */
export function CheckoutPolicies() {
  return (
    <nav aria-label="Policies" className="text-xs text-ink-muted">
      <ul className="flex flex-wrap justify-center gap-x-4">
        {LEGAL_LINKS.map((page) => (
          <li key={page.path}>
            <Link to={page.path} className="inline-block py-2 underline underline-offset-4">
              {page.linkLabel}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
