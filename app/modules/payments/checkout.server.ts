import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { countCards } from "~/modules/cards/cards.server";
import { checkoutAssignment } from "~/modules/experiments/checkout-assignment.server";
import { logProblem } from "~/modules/observability/log.server";
import type { CheckoutDetails } from "./checkout-state.server";
import { checkCode, codeRefusal } from "./discount-codes.server";
import { paymentMode } from "./payment-mode.server";
import { createCheckoutSession, isRefusedRequest } from "./stripe.server";

type CheckoutStart =
  | { status: "stripe"; url: string }
  | { status: "test-payment" }
  | { status: "unavailable"; supportEmail: string }
  | { status: "code-refused"; message: string }
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
  // A code applied earlier is checked again: it may have expired or been used up since.
  const checked = input.details.code ? await checkCode(context.db, input.details.code) : null;
  if (checked && checked.status !== "valid") return { status: "code-refused", message: checked.message };
  if (mode === "test") return { status: "test-payment" };
  if (mode === "unavailable" || !context.stripe) {
    logProblem("error", "Checkout refused: STRIPE_SECRET_KEY is not configured in production");
    return { status: "unavailable", supportEmail: context.config.supportEmail };
  }
  const code = checked?.status === "valid" ? checked.code : null;
  // A code made without a Stripe key (in development) is not one Stripe knows.
  if (code && !code.stripePromotionCodeId) return { status: "code-refused", message: codeRefusal("unknown", code.code) };
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
      code: code?.id ?? null,
      promotionCodeId: code?.stripePromotionCodeId ?? null,
      automaticTax: context.config.stripeAutomaticTax,
    });
    return { status: "stripe", url: session.url };
  } catch (error) {
    // Stripe has the last word on a code (its expiry and uses are counted there too).
    if (code && isRefusedRequest(error)) {
      logProblem("warn", `Stripe refused the code ${code.code}`, error);
      return { status: "code-refused", message: codeRefusal("used-up", code.code) };
    }
    logProblem("warn", "Stripe Checkout Session could not be created", error);
    return { status: "failed" };
  }
}
