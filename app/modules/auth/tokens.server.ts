import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { type OneTimeTokenPurpose, oneTimeTokens } from "#db/schema";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";

/** How long each kind of emailed link stays valid. */
const TOKEN_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  sign_in: 15 * 60 * 1000,
  delete_account: 30 * 60 * 1000,
};

export async function createOneTimeToken(db: Database, userId: string, purpose: OneTimeTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    id: await sha256Hex(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

type TokenResult = { status: "valid"; userId: string } | { status: "expired"; userId: string } | { status: "invalid" };

/**
 * Uses a token up, once: the conditional UPDATE marks it used only if it was unused, so two
 * concurrent requests cannot both succeed. An expired token is reported as expired (with its user,
 * so a fresh link can be sent) and stays unusable.
 */
export async function consumeOneTimeToken(db: Database, token: string, purpose: OneTimeTokenPurpose): Promise<TokenResult> {
  if (!token || token.length > 200) return { status: "invalid" };
  const id = await sha256Hex(token);
  const now = new Date();
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, id), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) return { status: "invalid" };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: "expired", userId: row.userId };

  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ userId: oneTimeTokens.userId });
  return used[0] ? { status: "valid", userId: used[0].userId } : { status: "invalid" };
}

/** What using the token would find, without using it: a flow that must check something first peeks. */
export async function peekOneTimeToken(db: Database, token: string, purpose: OneTimeTokenPurpose): Promise<TokenResult> {
  if (!token || token.length > 200) return { status: "invalid" };
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, await sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) return { status: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired", userId: row.userId };
  return { status: "valid", userId: row.userId };
}

/** Uses up every outstanding link of these kinds (after a password reset, old links must not sign anyone in). */
export async function revokeOutstandingTokens(db: Database, userId: string, purposes: OneTimeTokenPurpose[]): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)));
}

/** Looks a token up without using it (to find whose expired link it was). */
export async function findTokenOwner(db: Database, token: string, purpose: OneTimeTokenPurpose): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, await sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row?.userId ?? null;
}
