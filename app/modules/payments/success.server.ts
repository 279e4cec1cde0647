import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "#db/schema";
import { startSession } from "~/modules/auth/account.server";
import { getUser, isAdmin } from "~/modules/auth/guards.server";
import type { NewSession } from "~/modules/auth/sessions.server";
import { isDeletedAccount } from "~/modules/users/deleted-account";
import { findUserById } from "~/modules/users/users.server";
import { claimAutoSignIn, findPurchaseBySessionId, fulfilStripeCheckoutSession } from "./fulfil.server";
import { CHECKOUT_SESSION_ID_PATTERN, retrieveCheckoutSession } from "./stripe.server";
import { isTestPaymentSessionId } from "./test-payments.server";

/** A success URL can leak (history, screenshots), so its one automatic sign-in expires. */
const AUTO_SIGN_IN_WINDOW_MS = 60 * 60 * 1000;

type SuccessOutcome =
  | {
      status: "granted";
      email: string;
      signIn: "already" | "now" | "emailed-link";
      session: NewSession | null;
      /** The signed-in buyer has no password yet: the page offers "Set a password". */
      mayChoosePassword: boolean;
    }
  | { status: "pending" }
  | { status: "not-found" };

/**
 * The success page: confirms the payment on the server (Stripe, or a test payment in development),
 * fulfils it if the webhook has not yet (the same function, so still exactly once), then decides
 * whether to sign the buyer in. Paying with someone else's email never opens their account: only the
 * account that started the checkout, or an account this purchase created (never an admin's), once,
 * within an hour of payment.
 */
export async function completeCheckout(context: AppLoadContext, sessionId: string): Promise<SuccessOutcome> {
  const purchase = await resolvePurchase(context, sessionId);
  if (purchase === "pending" || purchase === null) return { status: purchase ?? "not-found" };

  const buyer = await findUserById(context.db, purchase.userId);
  // A deleted account's success URL opens nothing: no sign-in, not even its tombstone's address (docs/decisions/039).
  if (!buyer || isDeletedAccount(buyer)) return { status: "not-found" };
  const current = await getUser(context);
  const mayChoosePassword = !buyer.passwordHash;
  if (current?.id === buyer.id) return { status: "granted", email: buyer.email, signIn: "already", session: null, mayChoosePassword };

  if (await mayAutoSignIn(context, purchase, buyer)) {
    // Remembered, as "Keep me logged in" is (30 days, renewed on use): the phone that paid is the one the buyer reads
    // on every day (docs/decisions/027). The test payment comes through here too.
    const session = await startSession(context, buyer, true);
    return { status: "granted", email: buyer.email, signIn: "now", session, mayChoosePassword };
  }
  return { status: "granted", email: buyer.email, signIn: "emailed-link", session: null, mayChoosePassword: false };
}

/**
 * Once the mailbox owner has claimed the account (verified it through a link, or signed in since the
 * purchase), the success URL no longer opens it: only that owner's own sign-in does.
 */
async function mayAutoSignIn(
  context: AppLoadContext,
  purchase: { id: string; createdUser: boolean; createdAt: Date; autoSignInUsedAt: Date | null },
  buyer: User,
): Promise<boolean> {
  if (!purchase.createdUser || isAdmin(context, { ...buyer, emailVerified: true })) return false;
  if (buyer.emailVerified || (buyer.lastLoginAt && buyer.lastLoginAt.getTime() >= purchase.createdAt.getTime())) return false;
  if (purchase.autoSignInUsedAt || Date.now() - purchase.createdAt.getTime() > AUTO_SIGN_IN_WINDOW_MS) return false;
  return claimAutoSignIn(context, purchase.id);
}

/** What a success URL may carry: a Stripe Checkout Session id or a test payment's; nothing else reaches Stripe. */
export function isPaymentSessionId(id: string): boolean {
  return CHECKOUT_SESSION_ID_PATTERN.test(id) || isTestPaymentSessionId(id);
}

async function resolvePurchase(context: AppLoadContext, sessionId: string) {
  if (isTestPaymentSessionId(sessionId)) {
    // Test-mode purchases resolve only in development.
    return context.config.isDevelopment ? findPurchaseBySessionId(context, sessionId) : null;
  }
  if (!CHECKOUT_SESSION_ID_PATTERN.test(sessionId)) return null;
  const existing = await findPurchaseBySessionId(context, sessionId);
  if (existing) return existing;
  const { stripe } = context;
  if (!stripe) return null;
  const session = await retrieveCheckoutSession(stripe, sessionId);
  if (!session) return null;
  const outcome = await fulfilStripeCheckoutSession(context, session);
  if (outcome.status === "unpaid") return "pending" as const;
  return outcome.status === "fulfilled" ? outcome.purchase : null;
}
