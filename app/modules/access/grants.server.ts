import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { accessGrants, adminAuditLog, purchases, type User, users } from "#db/schema";
import { type Actor, auditRow, recordAudit, SYSTEM_ACTOR } from "~/modules/audit/audit-log.server";
import { newSignInLink } from "~/modules/auth/sign-in-link.server";
import { countCards } from "~/modules/cards/cards.server";
import { accessGrantedEmail } from "~/modules/email/templates.server";
import { deleteSubscriptionsOfUserStatement } from "~/modules/push/subscriptions.server";
import { createUser, findUserByEmail } from "~/modules/users/users.server";
import { type AccessStatus, getAccessStatus, getAccessStatusByEmail } from "./access.server";

/**
 * Grants access to an email: creates the account if there is none (no password: its owner signs in
 * with an emailed link), adds an active grant row unless one exists, and records who did it and why.
 */
export async function grantAccessByEmail(
  db: Database,
  input: { email: string; actor: Actor; reason: string | null },
): Promise<{ user: User; createdUser: boolean; alreadyHadGrant: boolean }> {
  let user = await findUserByEmail(db, input.email);
  let createdUser = false;
  if (!user) {
    user = (await createUser(db, { email: input.email })) ?? (await findUserByEmail(db, input.email));
    createdUser = true;
    if (!user) throw new Error(`Could not create an account for ${input.email}`);
  }
  const [active] = await db
    .select({ id: accessGrants.id })
    .from(accessGrants)
    .where(and(eq(accessGrants.userId, user.id), isNull(accessGrants.revokedAt)))
    .limit(1);
  // The grant and its audit row land together (one D1 batch is atomic): no grant goes unrecorded.
  const grantAudit = auditRow(
    db,
    input.actor,
    "grant",
    { email: user.email, userId: user.id },
    {
      reason: input.reason,
      createdUser,
      alreadyHadGrant: Boolean(active),
    },
  );
  if (active) await grantAudit;
  else
    await db.batch([
      db.insert(accessGrants).values({ userId: user.id, grantedByUserId: input.actor.userId, reason: input.reason }),
      grantAudit,
    ]);
  return { user, createdUser, alreadyHadGrant: Boolean(active) };
}

export type GrantOutcome = Awaited<ReturnType<typeof grantAccessByEmail>> & { emailed: boolean };

/**
 * A grant from /admin or /api/grant-access: grants, then tells the recipient ("You've been given LIGHT Cards") with a
 * sign-in link and the admin's message, if any. Only a grant that gives access tells anyone: an address that already
 * had access (an earlier grant, a purchase) gets no email, and the outcome says so.
 */
export async function grantAccessAndTellRecipient(
  context: Pick<AppLoadContext, "db" | "config" | "email">,
  input: { email: string; actor: Actor; reason: string | null; message: string | null },
): Promise<GrantOutcome> {
  const before = await getAccessStatusByEmail(context.db, input.email);
  const granted = await grantAccessByEmail(context.db, input);
  if (before.status.hasAccess) return { ...granted, emailed: false };
  const [signInLink, cardCount] = await Promise.all([newSignInLink(context, granted.user), countCards(context.db)]);
  await context.email.send(
    accessGrantedEmail(granted.user.email, {
      signInLink,
      loginLink: new URL("/login", context.config.appOrigin).toString(),
      message: input.message,
      cardCount,
      appOrigin: context.config.appOrigin,
    }),
  );
  return { ...granted, emailed: true };
}

/**
 * Revokes every active grant of an email. A paid purchase is not touched here: refunding it in Stripe
 * revokes that access (the webhook), so the result says whether access remains through a purchase.
 */
export async function revokeAccessByEmail(
  db: Database,
  input: { email: string; actor: Actor; reason: string },
): Promise<{ user: User | null; revokedGrants: number; status: AccessStatus }> {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await recordAudit(db, input.actor, "revoke", { email: input.email, userId: null }, { reason: input.reason, revokedGrants: 0 });
    return { user: null, revokedGrants: 0, status: { hasAccess: false, purchaseDate: null } };
  }
  const activeGrant = and(eq(accessGrants.userId, user.id), isNull(accessGrants.revokedAt));
  const activeGrants = await db.select({ id: accessGrants.id }).from(accessGrants).where(activeGrant);
  // Once every grant is revoked, only a standing purchase still gives access.
  const { purchaseDate } = await getAccessStatus(db, user.id);
  const status: AccessStatus = { hasAccess: purchaseDate !== null, purchaseDate };
  // The revoke and its audit row land together (one D1 batch is atomic), as a grant does.
  await db.batch([
    db
      .update(accessGrants)
      .set({ revokedAt: new Date(), revokedByUserId: input.actor.userId, revokeReason: input.reason })
      .where(activeGrant),
    auditRow(
      db,
      input.actor,
      "revoke",
      { email: user.email, userId: user.id },
      {
        reason: input.reason,
        revokedGrants: activeGrants.length,
        stillHasAccessThroughPurchase: status.hasAccess,
      },
    ),
    // Access ended: no more notifications reach the account's devices (docs/decisions/046-web-push.md).
    ...(status.hasAccess ? [] : [deleteSubscriptionsOfUserStatement(db, user.id)]),
  ]);
  return { user, revokedGrants: activeGrants.length, status };
}

/** The access of an email, as the admin form and /api/check-access show it. Recorded in the audit log. */
export async function checkAccessByEmail(
  db: Database,
  input: { email: string; actor: Actor },
): Promise<{ hasAccess: boolean; userId: string | null; purchaseDate: Date | null }> {
  const { user, status } = await getAccessStatusByEmail(db, input.email);
  await recordAudit(db, input.actor, "check", { email: input.email, userId: user?.id ?? null }, { hasAccess: status.hasAccess });
  return { hasAccess: status.hasAccess, userId: user?.id ?? null, purchaseDate: status.purchaseDate };
}

/** Recent purchases, newest first, with the buyer's account email. */
export async function listRecentPurchases(db: Database, limit = 50) {
  return db
    .select({
      id: purchases.id,
      email: purchases.email,
      accountEmail: users.email,
      provider: purchases.provider,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      status: purchases.status,
      createdAt: purchases.createdAt,
      refundedAt: purchases.refundedAt,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .orderBy(desc(purchases.createdAt))
    .limit(limit);
}

/** The audit log, newest first. */
export async function listAuditLog(db: Database, limit = 100) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}

/**
 * A claimed gift's access (docs/decisions/047-gifts.md): a grant given by nobody, its reason naming the gift, written
 * with its audit row in one batch. `grantId` is chosen by the caller, which keeps it on the gift.
 */
export async function grantAccessForGift(db: Database, input: { grantId: string; user: User; giftId: string; reason: string }) {
  await db.batch([
    db.insert(accessGrants).values({ id: input.grantId, userId: input.user.id, grantedByUserId: null, reason: input.reason }),
    auditRow(db, SYSTEM_ACTOR, "gift-claimed", { email: input.user.email, userId: input.user.id }, { giftId: input.giftId }),
  ]);
}

/** A refund of the giver's payment ends the access the gift gave (docs/decisions/047-gifts.md). */
export async function revokeGiftGrant(db: Database, input: { grantId: string; giftId: string; email: string }) {
  const [grant] = await db
    .update(accessGrants)
    .set({ revokedAt: new Date(), revokeReason: "The gift's payment was refunded" })
    .where(and(eq(accessGrants.id, input.grantId), isNull(accessGrants.revokedAt)))
    .returning({ userId: accessGrants.userId });
  if (!grant) return;
  await recordAudit(db, SYSTEM_ACTOR, "gift-refunded", { email: input.email, userId: grant.userId }, { giftId: input.giftId });
  // Access ended with the gift (unless a purchase or another grant stands): no more notifications (046-web-push).
  if (!(await getAccessStatus(db, grant.userId)).hasAccess) await deleteSubscriptionsOfUserStatement(db, grant.userId);
}
