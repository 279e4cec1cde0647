import type { Query } from "drizzle-orm";
import { DrizzleQueryError, fillPlaceholders } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Reads that a request starts together, sent to D1 together (docs/decisions/016-the-buyers-library.md, "One round
 * trip"). A page's loaders run side by side (the root's and the route's), and each asks D1 for its own rows: the
 * buyer's access, favourites, streak, badges and recent activity. Sent one by one, every read is a round trip to the
 * database (and, locally, a subrequest the dev server relays). A read passed to `batchedRead` waits for the current
 * turn of the event loop to end, so every read the loaders start in it goes out as one D1 batch, each caller
 * getting its own rows back.
 *
 * Only reads go through it, and only selects whose result columns have distinct names: D1 answers a batch's rows as
 * objects, by column name (two columns both called `id`, from a join, would collapse into one).
 * If the batch fails, each read is sent again on its own, so a failing read fails only its own caller.
 */

/** A Drizzle select, as far as a batch needs it: its statement and how its rows are read back. */
export type Read<Result> = {
  prepare(): { getQuery(): Query; mapResult(response: unknown, isFromBatch?: boolean): unknown };
  _: { result: Result };
};

/** A statement ready to send and the way back to its caller's rows. */
type Statement = { sql: string; params: unknown[]; rows(result: D1Result): unknown };

type Waiting = Statement & { resolve(rows: unknown): void; reject(error: unknown): void };

const waitingByDatabase = new WeakMap<Database, Waiting[]>();

export function batchedRead<Result>(db: Database, query: Read<Result>): Promise<Result> {
  const prepared = query.prepare();
  const { sql, params } = prepared.getQuery();
  return send(db, { sql, params, rows: (result) => prepared.mapResult(result, true) }) as Promise<Result>;
}

/**
 * A read whose statement is built once per isolate: Drizzle builds a query's SQL from its parts on every call (a
 * card page's four reads were a tenth of its CPU, docs/decisions/037-fixed-cost-per-request.md). `build` names each
 * value with `sql.placeholder(name)`; every call binds its own `values`, already as the database stores them (a
 * placeholder is not mapped through its column, so a date goes in as the number its column keeps). It goes out in
 * the page's batch like any other read.
 */
export function preparedRead<Values extends Record<string, unknown>, Result>(
  build: (db: Database) => Read<Result>,
): (db: Database, values: Values) => Promise<Result> {
  let prepared: ReturnType<Read<Result>["prepare"]> | null = null;
  let query: Query | null = null;
  return (db, values) => {
    if (!prepared || !query) {
      prepared = build(db).prepare();
      query = prepared.getQuery();
    }
    const read = prepared;
    return send(db, {
      sql: query.sql,
      params: fillPlaceholders(query.params, values),
      rows: (result) => read.mapResult(result, true),
    }) as Promise<Result>;
  };
}

function send(db: Database, statement: Statement): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let waiting = waitingByDatabase.get(db);
    if (!waiting) {
      waiting = [];
      waitingByDatabase.set(db, waiting);
      // A timer, not a microtask: the loaders' reads are started a few promise callbacks apart, all within this turn.
      setTimeout(() => void sendWaiting(db), 0);
    }
    waiting.push({ ...statement, resolve, reject });
  });
}

async function sendWaiting(db: Database): Promise<void> {
  const waiting = waitingByDatabase.get(db) ?? [];
  waitingByDatabase.delete(db);
  if (waiting.length === 0) return;
  const client = db.$client;
  if (waiting.length === 1) return sendAlone(client, waiting[0] as Waiting);
  let results: D1Result[];
  try {
    results = await client.batch(waiting.map((read) => client.prepare(read.sql).bind(...read.params)));
  } catch {
    await Promise.all(waiting.map((read) => sendAlone(client, read)));
    return;
  }
  for (const [index, read] of waiting.entries()) settle(read, () => read.rows(results[index] as D1Result));
}

/** A read on its own; a failure names its statement, as Drizzle's own errors do (the request's log shows it). */
function sendAlone(client: Database["$client"], read: Waiting): Promise<void> {
  return client
    .prepare(read.sql)
    .bind(...read.params)
    .all()
    .then(
      (result) => settle(read, () => read.rows(result)),
      (error: unknown) => read.reject(new DrizzleQueryError(read.sql, read.params, error instanceof Error ? error : undefined)),
    );
}

/** Hands a read its rows, or the error reading them back raised. */
function settle(read: Waiting, rows: () => unknown): void {
  try {
    read.resolve(rows());
  } catch (error) {
    read.reject(error);
  }
}
