import type Stripe from "stripe";

/**
 * Every setting of the Checkout Session this app creates, in one place (README, "Payments in Stripe";
 * docs/decisions/050-codes-and-refunds.md). What is left out matters as much as what is set:
 *
 * - No `payment_method_types`: Checkout then offers the payment methods turned on in the Stripe dashboard
 *   (Settings → Payment methods) that suit the buyer's device, country and currency: cards, and the wallets Apple Pay
 *   and Google Pay, and Link. A fixed list here would hide every wallet the owner turns on.
 * - No `allow_promotion_codes`: Stripe refuses it beside `discounts`, and the app applies the buyer's code itself, so
 *   a code is checked once, by the app, before the buyer reaches Stripe (Stripe still enforces its expiry and uses).
 * - The price includes tax (`tax_behavior: "inclusive"`): with Stripe Tax on (STRIPE_AUTOMATIC_TAX), the buyer pays the
 *   advertised price and the tax is taken out of it, so the amount fulfilment checks stays the price.
 */
export type CheckoutSessionInput = {
  email: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  priceCents: number;
  currency: string;
  productName: string;
  appOrigin: string;
  /** The Stripe promotion code of the buyer's discount code, checked by the app. */
  promotionCodeId: string | null;
  /** Stripe Tax computes the tax inside the price (the owner turns it on in the dashboard first). */
  automaticTax: boolean;
  /** Where Stripe sends the payer back: a purchase to /success and the checkout, a gift to its own pages (047-gifts). */
  returnTo: { success: string; cancel: string };
};

export function checkoutSessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: input.currency,
          unit_amount: input.priceCents,
          tax_behavior: "inclusive",
          product_data: { name: input.productName },
        },
      },
    ],
    ...(input.promotionCodeId ? { discounts: [{ promotion_code: input.promotionCodeId }] } : {}),
    ...(input.automaticTax ? { automatic_tax: { enabled: true } } : {}),
    customer_email: input.email,
    client_reference_id: input.clientReferenceId,
    metadata: input.metadata,
    payment_intent_data: { metadata: input.metadata },
    success_url: `${input.appOrigin}${input.returnTo.success}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${input.appOrigin}${input.returnTo.cancel}`,
  };
}
