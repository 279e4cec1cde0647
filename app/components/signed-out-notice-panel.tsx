import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";

/** Why the server ended this device's session (the reasons of app/modules/auth/signed-out-notice.server.ts). */
type SignedOutNotice = { reason: "everywhere" | "mailbox-proved" | "payment-refunded" | "new-payment"; email: string };

/** The form's intent: a sign-in link to the address of the notice. */
export const RELINK_INTENT = "relink";

const SIGNED_OUT_BECAUSE: Record<SignedOutNotice["reason"], string> = {
  everywhere: "You were signed out on this device because “Sign out of all devices” was used on your account.",
  "mailbox-proved":
    "You were signed out on this device because your email address was confirmed on another device. Until an address is confirmed, we cannot tell its owner's devices from anyone else's, so confirming it signs out the others.",
  "payment-refunded":
    "You were signed out on this device because the payment that set up this account was refunded. Until its email address is confirmed, only that payment kept this device signed in.",
  "new-payment":
    "You were signed out on this device because a new payment was made with this account's email address before the address was confirmed. Until an address is confirmed, we cannot tell its owner's devices from anyone else's.",
};

/** Why this device was signed out, and the one tap back in: a sign-in link to the same address. */
export function SignedOutNoticePanel({ notice, redirectTo }: { notice: SignedOutNotice; redirectTo: string }) {
  return (
    <section aria-labelledby="signed-out-title" className="mb-6 rounded-2xl bg-gold-100 p-4 text-ink ring-1 ring-gold-700/30">
      <h2 id="signed-out-title" className="font-semibold">
        Signed out on this device
      </h2>
      <p className="mt-1 text-sm">{SIGNED_OUT_BECAUSE[notice.reason]}</p>
      <p className="mt-2 text-sm">
        One tap sends a sign-in link to <strong className="[overflow-wrap:anywhere]">{notice.email}</strong>.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton name="intent" value={RELINK_INTENT} pendingText="Sending...">
          Email Me a Sign-In Link
        </SubmitButton>
      </Form>
    </section>
  );
}
