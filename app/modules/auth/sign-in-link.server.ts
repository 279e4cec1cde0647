/**
 * Emailed sign-in links, and what a proved mailbox changes on an account nobody had proved (docs/decisions/027): the
 * link's page, the question about the payment that set the account up, and what a refund or a new payment takes back.
 */
import type { User } from "#db/schema";
import { runAfterResponse } from "~/modules/background/after-response.server";
import { signInLinkEmail } from "~/modules/email/templates.server";
import { findStandingPurchaseThatCreatedAccount, findUserByEmail, findUserById, updateUser } from "~/modules/users/users.server";
import { type AccountContext as Context, link, startSession } from "./account.server";
import type { CurrentUser } from "./request-auth.server";
import { countOtherLiveSessions, endSessionsOfUser, type NewSession } from "./sessions.server";
import { consumeOneTimeToken, createOneTimeToken, peekOneTimeToken } from "./tokens.server";

type SignInLinkRequest = { email: string; redirectTo?: string; confirmation?: "access" };

/**
 * Emails a 15-minute sign-in link if an account exists for the email, after the response (see
 * runAfterResponse): the form answers the same, at once, for every email.
 */
export function requestSignInLink(context: Context, input: SignInLinkRequest): void {
  runAfterResponse(context, "Sign-in link", () => sendSignInLinkIfAccountExists(context, input));
}

/** The work behind requestSignInLink, for callers that already run after the response. */
export async function sendSignInLinkIfAccountExists(context: Context, input: SignInLinkRequest): Promise<void> {
  const user = await findUserByEmail(context.db, input.email);
  if (!user) return;
  await context.email.send(signInLinkEmail(user.email, await newSignInLink(context, user, input)));
}

/** A fresh 15-minute sign-in link for an account, for an email that carries one (a requested link, an admin's grant). */
export async function newSignInLink(
  context: Pick<Context, "db" | "config">,
  user: Pick<User, "id">,
  options: Omit<SignInLinkRequest, "email"> = {},
): Promise<string> {
  const token = await createOneTimeToken(context.db, user.id, "sign_in");
  const extra: Record<string, string> = {};
  if (options.redirectTo) extra.redirectTo = options.redirectTo;
  if (options.confirmation) extra.confirm = options.confirmation;
  return link(context, "/login/link", token, extra);
}

/**
 * Someone just proved they own the mailbox of this account (a sign-in link, an OAuth provider's
 * verified email). If the account was never verified, whoever set its password never proved the
 * email, so a squatter could have registered it first, or paid with someone else's address and kept the session the
 * success page gave them: that password and every session are ended before the account is marked verified. Each
 * signed-out device is told why on its next page (docs/decisions/027). (The owner can set a password again with
 * "Forgot password".)
 *
 * The one exception is the owner saying so: an account a payment created, whose mailbox owner confirms on the
 * sign-in link's page that they made that payment, keeps the buyer's devices and password (`ownerMadeThePurchase`).
 */
export async function confirmMailboxOwner(context: Context, user: User, options: { ownerMadeThePurchase?: boolean } = {}): Promise<User> {
  if (user.emailVerified) return user;
  if (options.ownerMadeThePurchase && (await findStandingPurchaseThatCreatedAccount(context.db, user.id))) {
    await updateUser(context.db, user.id, { emailVerified: true });
    return { ...user, emailVerified: true };
  }
  await updateUser(context.db, user.id, { emailVerified: true, passwordHash: null });
  await endSessionsOfUser(context.db, user.id, "mailbox-proved");
  return { ...user, emailVerified: true, passwordHash: null };
}

/**
 * Takes back what nobody proved on an account whose mailbox is still unconfirmed: its sessions end (each device is told
 * why on its next page) and its password goes. Used when the payment that set the account up is refunded or lost to a
 * dispute, and when a new payment arrives for the address, before that payment grants access: a stranger who paid with
 * someone else's address must not keep, or inherit, the account (docs/decisions/027). The mailbox owner gets back in
 * with a sign-in link, and may choose a password again.
 */
export async function endUnprovedAccess(
  context: Pick<Context, "db">,
  user: User,
  reason: "payment-refunded" | "new-payment",
): Promise<User> {
  if (user.emailVerified) return user;
  await updateUser(context.db, user.id, { passwordHash: null });
  await endSessionsOfUser(context.db, user.id, reason);
  return { ...user, passwordHash: null };
}

/** What the sign-in link's page shows before it signs the mailbox owner in to an account a payment set up. */
type PurchaseQuestion = { email: string; paidAt: Date; amountCents: number; currency: string };

/** The address a sign-in link signs in as, without using the link: its page asks before it signs anyone in. */
export async function signInLinkAddress(
  context: Context,
  token: string,
): Promise<{ status: "valid"; email: string } | { status: "expired" | "invalid" }> {
  const peeked = await peekOneTimeToken(context.db, token, "sign_in");
  if (peeked.status !== "valid") return { status: peeked.status };
  const owner = await findUserById(context.db, peeked.userId);
  return owner ? { status: "valid", email: owner.email } : { status: "invalid" };
}

/**
 * A sign-in link proves the mailbox, so it also verifies the email. Opened while another account is
 * signed in, it asks first (`switch-required`, the link unused) instead of silently swapping accounts:
 * a link planted in someone's browser must not move them into the planter's account.
 *
 * The first proof of an account a payment created, while another device is signed in to it or it has a password,
 * asks the mailbox owner whether they made that payment (`purchase-question`, the link unused): only they can tell the
 * buyer's own phone from a stranger who paid with their address (docs/decisions/027). `purchaseAnswer` carries the
 * answer. Link sessions are persistent: a link opened on a phone is how a buyer gets back to their cards.
 */
export async function signInWithLinkToken(
  context: Context,
  token: string,
  options: { current: CurrentUser | null; confirmSwitch: boolean; purchaseAnswer?: "mine" | "not-mine" },
): Promise<
  | { status: "signed-in"; user: User; session: NewSession }
  | { status: "switch-required"; linkEmail: string }
  | { status: "purchase-question"; question: PurchaseQuestion }
  | { status: "expired" | "invalid" }
> {
  const peeked = await peekOneTimeToken(context.db, token, "sign_in");
  if (peeked.status !== "valid") return { status: peeked.status };
  const owner = await findUserById(context.db, peeked.userId);
  if (!owner) return { status: "invalid" };
  const { current } = options;
  if (current && current.user.id !== owner.id && !options.confirmSwitch) return { status: "switch-required", linkEmail: owner.email };

  const purchase = owner.emailVerified ? null : await findStandingPurchaseThatCreatedAccount(context.db, owner.id);
  if (purchase && !options.purchaseAnswer) {
    const thisDevice = current?.user.id === owner.id ? current.sessionId : null;
    if (owner.passwordHash || (await countOtherLiveSessions(context.db, owner.id, thisDevice)) > 0) {
      return { status: "purchase-question", question: { email: owner.email, paidAt: purchase.createdAt, ...purchase } };
    }
  }

  const result = await consumeOneTimeToken(context.db, token, "sign_in");
  if (result.status !== "valid") return { status: result.status };
  const found = await findUserById(context.db, result.userId);
  if (!found) return { status: "invalid" };
  const user = await confirmMailboxOwner(context, found, { ownerMadeThePurchase: options.purchaseAnswer === "mine" });
  return { status: "signed-in", user, session: await startSession(context, user, true) };
}
