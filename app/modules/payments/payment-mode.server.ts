import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * How this deployment takes payments. With a Stripe key: Stripe Checkout. Without one, only
 * development falls back to test payments (the /mock-checkout page); production refuses (it never gives access for free).
 */
type PaymentMode = "stripe" | "test" | "unavailable";

export function paymentMode(context: Pick<AppLoadContext, "stripe" | "config">): PaymentMode {
  if (context.stripe) return "stripe";
  return context.config.isDevelopment ? "test" : "unavailable";
}

/** Test-mode pages and APIs exist only in development. */
export function assertTestModeAvailable(context: Pick<AppLoadContext, "config">) {
  if (!context.config.isDevelopment) throw new Response("Not Found", { status: 404 });
}
