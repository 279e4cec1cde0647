import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ErrorList, HoneypotField } from "~/components/forms";
import { SiteHeader } from "~/components/site-chrome";
import { ActionToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import { useInputBeforeHydration } from "~/hooks/use-input-before-hydration";
import { ACCESS_GATE_ANSWER, type AccessGateActionData } from "~/modules/access/gate";

/**
 * The access gate that wraps the card screens (/cards and /cards/{id}): a visitor asks for a sign-in link, buys,
 * or (development only) grants the typed email. Its form always posts to /cards, whose action serves every card screen.
 */
export function AccessGate({ price, devGrant, sent }: { price: string; devGrant: boolean; sent: boolean }) {
  const actionData = useActionData<AccessGateActionData>();
  const navigation = useNavigation();
  const [email, setEmail] = useState("");
  // An email typed before hydration: the buttons start from it rather than from an empty state that would disable
  // them beside a filled field.
  useInputBeforeHydration("gate-email", "", (field) => setEmail(field.value));
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check-access";
  const emailError = actionData && "emailError" in actionData ? actionData.emailError : null;
  const failureToast = actionData && "toast" in actionData ? actionData.toast : null;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <SiteHeader anchorsBase="/" />
      <main id="main" className="flex items-center justify-center px-4 py-12">
        <div className="w-full max-w-md rounded-3xl bg-white p-8 shadow-xl ring-1 ring-sage-200">
          <ActionToast toast={failureToast} />
          <h1 className="text-center font-serif text-3xl font-bold">Access Your Collection</h1>
          <p className="mt-2 text-center text-ink-muted">Enter the email you bought with and we will send you a sign-in link.</p>
          {sent ? (
            <p role="status" className="mt-4 rounded-xl bg-sage-100 p-3 text-center text-sm">
              {ACCESS_GATE_ANSWER}
            </p>
          ) : null}
          <Form method="post" action="/cards" className="mt-6 space-y-4">
            <HoneypotField />
            <div>
              <label htmlFor="gate-email" className="block text-sm font-semibold">
                Email Address
              </label>
              <input
                id="gate-email"
                name="email"
                type="email"
                autoComplete="email"
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? "gate-email-error" : undefined}
                className="mt-1 block min-h-[44px] w-full rounded-xl border border-sage-300 px-4 py-2"
              />
              <ErrorList id="gate-email-error" errors={emailError ? [emailError] : null} />
            </div>
            {/* The spec disables these while the email is empty or being checked (with JavaScript). */}
            <GateButton
              intent="check-access"
              label={checking ? "Checking your access..." : "Check Access"}
              disabled={checking || email.trim() === ""}
              className="btn-primary w-full"
            />
            {devGrant ? (
              <GateButton intent="dev-grant" label="Grant Access (Dev)" disabled={email.trim() === ""} className="btn-secondary w-full" />
            ) : null}
          </Form>
          <p className="mt-6 text-center text-sm">
            Have a password?{" "}
            <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="font-semibold text-lavender-700 underline">
              Sign in with your password
            </Link>
          </p>
          <Link to="/checkout" className="btn-secondary mt-4 w-full">
            Purchase Collection ({price})
          </Link>
        </div>
      </main>
    </>
  );
}

/** Disabling needs JavaScript to re-enable it, so without JavaScript the button is always enabled. */
function GateButton({ intent, label, disabled, className }: { intent: string; label: string; disabled: boolean; className: string }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={hydrated && disabled}>
      {label}
    </button>
  );
}
