/**
 * Gifts (docs/decisions/047-gifts.md): a lifetime pass bought for someone else. The row is written before payment;
 * fulfilment makes it paid once; the cron (or the giver's change) sends it on its day in the giver's zone.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type Gift, gifts } from "#db/schema";
import { getAccessStatusByEmail } from "~/modules/access/access.server";
import { formatPrice } from "~/modules/config/money";
import { giftEmail, giftReceiptEmail } from "~/modules/email/gift-templates.server";
import { logProblem } from "~/modules/observability/log.server";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";
import { localDay } from "~/modules/users/time-zone";
import { addDays, deliveryDayProblem, formatDeliveryDay } from "./gift.schema";

export type GiftContext = Pick<AppLoadContext, "db" | "config" | "email">;

/** A claim link is valid a year from the day it was sent. */
const CLAIM_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** Whether this address already has access: a gift for it is refused before payment, and so is a claim with it. */
export async function hasAccessAlready(db: Database, email: string): Promise<boolean> {
  return (await getAccessStatusByEmail(db, email)).status.hasAccess;
}

/** Already-has-access, said to the giver (before they pay) and to a recipient claiming with such an address. */
export function alreadyHasAccessMessage(email: string): string {
  return `${email} already has LIGHT Cards, so a gift would give them nothing. Choose another address, or another person.`;
}

type NewGift = Pick<
  Gift,
  "giverName" | "giverEmail" | "giverUserId" | "recipientName" | "recipientEmail" | "message" | "deliverOn" | "timeZone"
>;

/** The giver's details, before payment: refused when the day is out of range or the recipient already has access. */
export async function createPendingGift(
  db: Database,
  input: NewGift,
  now: Date,
): Promise<{ status: "created"; gift: Gift } | { status: "refused"; field: "deliverOn" | "recipientEmail"; message: string }> {
  const today = localDay(now, input.timeZone);
  // A form filled in just before the giver's midnight (or dated by a server that guessed the zone) says yesterday: today.
  const deliverOn = input.deliverOn === addDays(today, -1) ? today : input.deliverOn;
  const dayProblem = deliveryDayProblem(deliverOn, today);
  if (dayProblem) return { status: "refused", field: "deliverOn", message: dayProblem };
  if (await hasAccessAlready(db, input.recipientEmail)) {
    return { status: "refused", field: "recipientEmail", message: alreadyHasAccessMessage(input.recipientEmail) };
  }
  const [gift] = await db
    .insert(gifts)
    .values({ ...input, deliverOn })
    .returning();
  if (!gift) throw new Error("The gift was not recorded");
  return { status: "created", gift };
}

export async function findGift(db: Database, id: string): Promise<Gift | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [gift] = await db.select().from(gifts).where(eq(gifts.id, id)).limit(1);
  return gift ?? null;
}

export async function findGiftByCheckoutSession(db: Database, checkoutSessionId: string): Promise<Gift | null> {
  const [gift] = await db.select().from(gifts).where(eq(gifts.stripeCheckoutSessionId, checkoutSessionId)).limit(1);
  return gift ?? null;
}

export type GiftPayment = {
  giftId: string;
  provider: "stripe" | "test";
  checkoutSessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
};

/**
 * Fulfils a paid gift exactly once: the conditional UPDATE (pending → paid) lets one delivery through, and only that one
 * sends the receipt (with the private link to manage the gift) and, if its day has come, the gift itself.
 */
export async function fulfilGiftPayment(context: GiftContext, payment: GiftPayment, now = new Date()): Promise<Gift | null> {
  const manageKey = randomToken();
  const [paid] = await context.db
    .update(gifts)
    .set({
      status: "paid",
      provider: payment.provider,
      stripeCheckoutSessionId: payment.checkoutSessionId,
      stripePaymentIntentId: payment.paymentIntentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      paidAt: now,
      manageKeyHash: await sha256Hex(manageKey),
    })
    .where(and(eq(gifts.id, payment.giftId), eq(gifts.status, "pending")))
    .returning();
  if (!paid) {
    const existing = await findGift(context.db, payment.giftId);
    if (existing?.stripeCheckoutSessionId === payment.checkoutSessionId) return existing; // a replay
    logProblem("error", `Gift ${payment.giftId} was paid by ${payment.checkoutSessionId} but is not pending: refund it by hand`);
    return null;
  }
  try {
    await context.email.send(
      giftReceiptEmail(paid.giverEmail, {
        amount: formatPrice({ cents: payment.amountCents, currency: payment.currency }),
        recipientName: paid.recipientName,
        recipientEmail: paid.recipientEmail,
        deliveryDay: formatDeliveryDay(paid.deliverOn),
        manageLink: manageLink(context, paid.id, manageKey),
        supportEmail: context.config.supportEmail,
      }),
    );
  } catch (error) {
    logProblem("error", `Receipt for gift ${paid.id} was not sent`, error);
  }
  return (await sendGiftIfDue(context, paid, now)) ?? paid;
}

function manageLink(context: Pick<GiftContext, "config">, giftId: string, key: string): string {
  const url = new URL(`/gifts/${giftId}`, context.config.appOrigin);
  url.searchParams.set("key", key);
  return url.toString();
}

/** Whether the gift's day has come in the giver's zone. */
export function isGiftDue(gift: Pick<Gift, "deliverOn" | "timeZone">, now: Date): boolean {
  return localDay(now, gift.timeZone) >= gift.deliverOn;
}

/** The quarter-hourly cron: every paid gift whose day has come in its giver's zone and that has not gone out. */
export async function deliverDueGifts(context: GiftContext, now: Date): Promise<number> {
  // No zone is more than 14 hours ahead of UTC: a gift due anywhere today is dated no later than UTC's tomorrow.
  const candidates = await context.db
    .select()
    .from(gifts)
    .where(and(eq(gifts.status, "paid"), isNull(gifts.sentAt), lte(gifts.deliverOn, addDays(localDay(now, "UTC"), 1))));
  let sent = 0;
  for (const gift of candidates) {
    if (await sendGiftIfDue(context, gift, now)) sent++;
  }
  return sent;
}

/** Sends the gift now if it is due and has not gone out; the conditional UPDATE makes one sender win. */
async function sendGiftIfDue(context: GiftContext, gift: Gift, now: Date): Promise<Gift | null> {
  if (!isGiftDue(gift, now)) return null;
  return sendGift(context, gift, now, isNull(gifts.sentAt));
}

/** The giver's "Send it again": a new link (the old one stops working), to the address the gift has now. */
export async function resendGift(context: GiftContext, gift: Gift, now: Date): Promise<Gift | null> {
  if (gift.status !== "paid" || !isGiftDue(gift, now)) return null;
  return sendGift(context, gift, now, sql`1`);
}

async function sendGift(context: GiftContext, gift: Gift, now: Date, condition: ReturnType<typeof isNull> | ReturnType<typeof sql>) {
  const token = randomToken();
  const [claimable] = await context.db
    .update(gifts)
    .set({ claimTokenHash: await sha256Hex(token), claimExpiresAt: new Date(now.getTime() + CLAIM_LIFETIME_MS), sentAt: now })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, "paid"), condition))
    .returning();
  if (!claimable) return null;
  const claimLink = new URL("/gift/claim", context.config.appOrigin);
  claimLink.searchParams.set("token", token);
  try {
    await context.email.send(
      giftEmail(claimable.recipientEmail, {
        giverName: claimable.giverName,
        recipientName: claimable.recipientName,
        message: claimable.message,
        claimLink: claimLink.toString(),
        validUntil: formatDeliveryDay(localDay(new Date(now.getTime() + CLAIM_LIFETIME_MS), claimable.timeZone)),
      }),
    );
  } catch (error) {
    // Not sent: the next cron run tries again (the link that was never sent is forgotten).
    await context.db.update(gifts).set({ sentAt: null, claimTokenHash: null, claimExpiresAt: null }).where(eq(gifts.id, gift.id));
    logProblem("error", `Gift ${gift.id} was not sent`, error);
    return null;
  }
  return claimable;
}
