/**
 * The shop's figures for its owner (/admin): money by day, totals, how the sales came, refunds, and the CSV downloads
 * (docs/decisions/048-the-owners-admin.md). Read from the purchases and gifts tables as fulfilment and the webhook
 * write them: a payment's money counts on the day it was paid; a full refund (a purchase's status `refunded`, the only
 * refund that changes a purchase: 006; a paid gift cancelled) takes its amount back on the day it was refunded. Days
 * are UTC days, as every date on /admin.
 */
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { gifts, purchases, users } from "#db/schema";
import { csvDocument } from "~/modules/http/csv";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SALES_DAYS = 30;

export type SalesTotals = { grossCents: number; refundCents: number; netCents: number; payments: number; refunds: number };
export type SalesDay = { day: string; grossCents: number; refundCents: number; payments: number };
/** One line of "how the sales came": a label and its count over the same 30 days. */
export type SalesChannel = { key: string; label: string; count: number };
export type RefundRow = {
  id: string;
  email: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  refundedAt: Date;
  reason: string | null;
};

export type SalesSummary = {
  currency: string;
  since: Date;
  days: SalesDay[];
  last30: SalesTotals;
  allTime: SalesTotals;
  channels: SalesChannel[];
  refunds: RefundRow[];
};

/** The first instant of the UTC day `days - 1` days before `now`'s: the window holds `days` whole days, today included. */
function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/**
 * Every payment the shop took, as one table: purchases, and gifts once paid (docs/decisions/047-gifts.md: a gift's
 * refund cancels it, so a cancelled gift that was paid is a refunded payment, on the day it was cancelled).
 */
const payments = sql`(
  select ${purchases.createdAt} as paid_at, ${purchases.amountCents} as amount_cents, lower(${purchases.currency}) as currency,
    case when ${purchases.status} = 'refunded' then ${purchases.refundedAt} end as refunded_at
  from ${purchases}
  union all
  select ${gifts.paidAt}, ${gifts.amountCents}, lower(${gifts.currency}),
    case when ${gifts.status} = 'cancelled' then ${gifts.cancelledAt} end
  from ${gifts} where ${gifts.paidAt} is not null
) as payments`;

const dayOf = (column: "paid_at" | "refunded_at") => sql.raw(`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`);

/** Why a refund was asked for: the buyer's own words from the refund page (050), when they gave any. */
const refundReason = purchases.refundReason;

/**
 * How the sales of the last 30 days came, one count each: purchases, gifts given, and purchases made with a code (a
 * new way to sell adds one entry here, its count one query over its own table, and the page shows it).
 */
const SALES_CHANNELS: { key: string; label: string; count: (db: Database, since: Date) => Promise<number> }[] = [
  {
    key: "purchases",
    label: "Purchases",
    count: async (db, since) => {
      const [row] = await db.select({ count: sql<number>`count(*)` }).from(purchases).where(gte(purchases.createdAt, since));
      return row?.count ?? 0;
    },
  },
  {
    key: "gifts",
    label: "Gifts",
    count: async (db, since) => {
      const [row] = await db.select({ count: sql<number>`count(*)` }).from(gifts).where(gte(gifts.paidAt, since));
      return row?.count ?? 0;
    },
  },
  {
    key: "codes",
    label: "Purchases with a code",
    count: async (db, since) => {
      const [row] = await db
        .select({ count: sql<number>`count(*)` })
        .from(purchases)
        .where(and(gte(purchases.createdAt, since), isNotNull(purchases.discountCodeId)));
      return row?.count ?? 0;
    },
  },
];

function totalsFrom(row: { gross: number | null; refunded: number | null; payments: number; refunds: number } | undefined): SalesTotals {
  const grossCents = row?.gross ?? 0;
  const refundCents = row?.refunded ?? 0;
  return { grossCents, refundCents, netCents: grossCents - refundCents, payments: row?.payments ?? 0, refunds: row?.refunds ?? 0 };
}

/**
 * The figures /admin shows, in the shop's currency (a payment in another, from before a change of CURRENCY, is left
 * out rather than added as if it were the same money).
 */
export async function loadSalesSummary(db: Database, input: { now: Date; currency: string }): Promise<SalesSummary> {
  const since = windowStart(input.now, SALES_DAYS);
  const inCurrency = sql`currency = ${input.currency.toLowerCase()}`;
  const totals = (from: Date | null) => {
    const paidSince = from ? sql`paid_at >= ${from.getTime()}` : sql`1`;
    const refundedSince = from ? sql`refunded_at >= ${from.getTime()}` : sql`1`;
    return db.all<{ gross: number | null; refunded: number | null; payments: number; refunds: number }>(sql`
      select sum(case when ${paidSince} then amount_cents end) as gross, count(case when ${paidSince} then 1 end) as payments,
        sum(case when refunded_at is not null and ${refundedSince} then amount_cents end) as refunded,
        count(case when refunded_at is not null and ${refundedSince} then 1 end) as refunds
      from ${payments} where ${inCurrency}`);
  };
  const [paidByDay, refundedByDay, [last30], [allTime], refunds, channels] = await Promise.all([
    db.all<{ day: string; cents: number; count: number }>(sql`
      select ${dayOf("paid_at")} as day, sum(amount_cents) as cents, count(*) as count
      from ${payments} where ${inCurrency} and paid_at >= ${since.getTime()} group by day`),
    db.all<{ day: string; cents: number }>(sql`
      select ${dayOf("refunded_at")} as day, sum(amount_cents) as cents
      from ${payments} where ${inCurrency} and refunded_at >= ${since.getTime()} group by day`),
    totals(since),
    totals(null),
    listRefunds(db, 20),
    Promise.all(SALES_CHANNELS.map(async (channel) => ({ key: channel.key, label: channel.label, count: await channel.count(db, since) }))),
  ]);
  const paid = new Map(paidByDay.map((row) => [row.day, row]));
  const back = new Map(refundedByDay.map((row) => [row.day, row.cents]));
  const days: SalesDay[] = Array.from({ length: SALES_DAYS }, (_, index) => {
    const day = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, grossCents: paid.get(day)?.cents ?? 0, refundCents: back.get(day) ?? 0, payments: paid.get(day)?.count ?? 0 };
  });
  return {
    currency: input.currency.toLowerCase(),
    since,
    days,
    last30: totalsFrom(last30),
    allTime: totalsFrom(allTime),
    channels,
    refunds,
  };
}

/** The latest refunds, newest first, with their reasons where one was given. */
export function listRefunds(db: Database, limit: number): Promise<RefundRow[]> {
  return db
    .select({
      id: purchases.id,
      email: purchases.email,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      paidAt: purchases.createdAt,
      refundedAt: sql<Date>`${purchases.refundedAt}`.mapWith(purchases.refundedAt),
      reason: refundReason,
    })
    .from(purchases)
    .where(and(eq(purchases.status, "refunded"), isNotNull(purchases.refundedAt)))
    .orderBy(desc(purchases.refundedAt))
    .limit(limit);
}

const isoOrEmpty = (date: Date | null) => (date ? date.toISOString() : "");
const amount = (cents: number) => (cents / 100).toFixed(2);

/**
 * Every purchase, for the owner's books: when, who (the address typed at checkout), how much, whether it was refunded
 * and Stripe's payment reference (to find it in the Stripe dashboard). Nothing else of the buyer's account.
 */
export async function purchasesCsv(db: Database): Promise<string> {
  const rows = await db
    .select({
      createdAt: purchases.createdAt,
      email: purchases.email,
      amountCents: purchases.amountCents,
      currency: purchases.currency,
      status: purchases.status,
      refundedAt: purchases.refundedAt,
      provider: purchases.provider,
      paymentIntent: purchases.stripePaymentIntentId,
    })
    .from(purchases)
    .orderBy(desc(purchases.createdAt));
  return csvDocument(
    ["paid_at_utc", "email", "amount", "currency", "status", "refunded_at_utc", "payment_reference"],
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.email,
      amount(row.amountCents),
      row.currency.toUpperCase(),
      row.status,
      isoOrEmpty(row.refundedAt),
      row.provider === "test" ? "test payment" : (row.paymentIntent ?? ""),
    ]),
  );
}

/**
 * The buyers who agreed to hear from the shop (`newsletterSubscribed`, opt-in, never pre-ticked): the address, the name
 * they gave, and when they first bought. Only buyers whose purchase stands: a refunded buyer is not written to as one.
 */
export async function newsletterCsv(db: Database): Promise<string> {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      firstPaidAt: sql<number>`min(${purchases.createdAt})`,
    })
    .from(users)
    .innerJoin(purchases, eq(purchases.userId, users.id))
    .where(and(eq(users.newsletterSubscribed, true), eq(purchases.status, "paid")))
    .groupBy(users.id)
    .orderBy(sql`min(${purchases.createdAt})`);
  return csvDocument(
    ["email", "name", "first_purchase_utc"],
    rows.map((row) => [
      row.email,
      row.name ?? ([row.firstName, row.lastName].filter(Boolean).join(" ") || ""),
      new Date(row.firstPaidAt).toISOString(),
    ]),
  );
}
