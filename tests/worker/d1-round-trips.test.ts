/**
 * A buyer's pages reach D1 in one round trip (docs/decisions/016-the-buyers-library.md, "One round trip", and
 * 037-fixed-cost-per-request.md): every read the page's loaders start together goes out as one batch (db/batch.ts),
 * the session's check with them: the page's reads are keyed by the session the request presents, not by its user.
 * Counted at the binding by the bench's counting Worker (bench/lib/binding-counts.ts, docs/decisions/034-request-counts.md).
 */
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it, vi } from "vitest";
import { batchedRead, preparedRead } from "#db/batch";
import { createDb } from "#db/client";
import { affirmationCards, sessions } from "#db/schema";
import { randomToken, sha256Hex } from "~/modules/security/crypto.server";
import { countingWorker } from "../../bench/lib/binding-counts";
import { collectCountsLines } from "../../bench/lib/counts-lines";
import worker from "../../worker/index";
import { fetchApp, fetchAppWith, testEnv } from "./helpers";
import { api, buyer, paidCard } from "./library-support";

const lines = collectCountsLines();
const counting = countingWorker(worker);

/**
 * The page as the buyer opens it, and what it asked of D1. The isolate keeps its snapshot of the collection as it does
 * in production (the tests otherwise read it afresh for every request), so the counts are the page's own.
 */
async function open(path: string, credentials: { token: string } | { cookie: string; accept?: string }) {
  const ray = `round-trips-${crypto.randomUUID()}`;
  const vars = testEnv({ PUBLIC_CONTENT_TTL_SECONDS: "30" });
  // A browser opening a page sends Accept: text/html (a document navigation); a script's fetch, the bench and an API client do not.
  const signIn: Record<string, string> =
    "token" in credentials
      ? { Authorization: `Bearer ${credentials.token}` }
      : { Cookie: credentials.cookie, Accept: credentials.accept ?? "*/*" };
  const response = await fetchAppWith(vars, path, { headers: { ...signIn, "cf-ray": ray }, redirect: "manual" }, counting);
  const body = await response.text();
  return { status: response.status, body, d1: lines.find((line) => line.type === "request" && line.requestId === ray)?.d1 };
}

/** The page opened a second time: the isolate has seen the session and holds the collection, as on a buyer's day. */
async function openAgain(path: string, credentials: Parameters<typeof open>[1]) {
  await open(path, credentials);
  return open(path, credentials);
}

describe("a buyer's page and D1", () => {
  it("a card seen a moment ago: the session, access, favourites, the recent view, the buyer's reflections and recordings in one batch", async () => {
    const me = await buyer("round-trips-card");
    const { id } = await paidCard();
    // The first view records itself (its writes are counted apart); the second is the same visit.
    expect((await open(`/cards/${id}`, me)).status).toBe(200);
    const again = await open(`/cards/${id}`, me);
    expect(again.status).toBe(200);
    expect(again.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
    // The session, access (one statement: a purchase or a grant), the favourites, the recent view, the reflections and
    // which cards the buyer recorded.
    expect(again.d1?.statements).toBe(6);
  });

  it("a card opened for the first time: its reads, then the view and the badge check in one batch (and the badge it earned)", async () => {
    const me = await buyer("round-trips-first-view");
    const [firstCard, secondCard] = (
      await env.DB.prepare("SELECT id FROM affirmation_cards WHERE is_preview = 0 ORDER BY order_index LIMIT 2").all<{ id: string }>()
    ).results;
    // The library first, as a buyer comes to a card: the isolate then holds the collection.
    expect((await open("/cards", me)).status).toBe(200);

    // The buyer's first card earns First Light: its insert is the one more round trip.
    const first = await open(`/cards/${firstCard?.id}`, me);
    expect(first.status).toBe(200);
    expect(first.body).toContain("First Light");
    expect(first.d1).toMatchObject({ roundTrips: 3 });

    // A view moves no streak, so nothing is read before the write, and the badges are read in the write's own batch.
    const second = await open(`/cards/${secondCard?.id}`, me);
    expect(second.status).toBe(200);
    expect(second.d1).toMatchObject({ roundTrips: 2 });
    expect(second.d1?.rowsWritten).toBeGreaterThan(0);
  });

  it("a card's read recorded (POST /api/activity): the session and access in one batch, then the write", async () => {
    const me = await buyer("round-trips-activity");
    const { id } = await paidCard();
    // A first post warms the isolate's collection and records the buyer's first read.
    const post = async () => {
      const ray = `round-trips-${crypto.randomUUID()}`;
      const response = await fetchAppWith(
        testEnv({ PUBLIC_CONTENT_TTL_SECONDS: "30" }),
        "/api/activity",
        {
          method: "POST",
          headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json", "cf-ray": ray },
          body: JSON.stringify({ cardId: id, activityType: "read_scripture", timeZone: "UTC" }),
        },
        counting,
      );
      return { status: response.status, d1: lines.find((line) => line.type === "request" && line.requestId === ray)?.d1 };
    };
    expect((await post()).status).toBe(201);
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.d1).toMatchObject({ roundTrips: 2 });
  });

  it("/offline-collection.json, which the installed app asks after every page load: the practice's reads join the collection's batch", async () => {
    const me = await buyer("round-trips-offline", { remember: true });
    const again = await openAgain("/offline-collection.json", { cookie: me.cookie });
    expect(again.status).toBe(200);
    // As many round trips as the collection alone took (docs/decisions/025): /today's day row, the streak, the
    // recordings and the reflections by card are four more statements in its last batch.
    expect(again.d1).toMatchObject({ roundTrips: 4, rowsWritten: 0 });
    expect(again.d1?.statements).toBe(9);
  });

  it("a card page in the browser: the root's access check joins the same batch", async () => {
    const me = await buyer("round-trips-browser");
    const { id } = await paidCard();
    const again = await openAgain(`/cards/${id}`, { cookie: me.cookie });
    expect(again.status).toBe(200);
    expect(again.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
  });

  it.each(["/cards/{a paid card}", "/cards", "/dashboard"])(
    "%s opened as a document (the ended-session check runs beside the page): one round trip",
    async (label) => {
      const me = await buyer("round-trips-document");
      const path = label === "/cards/{a paid card}" ? `/cards/${(await paidCard()).id}` : label;
      const again = await openAgain(path, { cookie: me.cookie, accept: "text/html" });
      expect(again.status).toBe(200);
      expect(again.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
    },
  );

  it("the settings page: the session's check is its one read", async () => {
    const me = await buyer("round-trips-settings");
    const settings = await openAgain("/settings", { cookie: me.cookie });
    expect(settings.status).toBe(200);
    expect(settings.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
  });

  it("the dashboard: the session, access, favourites, streak, badges and recent activity in one batch", async () => {
    const me = await buyer("round-trips-dashboard");
    const dashboard = await openAgain("/dashboard", me);
    expect(dashboard.status).toBe(200);
    expect(dashboard.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
    expect(dashboard.d1?.statements).toBeGreaterThanOrEqual(8);
  });

  it("the library: the session, access and favourites in one batch", async () => {
    const me = await buyer("round-trips-library");
    const library = await openAgain("/cards", me);
    expect(library.status).toBe(200);
    expect(library.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
  });

  it("a session on its first request: one round trip too (nothing is remembered or guessed)", async () => {
    const me = await buyer("round-trips-first");
    // The browser's session cookie: signed in, never used yet.
    const first = await open("/cards", { cookie: me.cookie });
    expect(first.status).toBe(200);
    expect(first.d1).toMatchObject({ roundTrips: 1, rowsWritten: 0 });
  });

  it("a token issued when tokens ended with their user's id still signs in, in one round trip", async () => {
    const me = await buyer("round-trips-old-token");
    const token = `${randomToken()}.${me.id}`;
    const now = Date.now();
    await createDb(env.DB)
      .insert(sessions)
      .values({
        id: await sha256Hex(token),
        userId: me.id,
        persistent: false,
        expiresAt: new Date(now + 3_600_000),
        lastUsedAt: new Date(now),
      });
    const first = await open("/cards", { token });
    expect(first.status).toBe(200);
    expect(first.body).toContain((await paidCard()).secret);
    expect(first.d1?.roundTrips).toBe(1);
  });
});

describe("a token carries nobody's id", () => {
  it("a new session's token is random: no user id in it", async () => {
    const me = await buyer("token-without-id");
    expect(me.token).not.toContain(me.id);
    expect(me.cookie).not.toContain(me.id);
  });

  /**
   * Before, a token ended with its user's id, and a page's reads started on that id. A token of one's own with
   * another buyer's id written at its end must open no session and read nothing of theirs.
   */
  it.each(["/dashboard", "/cards"])("%s: a token with another buyer's id at its end shows nothing of theirs (attack)", async (path) => {
    const victim = await buyer("named-victim");
    const paid = await paidCard();
    await api("/api/favorites", { token: victim.token, method: "POST", body: JSON.stringify({ userId: victim.id, cardId: paid.id }) });
    const attacker = await buyer("named-attacker");
    const forged = `${attacker.token}.${victim.id}`;

    const answer = await open(path, { token: forged });
    // A visitor: the sign-in page (a redirect) or the gate, never the victim's page: no paid card, heart or email of theirs.
    expect([200, 302]).toContain(answer.status);
    expect(answer.body).not.toContain(victim.email);
    expect(answer.body).not.toContain(paid.secret);
    expect(answer.body).not.toContain("Show Favorites Only (1)");
  });
});

describe("an ended session (attack)", () => {
  /**
   * The page's reads start with the session's check, keyed by the session. Once it has ended (signed out, or all
   * sessions ended), they find nothing and never reach the page: the caller is a visitor again.
   */
  it.each([
    ["/cards/{a paid card}", (paid: string) => `/cards/${paid}`],
    ["/cards", () => "/cards"],
    ["/dashboard", () => "/dashboard"],
  ])("%s shows nothing of the buyer after sign-out", async (_label, pathOf) => {
    const me = await buyer("ended-session");
    const paid = await paidCard();
    const path = pathOf(paid.id);
    const before = await open(path, { cookie: me.cookie });
    expect(before.status).toBe(200);
    // The buyer's own page: a paid card's words, and on the dashboard their email (the account settings).
    expect(before.body).toContain(path === "/dashboard" ? me.email : paid.secret);

    const signedOut = await fetchApp("/api/auth/logout", { method: "POST", headers: { Cookie: me.cookie } });
    expect(signedOut.status).toBe(200);

    const after = await open(path, { cookie: me.cookie });
    // A visitor: the gate (200) or the sign-in page, never the buyer's own page.
    expect([200, 302]).toContain(after.status);
    expect(after.body).not.toContain(paid.secret);
    expect(after.body).not.toContain(me.email);
  });
});

describe("batchedRead", () => {
  const db = createDb(env.DB);
  const missingTable = sqliteTable("no_such_table", { id: text("id") });

  it("gives each read started in the same turn its own rows, from one batch", async () => {
    const batch = vi.spyOn(db.$client, "batch");
    const [cards, count] = await Promise.all([
      batchedRead(db, db.select({ id: affirmationCards.id }).from(affirmationCards).limit(2)),
      batchedRead(db, db.select({ value: sql<number>`count(*)` }).from(affirmationCards)),
    ]);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(cards).toHaveLength(2);
    expect(count[0]?.value).toBeGreaterThan(2);
  });

  it("binds a prepared read's own values on every call, in one batch or alone", async () => {
    const cardById = preparedRead((database) =>
      database
        .select({ id: affirmationCards.id, title: affirmationCards.title })
        .from(affirmationCards)
        .where(eq(affirmationCards.id, sql.placeholder("id"))),
    );
    const ids = (await db.select({ id: affirmationCards.id }).from(affirmationCards).limit(3)).map((card) => card.id);
    const [first, second] = await Promise.all([cardById(db, { id: ids[0] }), cardById(db, { id: ids[1] })]);
    expect(first.map((card) => card.id)).toEqual([ids[0]]);
    expect(second.map((card) => card.id)).toEqual([ids[1]]);
    expect((await cardById(db, { id: ids[2] })).map((card) => card.id)).toEqual([ids[2]]);
    expect(await cardById(db, { id: "no-such-card" })).toEqual([]);
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
