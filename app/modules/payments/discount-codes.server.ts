import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { type DiscountCode, discountCodes, purchases } from "#db/schema";
import { type Actor, recordAudit } from "~/modules/audit/audit-log.server";
import { formatPrice } from "~/modules/config/money";
import { logProblem } from "~/modules/observability/log.server";
import { type CreateCodeInput, discountCents, MINIMUM_CHARGE_CENTS } from "./discount-codes.schema";
import { createStripePromotionCode, endStripePromotionCode } from "./stripe.server";

/**
 * Discount codes (docs/decisions/050-codes-and-refunds.md). A D1 row per code; in production it names the Stripe coupon
 * and promotion code the admin's form created, and Stripe enforces the expiry and the uses when the buyer pays. Test
 * payments in development enforce the same from the row.
 */

export type CodeCheck =
  | { status: "valid"; code: DiscountCode }
  | { status: "unknown" | "expired" | "used-up"; typed: string; message: string };

export function codeRefusal(status: "unknown" | "expired" | "used-up", typed: string): string {
  if (status === "unknown") return `We don't know the code ${typed}. Check how it is spelled, or pay without one.`;
  if (status === "expired") return `The code ${typed} has expired. You can still pay without it.`;
  return `The code ${typed} has been used as many times as it allows. You can still pay without it.`;
}

async function usesOf(db: Database, codeId: string): Promise<number> {
  const [row] = await db.select({ uses: count() }).from(purchases).where(eq(purchases.discountCodeId, codeId));
  return row?.uses ?? 0;
}

/** Whether a typed (upper-cased) code may be used now: known, not ended or past its last day, and not used up. */
export async function checkCode(db: Database, typed: string, now = new Date()): Promise<CodeCheck> {
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, typed)).limit(1);
  if (!code) return { status: "unknown", typed, message: codeRefusal("unknown", typed) };
  if (code.endedAt || (code.expiresAt && code.expiresAt.getTime() <= now.getTime())) {
    return { status: "expired", typed, message: codeRefusal("expired", typed) };
  }
  if (code.maxUses !== null && (await usesOf(db, code.id)) >= code.maxUses) {
    return { status: "used-up", typed, message: codeRefusal("used-up", typed) };
  }
  return { status: "valid", code };
}

/** The code Stripe applied to a Checkout Session, if it is one of this app's: what fulfilment checks the amount against. */
export async function findCodeByPromotionCode(db: Database, promotionCodeId: string | null): Promise<DiscountCode | null> {
  if (!promotionCodeId) return null;
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.stripePromotionCodeId, promotionCodeId)).limit(1);
  return code ?? null;
}

/** The price a code leaves to pay. */
export function priceWithCode(price: { cents: number; currency: string }, code: DiscountCode | null) {
  return { cents: price.cents - (code ? discountCents(price.cents, code) : 0), currency: price.currency };
}

/** How a code reads to the admin and the buyer: "25% off" or "$5.00 off". */
export function describeDiscount(code: Pick<DiscountCode, "percentOff" | "amountOffCents" | "currency">): string {
  if (code.percentOff) return `${code.percentOff}% off`;
  return `${formatPrice({ cents: code.amountOffCents ?? 0, currency: code.currency })} off`;
}

export type CodeRow = DiscountCode & { uses: number };

/** /admin's list: the codes still running first, then the newest. */
export async function listDiscountCodes(db: Database): Promise<CodeRow[]> {
  const rows = await db
    .select({ code: discountCodes, uses: count(purchases.id) })
    .from(discountCodes)
    .leftJoin(purchases, eq(purchases.discountCodeId, discountCodes.id))
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt))
    .limit(100);
  return rows.map((row) => ({ ...row.code, uses: row.uses }));
}

type CreateOutcome = { status: "created"; code: DiscountCode } | { status: "refused"; field: "code" | "amountOff" | null; message: string };

/**
 * The admin's new code: refused when its name is taken or it would take the price below Stripe's smallest charge; with a
 * Stripe key, created there first (coupon, then promotion code), so a row never names a code Stripe lacks.
 */
export async function createDiscountCode(
  context: Pick<AppLoadContext, "db" | "config" | "stripe">,
  actor: Actor,
  input: CreateCodeInput,
): Promise<CreateOutcome> {
  const { db, config } = context;
  const percentOff = input.kind === "percent" ? (input.percentOff ?? null) : null;
  const amountOffCents = input.kind === "amount" ? Math.round((input.amountOff ?? 0) * 100) : null;
  const left = config.price.cents - discountCents(config.price.cents, { percentOff, amountOffCents });
  if (left < MINIMUM_CHARGE_CENTS) {
    const minimum = formatPrice({ cents: MINIMUM_CHARGE_CENTS, currency: config.price.currency });
    return { status: "refused", field: "amountOff", message: `A code must leave at least ${minimum} to pay.` };
  }
  const [taken] = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code)).limit(1);
  if (taken) return { status: "refused", field: "code", message: `A code named ${input.code} exists already.` };
  // The last day counts whole: the code works until its end in UTC.
  const expiresAt = input.lastDay ? new Date(`${input.lastDay}T23:59:59.999Z`) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    return { status: "refused", field: null, message: "The last day has passed already: pick today or a later day." };
  }

  // The same terms go to Stripe (production) and to the row the test payments read.
  const terms = {
    code: input.code,
    percentOff,
    amountOffCents,
    currency: config.price.currency,
    expiresAt,
    maxUses: input.maxUses ?? null,
  };
  let stripeIds: { couponId: string; promotionCodeId: string } | null = null;
  if (context.stripe) {
    try {
      stripeIds = await createStripePromotionCode(context.stripe, terms);
    } catch (error) {
      logProblem("warn", `Stripe did not create the code ${input.code}`, error);
      return { status: "refused", field: null, message: "Stripe did not create the code. Please try again." };
    }
  }
  const [code] = await db
    .insert(discountCodes)
    .values({
      ...terms,
      stripeCouponId: stripeIds?.couponId ?? null,
      stripePromotionCodeId: stripeIds?.promotionCodeId ?? null,
      createdByEmail: actor.email,
    })
    .onConflictDoNothing({ target: discountCodes.code })
    .returning();
  if (!code) return { status: "refused", field: "code", message: `A code named ${input.code} exists already.` };
  await recordAudit(db, actor, "code-create", null, {
    code: code.code,
    discount: describeDiscount(code),
    expiresAt: code.expiresAt?.toISOString() ?? null,
    maxUses: code.maxUses,
  });
  return { status: "created", code };
}

/** Ends a code now: Stripe's promotion code is deactivated first, then the row; audit-logged. False when already ended. */
export async function endDiscountCode(context: Pick<AppLoadContext, "db" | "stripe">, actor: Actor, codeId: string): Promise<boolean> {
  const [code] = await context.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, codeId), isNull(discountCodes.endedAt)))
    .limit(1);
  if (!code) return false;
  if (code.stripePromotionCodeId) {
    if (!context.stripe) throw new Error(`Code ${code.code} lives in Stripe, and no Stripe key is configured`);
    await endStripePromotionCode(context.stripe, code.stripePromotionCodeId);
  }
  const ended = await context.db
    .update(discountCodes)
    .set({ endedAt: new Date() })
    .where(and(eq(discountCodes.id, codeId), isNull(discountCodes.endedAt)))
    .returning({ id: discountCodes.id });
  if (ended.length === 0) return false;
  await recordAudit(context.db, actor, "code-end", null, { code: code.code });
  return true;
}
