import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { type Purchase, purchases, type User } from "#db/schema";
import { auditRow, SYSTEM_ACTOR } from "~/modules/audit/audit-log.server";
import { endUnprovedAccess } from "~/modules/auth/sign-in-link.server";
import { createOneTimeToken } from "~/modules/auth/tokens.server";
import { countCards } from "~/modules/cards/cards.server";
import { formatPrice } from "~/modules/config/money";
import { duplicatePaymentRefundEmail, receiptEmail } from "~/modules/email/payment-templates.server";
import type { EmailMessage } from "~/modules/email/send.server";
import { recordConversion } from "~/modules/experiments/events.server";
import { logProblem } from "~/modules/observability/log.server";
import { createUser, findUserByEmail, findUserById } from "~/modules/users/users.server";
import { findCodeByPromotionCode, priceWithCode } from "./discount-codes.server";
import { fulfilGiftSession, type GiftFulfilment } from "./gift-fulfil.server";
import { checkCheckoutSession, type PaidCheckout, promotionCodeOf, refundPayment } from "./stripe.server";

export type Context = Pick<AppLoadContext, "db" | "config" | "email" | "stripe" | "cloudflare">;

/** `discountCodeId`: the code the amount paid was checked against (docs/decisions/050-codes-and-refunds.md). */
type PaidPayment = PaidCheckout & { provider: "stripe" | "test"; purchaseId?: string; discountCodeId?: string | null };

/**
 * The one function that grants access for a payment; the webhook, the success page and the test
 * payment page all call it. It records the purchase (unique on the Checkout Session id) and creates the
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
    if (!user) throw new Error("Could not find or create the buyer's account");
  }
  // An address nobody proved, paid for again: whoever holds its sessions or chose its password may be a stranger who
  // paid with it first, so they are signed out before this payment grants anything (docs/decisions/027).
  if (!createdUser) user = await endUnprovedAccess(context, user, "new-payment");

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
      discountCodeId: payment.discountCodeId ?? null,
    })
    .onConflictDoNothing({ target: purchases.stripeCheckoutSessionId })
    .returning();

  if (!inserted) {
    const existing = await findPurchaseBySessionId(context, payment.checkoutSessionId);
    if (!existing) throw new Error(`Purchase for ${payment.checkoutSessionId} vanished`);
    const owner = (await findUserById(db, existing.userId)) ?? user;
    // A redelivery finishes what an earlier delivery could not (a duplicate's refund that failed).
    const settled = await refundIfDuplicate(context, existing, owner);
    return { purchase: settled, user: owner, newlyFulfilled: false };
  }

  const settled = await refundIfDuplicate(context, inserted, user);
  if (settled.status === "paid") {
    await sendReceipt(context, user, inserted);
    // Only the delivery that inserted the purchase counts it; the event's own key keeps it to one row regardless.
    recordConversion(
      context,
      { id: inserted.id, userId: user.id, visitorId: payment.visitorId, visitorAssignment: payment.visitorAssignment },
      `${context.config.appOrigin}/success`,
    );
  }
  return { purchase: settled, user, newlyFulfilled: true };
}

/**
 * A Stripe Checkout Session, checked (this app's, the configured price, live in production) and then
 * fulfilled. The webhook and the success page both come through here.
 */
export async function fulfilStripeCheckoutSession(
  context: Context,
  session: Stripe.Checkout.Session,
): Promise<{ status: "fulfilled"; purchase: Purchase } | GiftFulfilment | { status: "unpaid" } | { status: "rejected" }> {
  // The amount paid is checked against the code Stripe applied, if it is one of this app's; else against the price.
  const code = await findCodeByPromotionCode(context.db, promotionCodeOf(session));
  const verdict = checkCheckoutSession(session, {
    priceCents: priceWithCode(context.config.price, code).cents,
    currency: context.config.price.currency,
    livemodeRequired: !context.config.isDevelopment,
  });
  if (verdict.status === "unpaid") return verdict;
  if (verdict.status === "rejected") {
    logProblem("warn", `Checkout Session ${session.id} was not fulfilled: ${verdict.reason}`);
    return { status: "rejected" };
  }
  if (verdict.payment.giftId) return fulfilGiftSession(context, verdict.payment); // a gift, not access: docs/decisions/047-gifts.md
  const { purchase } = await fulfilPaidCheckout(context, { provider: "stripe", ...verdict.payment, discountCodeId: code?.id ?? null });
  return { status: "fulfilled", purchase };
}

/**
 * Someone who already has access and pays again (a forgotten purchase, a second tab) is refunded at
 * once: the earliest standing paid purchase of the account is the one that counts, every later one is
 * refunded (Stripe refund; a test-mode purchase is just marked), with an email and an audit row. Ordering
 * by (created_at, id) makes two concurrent fulfilments agree on which one stays. Returns the purchase as it now stands.
 */
async function refundIfDuplicate(context: Context, purchase: Purchase, user: User): Promise<Purchase> {
  if (purchase.status !== "paid") return purchase;
  const [first] = await context.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, purchase.userId), eq(purchases.status, "paid")))
    .orderBy(asc(purchases.createdAt), asc(purchases.id))
    .limit(1);
  if (!first || first.id === purchase.id) return purchase;

  if (purchase.provider === "stripe") {
    const { stripe } = context;
    if (!stripe || !purchase.stripePaymentIntentId) {
      throw new Error(`Duplicate purchase ${purchase.id} cannot be refunded: no Stripe key or payment intent`);
    }
    await refundPayment(stripe, purchase.stripePaymentIntentId, `duplicate-refund-${purchase.id}`);
  }
  const [refunded] = await context.db.batch([
    context.db
      .update(purchases)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "paid")))
      .returning(),
    auditRow(
      context.db,
      SYSTEM_ACTOR,
      "refund-duplicate",
      { email: user.email, userId: user.id },
      {
        purchaseId: purchase.id,
        keptPurchaseId: first.id,
        amountCents: purchase.amountCents,
        currency: purchase.currency,
      },
    ),
  ]);
  const settled = refunded[0] ?? purchase;
  await notify(context, `Duplicate-payment refund notice for purchase ${purchase.id}`, () =>
    duplicatePaymentRefundEmail(user.email, {
      amount: formatPrice({ cents: purchase.amountCents, currency: purchase.currency }),
      supportEmail: context.config.supportEmail,
      appOrigin: context.config.appOrigin,
    }),
  );
  return settled;
}

/** A notice about money is queued (the queue retries it), or its failure logged; it never undoes the change it reports. */
export async function notify(context: Context, label: string, message: () => EmailMessage) {
  try {
    await context.email.send(message());
  } catch (error) {
    logProblem("error", `${label} was not sent`, error);
  }
}

async function sendReceipt(context: Context, user: User, purchase: Purchase) {
  const { config } = context;
  try {
    const token = await createOneTimeToken(context.db, user.id, "sign_in");
    const signInLink = new URL("/login/link", config.appOrigin);
    signInLink.searchParams.set("token", token);
    signInLink.searchParams.set("redirectTo", "/cards");
    await context.email.send(
      receiptEmail(user.email, {
        amount: formatPrice({ cents: purchase.amountCents, currency: purchase.currency }),
        cardCount: await countCards(context.db),
        signInLink: signInLink.toString(),
        newLinkPage: `${config.appOrigin}/login?link=1`,
        collectionLink: `${config.appOrigin}/cards`,
        supportEmail: config.supportEmail,
        hasPassword: Boolean(user.passwordHash),
        appOrigin: config.appOrigin,
      }),
    );
  } catch (error) {
    // The purchase stands (access is granted); a receipt that could not even be queued must be visible, not fatal.
    logProblem("error", `Receipt for purchase ${purchase.id} (user ${user.id}) was not sent`, error);
  }
}

export async function findPurchaseBySessionId(context: Pick<Context, "db">, checkoutSessionId: string): Promise<Purchase | null> {
  const [purchase] = await context.db.select().from(purchases).where(eq(purchases.stripeCheckoutSessionId, checkoutSessionId)).limit(1);
  return purchase ?? null;
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
