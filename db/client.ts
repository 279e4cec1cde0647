import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";

/** `$client`: the binding or session itself, which db/batch.ts sends its batches through. */
export type Database = DrizzleD1Database & { $client: D1Database | D1DatabaseSession };

/**
 * A Drizzle handle over a D1 binding (the queue and the schedules, on the primary) or over one request's D1 session
 * (docs/decisions/023-d1-sessions.md); built per request from the request's env. Queries name their tables
 * (db/schema.ts) themselves: without a schema here, Drizzle does not work out the tables' relations again for every
 * request (its relational `db.query` API, which needs them, is not used).
 */
export function createDb(d1: D1Database | D1DatabaseSession): Database {
  // drizzle-orm 0.45 types its client as a D1Database, but its queries and batches call only prepare() and batch(),
  // which a session has too (and db/batch.ts calls no more on `$client`).
  return drizzle(d1 as D1Database);
}
