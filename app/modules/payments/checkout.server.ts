import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { countCards } from "~/modules/cards/cards.server";
import { checkoutAssignment } from "~/modules/experiments/checkout-assignment.server";
import { logProblem } from "~/modules/observability/log.server";
import type { CheckoutDetails } from "./checkout-state.server";
import { paymentMode } from "./payment-mode.server";
import { createCheckoutSession } from "./stripe.server";

type CheckoutStart =
  | { status: "stripe"; url: string }
  | { status: "test-payment" }
  | { status: "unavailable"; supportEmail: string }
  | { status: "failed" };

/**
 * The checkout's Pay button: a Stripe Checkout Session for the buyer's details (the account's email when
 * signed in), test payments in development without a Stripe key, and never free access in production.
 */
export async function startCheckout(
  context: Pick<AppLoadContext, "db" | "config" | "stripe" | "experiments">,
  input: { details: CheckoutDetails; user: User | null; visitorId: string },
): Promise<CheckoutStart> {
  const mode = paymentMode(context);
  if (mode === "test") return { status: "test-payment" };
  if (mode === "unavailable" || !context.stripe) {
    logProblem("error", "Checkout refused: STRIPE_SECRET_KEY is not configured in production");
    return { status: "unavailable", supportEmail: context.config.supportEmail };
  }
  try {
    const session = await createCheckoutSession(context.stripe, {
      checkoutId: input.details.checkoutId,
      email: input.user?.email ?? input.details.email,
      name: input.details.name,
      userId: input.user?.id ?? null,
      visitorId: input.visitorId,
      // The visitor's A/B assignment rides to the webhook: its conversion counts for the variants it saw (020).
      visitorAssignment: checkoutAssignment(await context.experiments.resolve()),
      priceCents: context.config.price.cents,
      currency: context.config.price.currency,
      productName: `LIGHT Cards: the complete collection (${await countCards(context.db)} cards)`,
      appOrigin: context.config.appOrigin,
    });
    return { status: "stripe", url: session.url };
  } catch (error) {
    logProblem("warn", "Stripe Checkout Session could not be created", error);
    return { status: "failed" };
  }
}
