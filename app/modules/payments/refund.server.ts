/** Refunds and lost disputes end what a purchase gave (docs/decisions/006-payments-and-access.md, 050-codes-and-refunds.md). */
import { and, eq } from "drizzle-orm";
import { purchases } from "#db/schema";
import { getAccessStatus } from "~/modules/access/access.server";
import { recordAudit, SYSTEM_ACTOR } from "~/modules/audit/audit-log.server";
import { endUnprovedAccess } from "~/modules/auth/sign-in-link.server";
import { formatPrice } from "~/modules/config/money";
import { disputeLostEmail, refundEmail } from "~/modules/email/payment-templates.server";
import { withdrawConversion } from "~/modules/experiments/events.server";
import { deleteSubscriptionsOfUser } from "~/modules/push/subscriptions.server";
import { findUserById } from "~/modules/users/users.server";
import { type Context, notify } from "./fulfil.server";

/**
 * The 30-day guarantee: a full refund revokes access (the purchase is marked refunded), writes an audit
 * row and tells the buyer. A dispute the buyer won (`charge.dispute.closed`, status lost) took the whole
 * payment back, so it counts as a full refund. Either takes back the purchase's A/B conversion. A partial refund
 * changes nothing. Returns whether access was revoked by this call.
 */
export async function revokeForRefund(
  context: Context,
  refund: {
    paymentIntentId: string | null;
    /** A development test payment, refunded from /settings, names its purchase (it has no payment intent: 050). */
    purchaseId?: string;
    amountCents: number;
    amountRefundedCents: number;
    cause: "refund" | "dispute-lost";
  },
): Promise<boolean> {
  if (refund.amountRefundedCents < refund.amountCents) return false;
  const which = refund.purchaseId ? eq(purchases.id, refund.purchaseId) : eq(purchases.stripePaymentIntentId, refund.paymentIntentId ?? "");
  const [refunded] = await context.db
    .update(purchases)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(and(which, eq(purchases.status, "paid")))
    .returning();
  if (!refunded) return false;
  await withdrawConversion(context.db, refunded.id);
  const user = await findUserById(context.db, refunded.userId);
  // The payment that set the account up no longer stands, so neither does what it let an unproved device keep.
  if (user && refunded.createdUser) await endUnprovedAccess(context, user, "payment-refunded");
  // Access ended with the payment (unless a grant or another purchase stands): no more notifications (046).
  if (!(await getAccessStatus(context.db, refunded.userId)).hasAccess) await deleteSubscriptionsOfUser(context.db, refunded.userId);
  await recordAudit(
    context.db,
    SYSTEM_ACTOR,
    refund.cause === "refund" ? "refund" : "dispute-lost",
    {
      email: user?.email ?? refunded.email,
      userId: refunded.userId,
    },
    { purchaseId: refunded.id, paymentIntentId: refund.paymentIntentId, amountCents: refunded.amountCents },
  );
  if (user) {
    const input = {
      amount: formatPrice({ cents: refunded.amountCents, currency: refunded.currency }),
      supportEmail: context.config.supportEmail,
      appOrigin: context.config.appOrigin,
    };
    await notify(context, `${refund.cause} notice for purchase ${refunded.id}`, () =>
      refund.cause === "refund" ? refundEmail(user.email, input) : disputeLostEmail(user.email, input),
    );
  }
  return true;
}
