/**
 * The D1 time of Server-Timing (app/server/d1-timing.server.ts): the wall time with at least one statement or batch pending,
 * measured on a clock the test moves, and a timed session that Drizzle uses like the real one.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { affirmationCards } from "#db/schema";
import { SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { timeD1 } from "~/server/d1-timing.server";

/** A session whose every call waits until the test settles it, on a clock the test sets. */
function manualSession() {
  const clock = { now: 0 };
  const waiting: { settle: (failure?: Error) => void; values: unknown[] }[] = [];
  const call = (values: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.push({ values, settle: (failure) => (failure ? reject(failure) : resolve({ results: [], success: true, meta: {} })) });
    });
  const statement = (values: unknown[]): D1PreparedStatement =>
    ({
      bind: (...more: unknown[]) => statement([...values, ...more]),
      run: () => call(values),
      all: () => call(values),
      first: () => call(values),
      raw: () => call(values),
    }) as unknown as D1PreparedStatement;
  const batched: unknown[] = [];
  const session = {
    prepare: () => statement([]),
    batch: (statements: D1PreparedStatement[]) => {
      batched.push(...statements);
      return call([]);
    },
    getBookmark: () => "00000000-00000001-00000000-00",
  } as unknown as D1DatabaseSession;
  return { clock, waiting, batched, session };
}

/** Lets the promises of settled calls run their `finally`. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("timeD1", () => {
  it("adds up statements that run one after another", async () => {
    const { clock, waiting, session } = manualSession();
    const timed = timeD1(session, () => clock.now);
    const methods: ((statement: D1PreparedStatement) => Promise<unknown>)[] = [
      (statement) => statement.run(),
      (statement) => statement.all(),
      (statement) => statement.first(),
      (statement) => statement.raw(),
    ];
    for (const method of methods) {
      const pending = method(timed.session.prepare("SELECT ?").bind(1));
      clock.now += 10;
      waiting.shift()?.settle();
      await pending;
      clock.now += 100; // time outside D1 is not D1 time
    }
    expect(timed.elapsedMs()).toBe(40);
  });

  it("counts overlapping queries once, and a failed one too", async () => {
    const { clock, waiting, session } = manualSession();
    const timed = timeD1(session, () => clock.now);
    const first = timed.session.prepare("SELECT 1").first();
    clock.now += 5;
    const second = timed.session.prepare("SELECT 2").all();
    clock.now += 5;
    waiting.shift()?.settle();
    await first;
    clock.now += 5;
    waiting.shift()?.settle(new Error("D1_ERROR: no such table"));
    await expect(second).rejects.toThrow("no such table");
    await settled();
    expect(timed.elapsedMs()).toBe(15);
  });

  it("times a batch and hands the binding its own statements", async () => {
    const { clock, waiting, batched, session } = manualSession();
    const timed = timeD1(session, () => clock.now);
    const statements = [timed.session.prepare("SELECT 1"), timed.session.prepare("SELECT ?").bind(2)];
    const pending = timed.session.batch(statements);
    clock.now += 7;
    waiting.shift()?.settle();
    await pending;
    expect(timed.elapsedMs()).toBe(7);
    expect(batched).toHaveLength(2);
    expect(batched.some((statement) => statements.includes(statement as D1PreparedStatement))).toBe(false);
    expect(timed.session.getBookmark()).toBe("00000000-00000001-00000000-00");
  });

  it("is a session Drizzle uses as it is: selects, batches and the bookmark of a real D1", async () => {
    const timed = timeD1(env.DB.withSession("first-unconstrained"));
    const db = createDb(timed.session);
    const [card] = await db.select().from(affirmationCards).where(eq(affirmationCards.id, SAMPLE_CARD_ID));
    expect(card?.id).toBe(SAMPLE_CARD_ID);
    const [one, two] = await db.batch([
      db.select({ id: affirmationCards.id }).from(affirmationCards).where(eq(affirmationCards.id, SAMPLE_CARD_ID)),
      db.select({ id: affirmationCards.id }).from(affirmationCards).limit(2),
    ]);
    expect(one).toEqual([{ id: SAMPLE_CARD_ID }]);
    expect(two).toHaveLength(2);
    expect(timed.session.getBookmark()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]+$/);
    expect(timed.elapsedMs()).toBeGreaterThanOrEqual(0);
  });
});
