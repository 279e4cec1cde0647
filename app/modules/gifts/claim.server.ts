import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, inArray } from "drizzle-orm";
import { type Gift, gifts, type User } from "#db/schema";
import { grantAccessForGift, revokeGiftGrant } from "~/modules/access/grants.server";
import type { CurrentUser } from "~/modules/auth/request-auth.server";
import { sendSignInLinkIfAccountExists, signInWithLinkToken } from "~/modules/auth/sign-in-link.server";
import { createOneTimeToken } from "~/modules/auth/tokens.server";
import { giftAccessEndedEmail, giftRefundedEmail } from "~/modules/email/gift-templates.server";
import { logProblem } from "~/modules/observability/log.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import { createUser, findUserByEmail, findUserById } from "~/modules/users/users.server";
import { alreadyHasAccessMessage, type GiftContext, hasAccessAlready } from "./gifts.server";

type ClaimProblem = "invalid" | "expired" | "claimed" | "cancelled";
export type ClaimLookup = { status: "valid"; gift: Gift } | { status: ClaimProblem };

/** What the recipient is told when a link cannot be claimed (with a 4xx: docs/decisions/047-gifts.md). */
export const CLAIM_PROBLEMS: Record<ClaimProblem, { message: string; httpStatus: number }> = {
  invalid: {
    message: "This gift link is not valid. Use the latest link in the gift email; the giver may have sent a new one.",
    httpStatus: 400,
  },
  expired: { message: "This gift link has expired: a claim link is valid for a year. Ask the giver to send it again.", httpStatus: 410 },
  claimed: { message: "This gift has already been claimed. If it was you, sign in with the address you claimed it with.", httpStatus: 409 },
  cancelled: { message: "This gift was cancelled: its payment was refunded.", httpStatus: 410 },
};

/** The gift a claim link opens, without claiming it. The token is kept hashed, as every emailed link is. */
export async function findGiftByClaimToken(context: Pick<GiftContext, "db">, token: string, now: Date): Promise<ClaimLookup> {
  if (!token || token.length > 200) return { status: "invalid" };
  const [gift] = await context.db
    .select()
    .from(gifts)
    .where(eq(gifts.claimTokenHash, await sha256Hex(token)))
    .limit(1);
  if (!gift) return { status: "invalid" };
  if (gift.status === "cancelled") return { status: "cancelled" };
  if (gift.status === "claimed") return { status: "claimed" };
  if (gift.status !== "paid" || !gift.claimExpiresAt) return { status: "invalid" };
  if (gift.claimExpiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "valid", gift };
}

type ClaimOutcome =
  | { status: "granted"; gift: Gift; user: User; mailboxProved: boolean }
  | { status: "has-access"; message: string }
  | { status: ClaimProblem };

/**
 * Claims the gift for `email`, once: the conditional UPDATE (paid → claimed, this link, not expired) lets one request
 * through. Access is a grant to that address's account (created if there is none, without a password). The link proves
 * the mailbox it was sent to, not any other: `mailboxProved` says whether the claim may sign in at once.
 */
export async function claimGift(context: GiftContext, token: string, email: string, now: Date): Promise<ClaimOutcome> {
  const lookup = await findGiftByClaimToken(context, token, now);
  if (lookup.status !== "valid") return lookup;
  const { gift } = lookup;
  if (await hasAccessAlready(context.db, email)) return { status: "has-access", message: alreadyHasAccessMessage(email) };
  const mailboxProved = email.toLowerCase() === gift.recipientEmail.toLowerCase();
  const user =
    (await findUserByEmail(context.db, email)) ??
    (await createUser(context.db, { email, name: mailboxProved ? gift.recipientName : null })) ??
    (await findUserByEmail(context.db, email));
  if (!user) throw new Error(`Could not find or create an account for the gift ${gift.id}`);

  const grantId = crypto.randomUUID();
  const [claimed] = await context.db
    .update(gifts)
    .set({ status: "claimed", claimedAt: now, claimedByUserId: user.id, accessGrantId: grantId })
    .where(
      and(eq(gifts.id, gift.id), eq(gifts.status, "paid"), eq(gifts.claimTokenHash, await sha256Hex(token)), gt(gifts.claimExpiresAt, now)),
    )
    .returning();
  if (!claimed) {
    const again = await findGiftByClaimToken(context, token, now);
    return { status: again.status === "valid" ? "claimed" : again.status };
  }
  await grantAccessForGift(context.db, { grantId, user, giftId: gift.id, reason: `Gift from ${gift.giverName} <${gift.giverEmail}>` });
  return { status: "granted", gift: claimed, user, mailboxProved };
}

/**
 * After a claim: the recipient whose mailbox the link proved is signed in by the same rules as a buyer's first sign-in
 * link (decisions 007 and 027: `signInWithLinkToken`, which may first ask about switching accounts or a payment); an
 * address the link did not prove gets a sign-in link in its own mailbox instead.
 */
export async function signInAfterClaim(
  context: AppLoadContext,
  claim: { user: User; mailboxProved: boolean },
  current: CurrentUser | null,
) {
  if (!claim.mailboxProved) {
    await sendSignInLinkIfAccountExists(context, { email: claim.user.email, redirectTo: "/cards" });
    return { status: "link-emailed" as const, email: claim.user.email };
  }
  const token = await createOneTimeToken(context.db, claim.user.id, "sign_in");
  const outcome = await signInWithLinkToken(context, token, { current, confirmSwitch: false });
  if (outcome.status === "signed-in") return { status: "signed-in" as const, session: outcome.session };
  // A question first (another account signed in here, or a payment's account): the sign-in link's own page asks it.
  return { status: "ask" as const, linkPath: `/login/link?${new URLSearchParams({ token, redirectTo: "/cards" })}` };
}

/**
 * A full refund (or lost dispute) of a gift's payment (docs/decisions/047-gifts.md): an unclaimed gift is cancelled (its
 * link stops working, an unsent gift is never sent); a claimed one ends the access it gave. Returns whether a gift ended.
 */
export async function endGiftForRefund(context: GiftContext, paymentIntentId: string): Promise<boolean> {
  const [gift] = await context.db
    .select()
    .from(gifts)
    .where(and(eq(gifts.stripePaymentIntentId, paymentIntentId), inArray(gifts.status, ["paid", "claimed"])))
    .limit(1);
  if (!gift) return false;
  const [ended] = await context.db
    .update(gifts)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(gifts.id, gift.id), eq(gifts.status, gift.status)))
    .returning();
  if (!ended) return false;
  const claimed = gift.status === "claimed";
  const recipient = claimed && gift.claimedByUserId ? await findUserById(context.db, gift.claimedByUserId) : null;
  if (claimed && gift.accessGrantId) {
    await revokeGiftGrant(context.db, { grantId: gift.accessGrantId, giftId: gift.id, email: recipient?.email ?? gift.recipientEmail });
  }
  const { appOrigin } = context.config;
  await notify(context, () => giftRefundedEmail(gift.giverEmail, { recipientName: gift.recipientName, claimed, appOrigin }));
  if (recipient) await notify(context, () => giftAccessEndedEmail(recipient.email, { giverName: gift.giverName, appOrigin }));
  return true;
}

async function notify(context: GiftContext, message: () => Parameters<GiftContext["email"]["send"]>[0]) {
  try {
    await context.email.send(message());
  } catch (error) {
    logProblem("error", "A gift's refund notice was not sent", error);
  }
}
