import type { Gift } from "#db/schema";
import { fulfilGiftPayment, type GiftContext } from "~/modules/gifts/gifts.server";
import type { PaidCheckout } from "./stripe.server";

/**
 * A paid gift's checkout (Stripe's, checked like any other, or a test payment): the gift named in its metadata is made
 * paid exactly once (docs/decisions/047-gifts.md). The payer gets no access from it.
 */
export function fulfilGiftCheckout(context: GiftContext, provider: "stripe" | "test", payment: PaidCheckout): Promise<Gift | null> {
  if (!payment.giftId) throw new Error("Not a gift's payment");
  return fulfilGiftPayment(context, {
    giftId: payment.giftId,
    provider,
    checkoutSessionId: payment.checkoutSessionId,
    paymentIntentId: payment.paymentIntentId,
    amountCents: payment.amountCents,
    currency: payment.currency,
  });
}

export type GiftFulfilment = { status: "gift"; gift: Gift | null };

/** A Stripe Checkout Session that paid for a gift, already checked (`checkCheckoutSession`): the gift is fulfilled, not access. */
export async function fulfilGiftSession(context: GiftContext, payment: PaidCheckout): Promise<GiftFulfilment> {
  return { status: "gift", gift: await fulfilGiftCheckout(context, "stripe", payment) };
}
