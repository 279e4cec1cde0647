import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { accessGrants, purchases } from "#db/schema";

export type AccessStatus = { hasAccess: boolean; purchaseDate: Date | null };

/**
 * The one answer to "does this user have access?": a paid, unrefunded purchase or an active admin grant.
 * Access is never stored as a flag; purchaseDate is the first paid purchase that still stands.
 */
export async function getAccessStatus(db: Database, userId: string): Promise<AccessStatus> {
  const [purchaseRows, grantRows] = await db.batch([
    db
      .select({ createdAt: purchases.createdAt })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.status, "paid")))
      .orderBy(asc(purchases.createdAt))
      .limit(1),
    db
      .select({ id: accessGrants.id })
      .from(accessGrants)
      .where(and(eq(accessGrants.userId, userId), isNull(accessGrants.revokedAt)))
      .limit(1),
  ]);
  const purchase = purchaseRows[0];
  return { hasAccess: Boolean(purchase || grantRows[0]), purchaseDate: purchase?.createdAt ?? null };
}
