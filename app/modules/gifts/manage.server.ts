import { and, eq } from "drizzle-orm";
import { type Gift, gifts } from "#db/schema";
import { sha256Hex } from "~/modules/security/crypto.server";
import { localDay } from "~/modules/users/time-zone";
import { deliveryDayProblem } from "./gift.schema";
import { alreadyHasAccessMessage, type GiftContext, hasAccessAlready, isGiftDue, resendGift } from "./gifts.server";

/**
 * The giver's page for a paid gift: the signed-in account that bought it, or whoever holds the receipt's private link
 * (its key is stored hashed). A pending gift (never paid) has no page.
 */
export async function findManagedGift(
  context: Pick<GiftContext, "db">,
  giftId: string,
  holder: { key: string | null; userId: string | null },
): Promise<Gift | null> {
  if (!/^[0-9a-f-]{36}$/.test(giftId)) return null;
  const [gift] = await context.db.select().from(gifts).where(eq(gifts.id, giftId)).limit(1);
  if (!gift || gift.status === "pending") return null;
  if (holder.userId && gift.giverUserId === holder.userId) return gift;
  if (holder.key && holder.key.length <= 200 && gift.manageKeyHash === (await sha256Hex(holder.key))) return gift;
  return null;
}

type Refusal = { status: "refused"; field: "recipientEmail" | "deliverOn" | null; message: string };

function notChangeable(gift: Gift): Refusal | null {
  if (gift.status === "claimed")
    return { status: "refused", field: null, message: `${gift.recipientName} has claimed this gift: it cannot change now.` };
  if (gift.status === "cancelled") return { status: "refused", field: null, message: "This gift was refunded and cancelled." };
  return null;
}

/**
 * A new address or day, until the gift is claimed. Either change forgets the link already sent (it stops working); the
 * gift then goes out on its day, at once if that is today.
 */
export async function changeGift(
  context: GiftContext,
  gift: Gift,
  input: { recipientEmail: string; deliverOn: string },
  now: Date,
): Promise<{ status: "changed"; sent: boolean } | { status: "unchanged" } | Refusal> {
  const refusal = notChangeable(gift);
  if (refusal) return refusal;
  const addressChanged = input.recipientEmail.toLowerCase() !== gift.recipientEmail.toLowerCase();
  if (!addressChanged && input.deliverOn === gift.deliverOn) return { status: "unchanged" };
  if (input.deliverOn !== gift.deliverOn) {
    const dayProblem = deliveryDayProblem(input.deliverOn, localDay(now, gift.timeZone));
    if (dayProblem) return { status: "refused", field: "deliverOn", message: dayProblem };
  }
  if (addressChanged && (await hasAccessAlready(context.db, input.recipientEmail))) {
    return { status: "refused", field: "recipientEmail", message: alreadyHasAccessMessage(input.recipientEmail) };
  }
  const [changed] = await context.db
    .update(gifts)
    .set({ recipientEmail: input.recipientEmail, deliverOn: input.deliverOn, sentAt: null, claimTokenHash: null, claimExpiresAt: null })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, "paid")))
    .returning();
  if (!changed) return notChangeable({ ...gift, status: "claimed" }) as Refusal;
  const sent = isGiftDue(changed, now) ? Boolean(await resendGift(context, changed, now)) : false;
  return { status: "changed", sent };
}

/** "Send it again": only once its day has come (before, it goes out by itself). */
export async function sendGiftAgain(context: GiftContext, gift: Gift, now: Date): Promise<{ status: "sent" } | Refusal> {
  const refusal = notChangeable(gift);
  if (refusal) return refusal;
  if (!isGiftDue(gift, now))
    return { status: "refused", field: null, message: "It goes out by itself on its day; change the day to today to send it now." };
  return (await resendGift(context, gift, now)) ? { status: "sent" } : (notChangeable({ ...gift, status: "claimed" }) as Refusal);
}
