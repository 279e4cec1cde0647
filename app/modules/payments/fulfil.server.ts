import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { purchases, type Purchase, type User } from "#db/schema";
import { createOneTimeToken } from "~/modules/auth/tokens.server";
import { createUser, findUserByEmail, findUserById } from "~/modules/auth/users.server";
import { countCards } from "~/modules/cards/cards.server";
import { formatPrice } from "~/modules/config/money";
import { sendEmail } from "~/modules/email/send.server";
import { receiptEmail, refundEmail } from "~/modules/email/templates.server";

type Context = Pick<AppLoadContext, "db" | "config" | "cloudflare">;

export type PaidPayment = {
  provider: "stripe" | "mock";
  /** Stripe's Checkout Session id, or `mock_<purchase id>` in test mode: unique, so a payment grants once. */
  checkoutSessionId: string;
  purchaseId?: string;
  paymentIntentId: string | null;
  email: string;
  name: string | null;
  amountCents: number;
  currency: string;
  startedByUserId: string | null;
};

/**
 * The one function that grants access for a payment; the webhook, the success page and the mock
 * checkout all call it. It records the purchase (unique on the Checkout Session id) and creates the
 * buyer's account if there is none (no password: they sign in by emailed link). Delivered twice, or
 * twice at once, the unique constraint lets exactly one insert through, and only that call sends
 * the receipt.
 */
export async function fulfilPaidCheckout(
  context: Context,
  payment: PaidPayment,
): Promise<{ purchase: Purchase; user: User; newlyFulfilled: boolean }> {
  const { db } = context;
  let user = await findUserByEmail(db, payment.email);
  let createdUser = false;
  if (!user) {
    user = await createUser(db, { email: payment.email, name: payment.name });
    createdUser = Boolean(user);
    user ??= await findUserByEmail(db, payment.email); // created by a concurrent delivery
    if (!user) throw new Error(`Could not find or create the buyer's account for ${payment.email}`);
  }

  const [inserted] = await db
    .insert(purchases)
    .values({
      id: payment.purchaseId,
      userId: user.id,
      email: payment.email,
      provider: payment.provider,
      stripeCheckoutSessionId: payment.checkoutSessionId,
      stripePaymentIntentId: payment.paymentIntentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: "paid",
      startedByUserId: payment.startedByUserId,
      createdUser,
    })
    .onConflictDoNothing({ target: purchases.stripeCheckoutSessionId })
    .returning();

  if (!inserted) {
    const existing = await findPurchaseBySessionId(context, payment.checkoutSessionId);
    if (!existing) throw new Error(`Purchase for ${payment.checkoutSessionId} vanished`);
    const owner = (await findUserById(db, existing.userId)) ?? user;
    return { purchase: existing, user: owner, newlyFulfilled: false };
  }

  await sendReceipt(context, user, inserted);
  return { purchase: inserted, user, newlyFulfilled: true };
}

async function sendReceipt(context: Context, user: User, purchase: Purchase) {
  const { config } = context;
  try {
    const token = await createOneTimeToken(context.db, user.id, "sign_in");
    const signInLink = new URL("/login/link", config.appOrigin);
    signInLink.searchParams.set("token", token);
    signInLink.searchParams.set("redirectTo", "/cards");
    await sendEmail(
      { db: context.db, config, resendApiKey: context.cloudflare.env.RESEND_API_KEY },
      receiptEmail(user.email, {
        amount: formatPrice({ cents: purchase.amountCents, currency: purchase.currency }),
        cardCount: await countCards(context.db),
        signInLink: signInLink.toString(),
        collectionLink: `${config.appOrigin}/cards`,
        supportEmail: config.supportEmail,
      }),
    );
  } catch (error) {
    // The purchase stands (access is granted); a lost receipt must be visible, not fatal.
    console.error(`Receipt for purchase ${purchase.id} to ${user.email} was not sent`, error);
  }
}

export async function findPurchaseBySessionId(context: Pick<Context, "db">, checkoutSessionId: string): Promise<Purchase | null> {
  const [purchase] = await context.db.select().from(purchases).where(eq(purchases.stripeCheckoutSessionId, checkoutSessionId)).limit(1);
  return purchase ?? null;
}

/**
 * The 30-day guarantee: a full refund revokes access (the purchase is marked refunded) and tells the
 * buyer. A partial refund changes nothing. Returns whether access was revoked by this call.
 */
export async function revokeForRefund(
  context: Context,
  refund: { paymentIntentId: string; amountCents: number; amountRefundedCents: number },
): Promise<boolean> {
  if (refund.amountRefundedCents < refund.amountCents) return false;
  const [refunded] = await context.db
    .update(purchases)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(and(eq(purchases.stripePaymentIntentId, refund.paymentIntentId), eq(purchases.status, "paid")))
    .returning();
  if (!refunded) return false;
  const user = await findUserById(context.db, refunded.userId);
  if (user) {
    try {
      await sendEmail(
        { db: context.db, config: context.config, resendApiKey: context.cloudflare.env.RESEND_API_KEY },
        refundEmail(user.email, {
          amount: formatPrice({ cents: refunded.amountCents, currency: refunded.currency }),
          supportEmail: context.config.supportEmail,
          appOrigin: context.config.appOrigin,
        }),
      );
    } catch (error) {
      console.error(`Refund notice for purchase ${refunded.id} was not sent`, error);
    }
  }
  return true;
}

/** Marks the success page's one automatic sign-in as used; true only for the first caller. */
export async function claimAutoSignIn(context: Pick<Context, "db">, purchaseId: string): Promise<boolean> {
  const claimed = await context.db
    .update(purchases)
    .set({ autoSignInUsedAt: new Date() })
    .where(and(eq(purchases.id, purchaseId), isNull(purchases.autoSignInUsedAt)))
    .returning({ id: purchases.id });
  return claimed.length === 1;
}
