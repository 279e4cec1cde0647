import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type Purchase, purchases, type User, users } from "#db/schema";

/** Emails are unique case-insensitively (a unique index on lower(email)); look them up the same way. */
export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** Creates the account, or returns null when the email is taken (the unique index decides, race-free). */
export async function createUser(
  db: Database,
  input: {
    email: string;
    passwordHash?: string | null;
    emailVerified?: boolean;
    newsletterSubscribed?: boolean;
    name?: string | null;
    timeZone?: string | null;
  },
): Promise<User | null> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash: input.passwordHash ?? null,
      emailVerified: input.emailVerified ?? false,
      newsletterSubscribed: input.newsletterSubscribed ?? false,
      name: input.name ?? null,
      timeZone: input.timeZone ?? null,
      firstName: input.name ? input.name.trim().split(/\s+/)[0] : null,
      lastName: input.name?.trim().includes(" ") ? input.name.trim().split(/\s+/).slice(1).join(" ") : null,
    })
    .onConflictDoNothing()
    .returning();
  return user ?? null;
}

export async function updateUser(
  db: Database,
  id: string,
  changes: Partial<
    Pick<
      User,
      | "passwordHash"
      | "emailVerified"
      | "firstName"
      | "lastName"
      | "name"
      | "lastLoginAt"
      | "rememberLogin"
      | "timeZone"
      | "timeZoneChangedAt"
      | "newsletterSubscribed"
      | "morningReminderMinutes"
      | "eveningReminderMinutes"
    >
  >,
) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Sets the account's first password; false when it already has one (that one is changed only by a reset). */
export async function setPasswordIfNone(db: Database, id: string, passwordHash: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Display name: first name, else email, else 'User' (the spec's fallback chain). */
export function displayName(user: Pick<User, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email || "User";
}

/** Initials for the avatar: first and last name, else the first letter of the display name. */
export function initials(user: Pick<User, "firstName" | "lastName" | "email">): string {
  const first = user.firstName?.trim()?.[0];
  const last = user.lastName?.trim()?.[0];
  if (first) return `${first}${last ?? ""}`.toUpperCase();
  return (user.email?.[0] ?? "U").toUpperCase();
}

/** Saves first and last name; `name` keeps the full name for receipts and greetings. */
export async function updateProfile(db: Database, userId: string, input: { firstName?: string; lastName?: string }) {
  const firstName = input.firstName?.trim() || null;
  const lastName = input.lastName?.trim() || null;
  await updateUser(db, userId, { firstName, lastName, name: [firstName, lastName].filter(Boolean).join(" ") || null });
}

/**
 * The payment that created this account (fulfilment makes an account, without a password, for a new buyer), with its
 * status, or null for an account someone registered. Only such an account, while that payment stands, can hold a
 * session or a password that no mailbox proved and that its owner may still recognise as theirs; a refunded or disputed
 * one grants nothing (docs/decisions/027).
 */
async function findPurchaseThatCreatedAccount(
  db: Database,
  userId: string,
): Promise<Pick<Purchase, "createdAt" | "amountCents" | "currency" | "status"> | null> {
  const [purchase] = await db
    .select({ createdAt: purchases.createdAt, amountCents: purchases.amountCents, currency: purchases.currency, status: purchases.status })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.createdUser, true)))
    .orderBy(asc(purchases.createdAt))
    .limit(1);
  return purchase ?? null;
}

/** The payment that created this account, only while it stands (paid, not refunded or lost to a dispute). */
export async function findStandingPurchaseThatCreatedAccount(db: Database, userId: string) {
  const purchase = await findPurchaseThatCreatedAccount(db, userId);
  return purchase?.status === "paid" ? purchase : null;
}
