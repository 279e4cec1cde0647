import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { startSession, type NewSession } from "~/modules/auth/account.server";
import { getUser, isAdmin } from "~/modules/auth/guards.server";
import { findUserById } from "~/modules/auth/users.server";
import { claimAutoSignIn, findPurchaseBySessionId, fulfilPaidCheckout } from "./fulfil.server";
import { getStripe, paidCheckoutFrom, retrieveCheckoutSession } from "./stripe.server";

/** A success URL can leak (history, screenshots), so its one automatic sign-in expires. */
export const AUTO_SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

export type SuccessOutcome =
  | { status: "granted"; email: string; signIn: "already" | "now" | "emailed-link"; session: NewSession | null }
  | { status: "pending" }
  | { status: "not-found" };

/**
 * The success page: confirms the payment on the server (Stripe, or a mock purchase in development),
 * fulfils it if the webhook has not yet (the same function, so still exactly once), then decides
 * whether to sign the buyer in. Paying with someone else's email never opens their account: only the
 * account that started the checkout, or an account this purchase created (never an admin's), once,
 * within an hour of payment.
 */
export async function completeCheckout(context: AppLoadContext, sessionId: string): Promise<SuccessOutcome> {
  const purchase = await resolvePurchase(context, sessionId);
  if (purchase === "pending" || purchase === null) return { status: purchase ?? "not-found" };

  const buyer = await findUserById(context.db, purchase.userId);
  if (!buyer) return { status: "not-found" };
  const current = await getUser(context);
  if (current?.id === buyer.id) return { status: "granted", email: buyer.email, signIn: "already", session: null };

  if (await mayAutoSignIn(context, purchase, buyer)) {
    const session = await startSession(context, buyer, false);
    return { status: "granted", email: buyer.email, signIn: "now", session };
  }
  return { status: "granted", email: buyer.email, signIn: "emailed-link", session: null };
}

async function mayAutoSignIn(
  context: AppLoadContext,
  purchase: { id: string; createdUser: boolean; createdAt: Date; autoSignInUsedAt: Date | null },
  buyer: User,
): Promise<boolean> {
  if (!purchase.createdUser || isAdmin(context, { ...buyer, emailVerified: true })) return false;
  if (purchase.autoSignInUsedAt || Date.now() - purchase.createdAt.getTime() > AUTO_SIGN_IN_WINDOW_MS) return false;
  return claimAutoSignIn(context, purchase.id);
}

async function resolvePurchase(context: AppLoadContext, sessionId: string) {
  if (sessionId.startsWith("mock_")) {
    // Test-mode purchases resolve only in development.
    return context.config.isDevelopment ? findPurchaseBySessionId(context, sessionId) : null;
  }
  const existing = await findPurchaseBySessionId(context, sessionId);
  if (existing) return existing;
  const stripe = getStripe(context.cloudflare.env);
  if (!stripe) return null;
  const paid = paidCheckoutFrom(await retrieveCheckoutSession(stripe, sessionId));
  if (!paid) return "pending" as const;
  const { purchase } = await fulfilPaidCheckout(context, { provider: "stripe", ...paid });
  return purchase;
}
