/**
 * What a request, a queue batch or a cron run asks of the platform, counted at the bindings
 * (docs/decisions/034-request-counts.md): D1 statements and the rows D1 says they read and wrote (its result `meta`),
 * KV reads and writes, R2 operations, queue messages by binding, and the edge cache's hits, misses and stores.
 * Development only and opt-in (COUNT_BINDINGS=on, read by config.server.ts): the bench turns it on to build the
 * capacity model (docs/capacity.md); production never wraps a binding.
 */
// biome-ignore lint/correctness/noNodejsModules: workerd implements AsyncLocalStorage (nodejs_compat); server-only file.
import { AsyncLocalStorage } from "node:async_hooks";

export type BindingCounts = {
  /** `roundTrips`: calls that went to D1 and back (a batch of statements is one, docs/decisions/016). */
  d1: { roundTrips: number; statements: number; rowsRead: number; rowsWritten: number };
  kv: { reads: number; writes: number; deletes: number; lists: number };
  /** Class B (get, head) and class A (put, delete, list) operations, as R2 bills them. */
  r2: { reads: number; writes: number };
  /** Messages sent, by the producer's binding name. */
  queues: Record<string, number>;
  /** `caches.default`, through edgeCache(). */
  cache: { hits: number; misses: number; puts: number };
};

function emptyCounts(): BindingCounts {
  return {
    d1: { roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0 },
    kv: { reads: 0, writes: 0, deletes: 0, lists: 0 },
    r2: { reads: 0, writes: 0 },
    queues: {},
    cache: { hits: 0, misses: 0, puts: 0 },
  };
}

/**
 * The counts of the request (or batch, or run) whose async work is running: the edge cache is a global, not a binding
 * in env, so its uses are attributed through the async context, which also follows work left to `waitUntil`.
 */
const current = new AsyncLocalStorage<BindingCounts>();

/** The edge cache as the running request sees it: counted when counting is on, else the cache itself. */
export function countedCache(cache: Cache): Cache {
  const counts = current.getStore();
  if (!counts) return cache;
  return new Proxy(cache, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "match") {
        return async (...args: unknown[]) => {
          const found = (await value.apply(target, args)) as Response | undefined;
          if (found) counts.cache.hits++;
          else counts.cache.misses++;
          return found;
        };
      }
      if (property === "put") counts.cache.puts++;
      return value.bind(target);
    },
  });
}

/** A wrapper whose listed methods add to a count before they run. */
function countCalls<T extends object>(target: T, tally: Partial<Record<PropertyKey, (args: unknown[]) => void>>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      const count = tally[property];
      if (!count) return value.bind(object);
      return (...args: unknown[]) => {
        count(args);
        return value.apply(object, args);
      };
    },
  });
}

type D1Meta = { rows_read?: number; rows_written?: number };
type D1Internals = { _sendOrThrow?: (...args: unknown[]) => Promise<unknown> };

/**
 * Counts a D1 session's statements and rows. Drizzle reads through `raw()`, whose answer drops D1's `meta`; every call
 * (run, all, first, raw, batch) passes through the session's one sender, whose answer still has it, so that is where
 * the session is counted. It is workerd's own method, not public API: counting fails loudly rather than miscount
 * when a runtime has none (tests/worker/binding-counts.test.ts).
 */
function countD1Session<S extends D1DatabaseSession>(session: S, counts: BindingCounts): S {
  const internals = session as unknown as D1Internals;
  const send = internals._sendOrThrow;
  if (typeof send !== "function") throw new Error("COUNT_BINDINGS: this runtime's D1 session has no sender to count at");
  internals._sendOrThrow = async (...args: unknown[]) => {
    const answer = await send.apply(session, args);
    counts.d1.roundTrips++;
    const results = (Array.isArray(answer) ? answer : [answer]) as { meta?: D1Meta }[];
    for (const result of results) {
      counts.d1.statements++;
      counts.d1.rowsRead += result.meta?.rows_read ?? 0;
      counts.d1.rowsWritten += result.meta?.rows_written ?? 0;
    }
    return answer;
  };
  return session;
}

/**
 * The D1 binding, counted: each session it opens is counted; used directly (the queue consumers and crons, which
 * write on the primary), it runs on one counted session on the primary, which is what the binding itself does.
 */
function countD1(d1: D1Database, counts: BindingCounts): D1Database {
  let primary: D1DatabaseSession | undefined;
  const onPrimary = () => {
    primary ??= countD1Session(d1.withSession("first-primary"), counts);
    return primary;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "withSession") {
        return (constraint?: string) => countD1Session(target.withSession(constraint as D1SessionConstraint), counts);
      }
      if (property === "prepare") return (query: string) => onPrimary().prepare(query);
      if (property === "batch") return (statements: D1PreparedStatement[]) => onPrimary().batch(statements);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const keysIn = (args: unknown[]) => (Array.isArray(args[0]) ? args[0].length : 1);

function countKv(kv: KVNamespace, counts: BindingCounts): KVNamespace {
  const read = (args: unknown[]) => {
    counts.kv.reads += keysIn(args);
  };
  return countCalls(kv, {
    get: read,
    getWithMetadata: read,
    put: () => counts.kv.writes++,
    delete: () => counts.kv.deletes++,
    list: () => counts.kv.lists++,
  });
}

function countR2(bucket: R2Bucket, counts: BindingCounts): R2Bucket {
  const read = () => counts.r2.reads++;
  const write = () => counts.r2.writes++;
  return countCalls(bucket, { get: read, head: read, put: write, delete: write, list: write, createMultipartUpload: write });
}

function countQueue(queue: Queue, name: string, counts: BindingCounts): Queue {
  const add = (messages: number) => {
    counts.queues[name] = (counts.queues[name] ?? 0) + messages;
  };
  return countCalls(queue, {
    send: () => add(1),
    sendBatch: (args) => add([...(args[0] as Iterable<unknown>)].length),
  });
}

/** What a counted run hands its handler: the bindings and context to use, and the counts they add to. */
export type CountedRun = {
  env: Env;
  ctx: ExecutionContext;
  counts: BindingCounts;
  /** Runs the handler with the edge cache counted for it too. */
  run<T>(handler: () => Promise<T>): Promise<T>;
  /** The counts once the handler's after-response work (`waitUntil`), and any it left in turn, has settled. */
  settled(): Promise<BindingCounts>;
};

export function countBindings(env: Env, ctx: ExecutionContext): CountedRun {
  const counts = emptyCounts();
  const pending = new Set<Promise<unknown>>();
  const countedEnv: Env = {
    ...env,
    DB: countD1(env.DB, counts),
    AB_KV: countKv(env.AB_KV, counts),
    CARD_ASSETS: countR2(env.CARD_ASSETS, counts),
    EMAIL_QUEUE: countQueue(env.EMAIL_QUEUE, "EMAIL_QUEUE", counts),
    EVENTS_QUEUE: countQueue(env.EVENTS_QUEUE, "EVENTS_QUEUE", counts),
  };
  const countedCtx = countCalls(ctx, {
    waitUntil: (args) => {
      const work = Promise.resolve(args[0]).finally(() => pending.delete(work));
      pending.add(work);
    },
  });
  return {
    env: countedEnv,
    ctx: countedCtx,
    counts,
    run: (handler) => current.run(counts, handler),
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      return counts;
    },
  };
}

/** One JSON line of counts for the bench to read (the request's line carries its id: the cf-ray header it sent). */
export function logCounts(
  line: { type: "request" | "queue" | "cron"; name: string; requestId?: string; status?: number },
  counts: BindingCounts,
) {
  console.log(JSON.stringify({ level: "info", counts: true, ...line, ...counts }));
}
