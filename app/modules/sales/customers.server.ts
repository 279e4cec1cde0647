/**
 * The shop's customers for /admin: every account that bought or was given access, newest first, searchable by a part
 * of the email address. A deleted account keeps its purchase under a placeholder address and is left out.
 */
import { and, desc, notLike, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { users } from "#db/schema";
import { DELETED_ACCOUNT_EMAIL_PATTERN } from "~/modules/users/deleted-account";

export const CUSTOMER_PAGE_SIZE = 50;

export type CustomerRow = {
  id: string;
  email: string;
  /** When they first paid or were given access. */
  since: Date;
  /** How they hold (or held) the collection. */
  standing: "paid" | "given" | "refunded" | "revoked";
  paidCents: number | null;
  currency: string | null;
};

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function searchCustomers(db: Database, input: { query: string }): Promise<{ customers: CustomerRow[]; total: number }> {
  // Correlated subqueries, written out with their tables: drizzle leaves a column of a one-table select unqualified, and
  // inside a subquery "id" would then name the subquery's own table.
  const ofUser = (table: "purchases" | "access_grants", select: string, where = "1") =>
    sql.raw(`(select ${select} from ${table} t where t.user_id = users.id and ${where})`);
  const paidAt = ofUser("purchases", "min(t.created_at)", "t.status = 'paid'");
  const paidCents = ofUser("purchases", "sum(t.amount_cents)", "t.status = 'paid'");
  const currency = ofUser("purchases", "max(t.currency)");
  const anyPurchaseAt = ofUser("purchases", "min(t.created_at)");
  const grantedAt = ofUser("access_grants", "min(t.created_at)", "t.revoked_at is null");
  const anyGrantAt = ofUser("access_grants", "min(t.created_at)");
  const since = sql<number>`coalesce(${paidAt}, ${grantedAt}, ${anyPurchaseAt}, ${anyGrantAt})`;
  const filter = and(
    sql`${since} is not null`,
    notLike(users.email, DELETED_ACCOUNT_EMAIL_PATTERN),
    input.query ? sql`lower(${users.email}) like ${likeContaining(input.query)} escape '\\'` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        since,
        paidAt: sql<number | null>`${paidAt}`,
        paidCents: sql<number | null>`${paidCents}`,
        currency: sql<string | null>`${currency}`,
        grantedAt: sql<number | null>`${grantedAt}`,
        anyPurchaseAt: sql<number | null>`${anyPurchaseAt}`,
      })
      .from(users)
      .where(filter)
      .orderBy(desc(since))
      .limit(CUSTOMER_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)` }).from(users).where(filter),
  ]);
  return {
    total: count?.total ?? 0,
    customers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      since: new Date(row.since),
      standing: row.paidAt ? "paid" : row.grantedAt ? "given" : row.anyPurchaseAt ? "refunded" : "revoked",
      paidCents: row.paidCents,
      currency: row.currency,
    })),
  };
}
