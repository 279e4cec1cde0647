import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * How this deployment takes payments. With a Stripe key: Stripe Checkout. Without one, only
 * development falls back to the mock checkout; production refuses (it never gives access for free).
 */
export type PaymentMode = "stripe" | "mock" | "unavailable";

export function paymentMode(context: Pick<AppLoadContext, "cloudflare" | "config">): PaymentMode {
  if (context.cloudflare.env.STRIPE_SECRET_KEY) return "stripe";
  return context.config.isDevelopment ? "mock" : "unavailable";
}

/** Test-mode pages and APIs exist only in development. */
export function assertTestModeAvailable(context: Pick<AppLoadContext, "config">) {
  if (!context.config.isDevelopment) throw new Response("Not Found", { status: 404 });
}
