import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Gift } from "#db/schema";
import { findGiftByCheckoutSession } from "~/modules/gifts/gifts.server";
import { logProblem } from "~/modules/observability/log.server";
import { fulfilStripeCheckoutSession } from "./fulfil.server";
import { paymentMode } from "./payment-mode.server";
import { CHECKOUT_SESSION_ID_PATTERN, createCheckoutSession, retrieveCheckoutSession } from "./stripe.server";
import { isTestPaymentSessionId } from "./test-payments.server";

type GiftCheckoutStart =
  | { status: "stripe"; url: string }
  | { status: "test-payment" }
  | { status: "unavailable"; supportEmail: string }
  | { status: "failed" };

/** A gift's Pay: the same Stripe Checkout as a purchase, the gift's id in its metadata (docs/decisions/047-gifts.md). */
export async function startGiftCheckout(
  context: Pick<AppLoadContext, "config" | "stripe">,
  input: { gift: Gift; visitorId: string },
): Promise<GiftCheckoutStart> {
  const mode = paymentMode(context);
  if (mode === "test") return { status: "test-payment" };
  if (mode === "unavailable" || !context.stripe) {
    logProblem("error", "Gift checkout refused: STRIPE_SECRET_KEY is not configured in production");
    return { status: "unavailable", supportEmail: context.config.supportEmail };
  }
  const { gift } = input;
  try {
    const session = await createCheckoutSession(context.stripe, {
      checkoutId: gift.id,
      giftId: gift.id,
      email: gift.giverEmail,
      name: gift.giverName,
      userId: gift.giverUserId,
      visitorId: input.visitorId,
      visitorAssignment: "",
      priceCents: context.config.price.cents,
      currency: context.config.price.currency,
      productName: `LIGHT Cards: a lifetime pass, a gift for ${gift.recipientName}`,
      appOrigin: context.config.appOrigin,
      // A gift is paid at the price: codes are the checkout's (docs/decisions/050-codes-and-refunds.md).
      code: null,
      promotionCodeId: null,
      automaticTax: context.config.stripeAutomaticTax,
    });
    return { status: "stripe", url: session.url };
  } catch (error) {
    logProblem("warn", "Stripe Checkout Session for a gift could not be created", error);
    return { status: "failed" };
  }
}

/**
 * The page Stripe returns the giver to: the gift its session paid, fulfilled here if the webhook has not yet (the same
 * function, so still exactly once). Test payments resolve only in development.
 */
export async function confirmGiftCheckout(context: AppLoadContext, sessionId: string): Promise<Gift | "pending" | null> {
  if (isTestPaymentSessionId(sessionId)) {
    return context.config.isDevelopment ? findGiftByCheckoutSession(context.db, sessionId) : null;
  }
  if (!CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return null;
  const existing = await findGiftByCheckoutSession(context.db, sessionId);
  if (existing) return existing;
  if (!context.stripe) return null;
  const session = await retrieveCheckoutSession(context.stripe, sessionId);
  if (!session) return null;
  const outcome = await fulfilStripeCheckoutSession(context, session);
  if (outcome.status === "unpaid") return "pending";
  return outcome.status === "gift" ? outcome.gift : null;
}
