import { z } from "zod";
import type { AppConfig } from "~/modules/config/config.server";
import { carriesCookie, signedCookie } from "~/modules/http/cookies.server";

/**
 * The checkout's steps are server state (so they work without JavaScript): the details step stores
 * name and email in a signed, short-lived cookie that the payment step and the test payment page read.
 */
/** `checkoutId` names this checkout: Stripe's idempotency key, so a double-clicked Pay makes one session. */
/** `code` is the discount code the buyer applied on the payment step (checked again at Pay: 050). */
const detailsSchema = z.object({ name: z.string(), email: z.string(), checkoutId: z.string().uuid(), code: z.string().optional() });
export type CheckoutDetails = z.infer<typeof detailsSchema>;

/** Personal: a request carrying it is never answered from the shared cache (app/server/page-cache.server.ts). */
export const CHECKOUT_COOKIE_NAME = "lc_checkout";

function checkoutCookie(config: AppConfig, request: Request) {
  return signedCookie(CHECKOUT_COOKIE_NAME, config, request, { maxAge: 60 * 60 });
}

export async function readCheckoutDetails(config: AppConfig, request: Request): Promise<CheckoutDetails | null> {
  const header = request.headers.get("Cookie");
  if (!carriesCookie(request, CHECKOUT_COOKIE_NAME)) return null;
  const parsed = detailsSchema.safeParse(await checkoutCookie(config, request).parse(header));
  return parsed.success ? parsed.data : null;
}

export async function saveCheckoutDetails(config: AppConfig, request: Request, details: CheckoutDetails): Promise<string> {
  return checkoutCookie(config, request).serialize(details);
}
