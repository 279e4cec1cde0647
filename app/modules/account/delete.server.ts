/**
 * "Delete my account" (docs/decisions/039-account-deletion-and-export.md). One function deletes; the page confirms it
 * first with the account's password or, for an account without one, with a link emailed to its address (a one-time
 * token of its own purpose, in the same table and through the same functions as every emailed link).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, or, sql } from "drizzle-orm";
import {
  abEvents,
  accessGrants,
  adminAuditLog,
  dailyCardSends,
  emailOutbox,
  gifts,
  oneTimeTokens,
  practiceDays,
  purchases,
  sessions,
  testimonials,
  type User,
  userActivity,
  userBadges,
  userFavorites,
  userStats,
  users,
  voiceRecordings,
  wallpaperTokens,
} from "#db/schema";
import { consumeOneTimeToken, createOneTimeToken, peekOneTimeToken } from "~/modules/auth/tokens.server";
import { accountDeletionEmail } from "~/modules/email/templates.server";
import { subjectKey } from "~/modules/experiments/assignment.server";
import { logProblem } from "~/modules/observability/log.server";
import { deleteAllRecordingObjects } from "~/modules/practice/recordings.server";
import { deleteSubscriptionsOfUserStatement } from "~/modules/push/subscriptions.server";
import { deletedAccountEmail } from "~/modules/users/deleted-account";
import { findUserById } from "~/modules/users/users.server";

type Context = Pick<AppLoadContext, "db" | "cloudflare">;

/**
 * Deletes the account's personal data, all in one D1 batch (a transaction): its sessions (browser cookies and API
 * bearer tokens alike), emailed links, favourites, activity, practice days, voice recordings (rows here, R2 objects
 * just before), the wallpaper address, stats, badges, daily card sends, admin grants, its name and address on gifts
 * it gave or claimed, and the emails addressed to it. An account with no purchase is then deleted outright. An account with one keeps the
 * purchase record the law asks for (amount, currency, date, status, the provider's ids) on a tombstone user row with
 * every personal field emptied (deleted-account.ts), and the purchase's email becomes the tombstone's address. The
 * A/B assignment kept in KV goes too. "anonymised" or "deleted" says which.
 */
export async function deleteAccount(context: Context, user: Pick<User, "id" | "email">): Promise<"deleted" | "anonymised"> {
  const { db } = context;
  const userId = user.id;
  const address = user.email.trim().toLowerCase();
  const tombstone = deletedAccountEmail(userId);
  const [{ purchaseCount = 0 } = {}] = await db
    .select({ purchaseCount: sql<number>`count(*)` })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  const keepsPurchases = purchaseCount > 0;
  const now = new Date();
  // The voice recordings' bytes first: a failure here leaves the account whole, to be deleted again.
  await deleteAllRecordingObjects(context.cloudflare.env.CARD_ASSETS, userId);

  await db.batch([
    deleteSubscriptionsOfUserStatement(db, userId),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId)),
    db.delete(userFavorites).where(eq(userFavorites.userId, userId)),
    db.delete(userActivity).where(eq(userActivity.userId, userId)),
    db.delete(practiceDays).where(eq(practiceDays.userId, userId)),
    db.delete(voiceRecordings).where(eq(voiceRecordings.userId, userId)),
    // The wallpaper address: it opens nothing from this moment (044).
    db.delete(wallpaperTokens).where(eq(wallpaperTokens.userId, userId)),
    db.delete(userStats).where(eq(userStats.userId, userId)),
    db.delete(userBadges).where(eq(userBadges.userId, userId)),
    db.delete(dailyCardSends).where(eq(dailyCardSends.userId, userId)),
    db.delete(accessGrants).where(eq(accessGrants.userId, userId)),
    // A queued row that is gone is simply not sent (the queue consumer acks a missing row).
    db.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${address}`),
    db.update(testimonials).set({ userId: null }).where(eq(testimonials.userId, userId)),
    db.update(purchases).set({ startedByUserId: null }).where(eq(purchases.startedByUserId, userId)),
    // Gifts keep their payment record (047), not the people: a gift this account gave loses its giver's name and
    // address (one not yet delivered still goes out, "from a friend"); one it claimed loses the recipient's.
    db
      .update(gifts)
      .set({ giverName: "A friend", giverEmail: tombstone, giverUserId: null })
      .where(or(eq(gifts.giverUserId, userId), sql`lower(${gifts.giverEmail}) = ${address}`)),
    db.update(gifts).set({ recipientName: "", recipientEmail: tombstone, claimedByUserId: null }).where(eq(gifts.claimedByUserId, userId)),
    // The success page's one sign-in is spent, whatever else happens to a kept purchase.
    db
      .update(purchases)
      // The buyer's refund reason is their own words: it goes with the account (050).
      .set({ email: tombstone, refundReason: null, autoSignInUsedAt: sql`coalesce(${purchases.autoSignInUsedAt}, ${now.getTime()})` })
      .where(eq(purchases.userId, userId)),
    db
      .update(adminAuditLog)
      .set({ targetEmail: tombstone })
      .where(or(eq(adminAuditLog.targetUserId, userId), sql`lower(${adminAuditLog.targetEmail}) = ${address}`)),
    // Deleted outright, its A/B rows would live on as an unnamed visitor's (user_id set null), so they go first. A
    // tombstone keeps its rows under its anonymous id, so /admin's conversions stay as they were.
    ...(keepsPurchases ? [] : [db.delete(abEvents).where(eq(abEvents.userId, userId))]),
    keepsPurchases
      ? db
          .update(users)
          .set({
            email: tombstone,
            name: null,
            firstName: null,
            lastName: null,
            passwordHash: null,
            emailVerified: false,
            rememberLogin: false,
            timeZone: null,
            timeZoneChangedAt: null,
            newsletterSubscribed: false,
            lastLoginAt: null,
            updatedAt: now,
          })
          .where(eq(users.id, userId))
      : db.delete(users).where(eq(users.id, userId)),
  ]);

  try {
    await context.cloudflare.env.AB_KV.delete(subjectKey({ kind: "user", id: userId }));
  } catch (error) {
    logProblem("warn", `Account ${userId} deleted, but its A/B assignment was not`, error);
  }
  return keepsPurchases ? "anonymised" : "deleted";
}

// ---------------------------------------------------------------------------
// Confirming by email, for an account without a password
// ---------------------------------------------------------------------------

export const DELETE_ACCOUNT_PATH = "/account/delete";

/** Emails the account's owner a link that confirms deleting it (30 minutes, once). */
export async function emailDeletionLink(context: Pick<AppLoadContext, "db" | "config" | "email">, user: Pick<User, "id" | "email">) {
  const token = await createOneTimeToken(context.db, user.id, "delete_account");
  const url = new URL(DELETE_ACCOUNT_PATH, context.config.appOrigin);
  url.searchParams.set("token", token);
  await context.email.send(accountDeletionEmail(user.email, url.toString()));
}

type DeletionLink = { status: "valid"; user: User } | { status: "expired"; user: User | null } | { status: "invalid" };

/** What a deletion link would delete, without using it up (its page asks first). */
export async function checkDeletionLink(context: Pick<AppLoadContext, "db">, token: string): Promise<DeletionLink> {
  const peeked = await peekOneTimeToken(context.db, token, "delete_account");
  if (peeked.status === "invalid") return peeked;
  const user = await findUserById(context.db, peeked.userId);
  if (peeked.status === "expired") return { status: "expired", user };
  return user ? { status: "valid", user } : { status: "invalid" };
}

/** Uses the link up and deletes its account; the link alone is the proof, as the mailbox is the account's only key. */
export async function deleteAccountWithLink(
  context: Context,
  token: string,
): Promise<{ status: "deleted" | "anonymised"; userId: string } | { status: "expired" | "invalid" }> {
  const used = await consumeOneTimeToken(context.db, token, "delete_account");
  if (used.status !== "valid") return { status: used.status };
  const user = await findUserById(context.db, used.userId);
  if (!user) return { status: "invalid" };
  return { status: await deleteAccount(context, user), userId: user.id };
}
