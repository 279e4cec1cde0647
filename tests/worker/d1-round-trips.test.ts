/**
 * A buyer's pages reach D1 in two round trips (docs/decisions/016-the-buyers-library.md, "One round trip"): the
 * session, then every read the page's loaders start together, sent as one batch (db/batch.ts). Counted at the binding
 * with the bench's counts (COUNT_BINDINGS, docs/decisions/034-request-counts.md).
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it, vi } from "vitest";
import { batchedRead } from "#db/batch";
import { createDb } from "#db/client";
import { affirmationCards } from "#db/schema";
import { collectCountsLines } from "./counts-lines";
import { fetchAppWithEnv } from "./helpers";
import { buyer, paidCard } from "./library-support";

const lines = collectCountsLines();

/**
 * The page as the buyer opens it, and what it asked of D1. The isolate keeps its snapshot of the collection as it does
 * in production (the tests otherwise read it afresh for every request), so the counts are the page's own.
 */
async function open(path: string, token: string) {
  const ray = `round-trips-${crypto.randomUUID()}`;
  const vars = { COUNT_BINDINGS: "on", PUBLIC_CONTENT_TTL_SECONDS: "30" };
  const response = await fetchAppWithEnv(vars, path, { headers: { Authorization: `Bearer ${token}`, "cf-ray": ray } });
  await response.text();
  return { status: response.status, d1: lines.find((line) => line.type === "request" && line.requestId === ray)?.d1 };
}

describe("a buyer's page and D1", () => {
  it("a card seen a moment ago: the session, then access, favourites and the recent view in one batch", async () => {
    const me = await buyer("round-trips-card");
    const { id } = await paidCard();
    // The first view records itself (its writes are counted apart); the second is the same visit.
    expect((await open(`/cards/${id}`, me.token)).status).toBe(200);
    const again = await open(`/cards/${id}`, me.token);
    expect(again.status).toBe(200);
    expect(again.d1).toMatchObject({ roundTrips: 2, rowsWritten: 0 });
    // Access (a purchase, a grant), the favourites and the recent view travelled together with the session's read.
    expect(again.d1?.statements).toBeGreaterThanOrEqual(5);
  });

  it("the dashboard: the session, then access, favourites, streak, badges and recent activity in one batch", async () => {
    const me = await buyer("round-trips-dashboard");
    // The isolate's snapshot of the collection is read first; then the page is what it always is.
    await open("/dashboard", me.token);
    const dashboard = await open("/dashboard", me.token);
    expect(dashboard.status).toBe(200);
    expect(dashboard.d1).toMatchObject({ roundTrips: 2, rowsWritten: 0 });
    expect(dashboard.d1?.statements).toBeGreaterThanOrEqual(9);
  });

  it("the library: the session, then access and favourites in one batch", async () => {
    const me = await buyer("round-trips-library");
    await open("/cards", me.token);
    const library = await open("/cards", me.token);
    expect(library.status).toBe(200);
    expect(library.d1).toMatchObject({ roundTrips: 2, rowsWritten: 0 });
  });
});

describe("batchedRead", () => {
  const db = createDb(env.DB);
  const missingTable = sqliteTable("no_such_table", { id: text("id") });

  it("gives each read started in the same turn its own rows, from one batch", async () => {
    const batch = vi.spyOn(db, "batch");
    const [cards, count] = await Promise.all([
      batchedRead(db, db.select({ id: affirmationCards.id }).from(affirmationCards).limit(2)),
      batchedRead(db, db.select({ value: sql<number>`count(*)` }).from(affirmationCards)),
    ]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(cards).toHaveLength(2);
    expect(count[0]?.value).toBeGreaterThan(2);
  });

  it("fails only the read that failed: the others in its batch still get their rows", async () => {
    const [cards, missing] = await Promise.allSettled([
      batchedRead(db, db.select({ id: affirmationCards.id }).from(affirmationCards).limit(1)),
      batchedRead(db, db.select().from(missingTable)),
    ]);
    expect(cards).toMatchObject({ status: "fulfilled", value: [{ id: expect.any(String) }] });
    expect(missing.status).toBe("rejected");
  });
});
