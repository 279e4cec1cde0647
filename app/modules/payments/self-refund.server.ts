import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { batchedRead } from "#db/batch";
import type { Database } from "#db/client";
import { type Purchase, purchases, type User } from "#db/schema";
import { recordAudit } from "~/modules/audit/audit-log.server";
import { type Owner, ownerIdSql } from "~/modules/auth/owner.server";
import { formatPrice } from "~/modules/config/money";
import { logProblem } from "~/modules/observability/log.server";
import { revokeForRefund } from "./refund.server";
import type { RefundView } from "./self-refund.schema";
import { refundPayment } from "./stripe.server";

/**
 * The 30-day guarantee, self-served from /settings (docs/decisions/050-codes-and-refunds.md): the buyer asks, the app
 * asks Stripe for the full refund, and Stripe's `charge.refunded` webhook ends access as every full refund does
 * (revokeForRefund). A development test payment is refunded in D1 through the same function. One refund per purchase:
 * the request is claimed on the row before Stripe is asked.
 */

export const GUARANTEE_DAYS = 30;
const GUARANTEE_MS = GUARANTEE_DAYS * 24 * 60 * 60 * 1000;

export type RefundStanding =
  | { status: "none" }
  | { status: "eligible"; purchase: Purchase; lastDay: Date }
  | { status: "requested"; purchase: Purchase }
  | { status: "refunded"; purchase: Purchase }
  | { status: "expired"; purchase: Purchase };

/** Where the owner's purchase stands: the paid one that gives access, else the last one refunded, else none. */
export async function readRefundStanding(db: Database, owner: Owner, now = new Date()): Promise<RefundStanding> {
  const rows = await batchedRead(
    db,
    db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, ownerIdSql(owner)))
      .orderBy(asc(purchases.createdAt), asc(purchases.id)),
  );
  return standingOf(rows, now);
}

function standingOf(rows: Purchase[], now: Date): RefundStanding {
  // The earliest paid purchase is the one that counts (later ones are refunded as duplicates: fulfil.server.ts).
  const paid = rows.find((row) => row.status === "paid");
  if (paid) {
    if (paid.refundRequestedAt) return { status: "requested", purchase: paid };
    const lastDay = new Date(paid.createdAt.getTime() + GUARANTEE_MS);
    return now.getTime() < lastDay.getTime() ? { status: "eligible", purchase: paid, lastDay } : { status: "expired", purchase: paid };
  }
  const refunded = rows.filter((row) => row.status === "refunded").at(-1);
  return refunded ? { status: "refunded", purchase: refunded } : { status: "none" };
}

export type SelfRefundOutcome =
  | { status: "refunded" | "requested"; purchase: Purchase }
  | { status: "none" | "expired" | "already" | "failed" };

/**
 * The buyer's "Refund my purchase". Refused after 30 days, for a purchase already refunded or asked for, and when the
 * buyer has none. A Stripe refund that fails releases the claim, so the buyer can try again.
 */
export async function requestSelfRefund(
  context: Pick<AppLoadContext, "db" | "config" | "email" | "stripe" | "cloudflare">,
  user: User,
  reason: string | null,
  now = new Date(),
): Promise<SelfRefundOutcome> {
  const standing = await readRefundStanding(context.db, user.id, now);
  if (standing.status === "none" || standing.status === "expired") return { status: standing.status };
  if (standing.status !== "eligible") return { status: "already" };
  const { purchase } = standing;
  const [claimed] = await context.db
    .update(purchases)
    .set({ refundRequestedAt: now, refundReason: reason })
    .where(
      and(
        eq(purchases.id, purchase.id),
        eq(purchases.status, "paid"),
        isNull(purchases.refundRequestedAt),
        gt(purchases.createdAt, new Date(now.getTime() - GUARANTEE_MS)),
      ),
    )
    .returning();
  if (!claimed) return { status: "already" };
  const actor = { userId: user.id, email: user.email };
  // The reason stays on the purchase (the owner reads it there; account deletion clears it), not in the kept log.
  await recordAudit(context.db, actor, "refund-requested", actor, {
    purchaseId: purchase.id,
    amountCents: purchase.amountCents,
    reasonGiven: reason !== null,
  });

  if (purchase.provider === "test") {
    // Test payments exist only in development; elsewhere such a row is not refunded by this door.
    if (!context.config.isDevelopment) return releaseClaim(context.db, purchase, "a test payment outside development");
    await revokeForRefund(context, {
      paymentIntentId: null,
      purchaseId: purchase.id,
      amountCents: purchase.amountCents,
      amountRefundedCents: purchase.amountCents,
      cause: "refund",
    });
    return { status: "refunded", purchase: claimed };
  }
  if (!context.stripe || !purchase.stripePaymentIntentId) {
    return releaseClaim(context.db, purchase, "no Stripe key or no payment intent");
  }
  try {
    await refundPayment(context.stripe, purchase.stripePaymentIntentId, `self-refund-${purchase.id}`, "requested_by_customer");
  } catch (error) {
    return releaseClaim(context.db, purchase, "Stripe refused the refund", error);
  }
  return { status: "requested", purchase: claimed };
}

async function releaseClaim(db: Database, purchase: Purchase, why: string, error?: unknown): Promise<SelfRefundOutcome> {
  logProblem("error", `Self-serve refund of purchase ${purchase.id} failed: ${why}`, error);
  await db.update(purchases).set({ refundRequestedAt: null, refundReason: null }).where(eq(purchases.id, purchase.id));
  return { status: "failed" };
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** The standing as the pages show it. */
export function refundView(standing: RefundStanding, supportEmail: string): RefundView {
  if (standing.status === "none") return standing;
  const { purchase } = standing;
  const amount = formatPrice({ cents: purchase.amountCents, currency: purchase.currency });
  if (standing.status === "eligible") {
    return { status: "eligible", amount, purchasedOn: day.format(purchase.createdAt), lastDay: day.format(standing.lastDay) };
  }
  if (standing.status === "requested")
    return { status: "requested", amount, requestedOn: day.format(purchase.refundRequestedAt ?? new Date()) };
  if (standing.status === "refunded")
    return { status: "refunded", amount, refundedOn: day.format(purchase.refundedAt ?? purchase.createdAt) };
  return { status: "expired", amount, purchasedOn: day.format(purchase.createdAt), supportEmail };
}
