import { Form } from "@remix-run/react";
import { HoneypotField, SubmitButton } from "~/components/forms";

/**
 * Under a failed password sign-in: the sign-in link, one tap away, to the address just typed. A buyer who never set a
 * password (the purchase signs them in without one) is the usual reason. The offer is the same whether or not the
 * account exists or has a password, so it tells a stranger nothing about the address (no enumeration:
 * docs/decisions/005-accounts-and-sessions.md); the link itself goes only to the address's owner.
 */
export function SignInLinkOffer({ email, redirectTo }: { email: string; redirectTo: string }) {
  return (
    <section aria-labelledby="link-offer-title" className="rounded-xl bg-sage-50 p-4 text-sm ring-1 ring-sage-200">
      <h2 id="link-offer-title" className="font-semibold">
        Never set a password?
      </h2>
      <p className="mt-1">
        If you bought the collection, your account may have no password yet. We can email a sign-in link to{" "}
        <strong className="[overflow-wrap:anywhere]">{email}</strong> instead.
      </p>
      <Form method="post" className="mt-3">
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <SubmitButton name="intent" value="link" className="btn-secondary w-full" pendingText="Sending...">
          Email Me a Sign-In Link
        </SubmitButton>
      </Form>
    </section>
  );
}
