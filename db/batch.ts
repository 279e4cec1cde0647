import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

/**
 * Reads that a request starts together, sent to D1 together (docs/decisions/016-the-buyers-library.md, "One round
 * trip"). A page's loaders run side by side (the root's and the route's), and each asks D1 for its own rows: the
 * buyer's access, favourites, streak, badges and recent activity. Sent one by one, every read is a round trip to the
 * database (and, locally, a subrequest the dev server relays). A read passed to `batchedRead` waits for the current
 * turn of the event loop to end, so every read the loaders start in it goes out as one `db.batch`, each caller
 * getting its own rows back.
 *
 * Only reads go through it, and only selects whose result columns have distinct names: Drizzle maps a batch's rows
 * by column name (two columns both called `id`, from a join, would collapse into one).
 * If the batch fails, each read is sent again on its own, so a failing read fails only its own caller.
 */
type Waiting = { query: BatchItem<"sqlite">; resolve(rows: unknown): void; reject(error: unknown): void };

const waitingByDatabase = new WeakMap<Database, Waiting[]>();

export function batchedRead<Query extends BatchItem<"sqlite">>(db: Database, query: Query): Promise<Query["_"]["result"]> {
  return new Promise((resolve, reject) => {
    let waiting = waitingByDatabase.get(db);
    if (!waiting) {
      waiting = [];
      waitingByDatabase.set(db, waiting);
      // A timer, not a microtask: the loaders' reads are started a few promise callbacks apart, all within this turn.
      setTimeout(() => void send(db), 0);
    }
    waiting.push({ query, resolve, reject });
  });
}

async function send(db: Database): Promise<void> {
  const waiting = waitingByDatabase.get(db) ?? [];
  waitingByDatabase.delete(db);
  const [first, ...rest] = waiting;
  if (!first) return;
  if (rest.length === 0) return sendAlone(first);
  let results: unknown[];
  try {
    results = await db.batch([first.query, ...rest.map((read) => read.query)]);
  } catch {
    await Promise.all(waiting.map(sendAlone));
    return;
  }
  for (const [index, read] of waiting.entries()) read.resolve(results[index]);
}

/** A Drizzle query runs when awaited. */
function sendAlone(read: Waiting): Promise<void> {
  return Promise.resolve(read.query as unknown as PromiseLike<unknown>).then(read.resolve, read.reject);
}
