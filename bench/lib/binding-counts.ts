/**
 * What a request, a queue batch or a cron run asks of the platform, counted at the bindings
 * (docs/decisions/034-request-counts.md): D1 statements and the rows D1 says they read and wrote (its result `meta`),
 * KV reads and writes, R2 operations, queue messages by binding, and the edge cache's hits, misses and stores.
 * The bench's own: `countingWorker` wraps the Worker's handlers (bench/counting-worker.ts), so the app never knows it
 * is counted and production has nothing to switch off.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { WorkerHandlers } from "../../worker/index";

export type BindingCounts = {
  /** `roundTrips`: calls that went to D1 and back (a batch of statements is one, docs/decisions/016). */
  d1: { roundTrips: number; statements: number; rowsRead: number; rowsWritten: number };
  kv: { reads: number; writes: number; deletes: number; lists: number };
  /** Class B (get, head) and class A (put, delete, list) operations, as R2 bills them. */
  r2: { reads: number; writes: number };
  /** Messages sent, by the producer's binding name. */
  queues: Record<string, number>;
  /** `caches.default`. */
  cache: { hits: number; misses: number; puts: number };
};

/** One logged line: what the request-counts step and the tests read. */
export type CountsLine = BindingCounts & {
  counts: true;
  type: "request" | "queue" | "cron";
  name: string;
  requestId?: string;
  status?: number;
};

export function emptyCounts(): BindingCounts {
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

function countedCache(cache: Cache, counts: BindingCounts): Cache {
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

let edgeCacheCounted = false;

/**
 * `caches.default` answers, inside a counted run, a cache that counts for it. The app reads `caches.default` at each
 * use (app/modules/http/edge-cache.server.ts), so shadowing the getter on the one CacheStorage reaches every use.
 */
function countEdgeCache(): void {
  if (edgeCacheCounted) return;
  const storage = (globalThis as unknown as { caches: CacheStorage & { default: Cache } }).caches;
  const cache = storage.default;
  Object.defineProperty(storage, "default", {
    configurable: true,
    get: () => {
      const counts = current.getStore();
      return counts ? countedCache(cache, counts) : cache;
    },
  });
  edgeCacheCounted = true;
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
 * when a runtime has none (bench/lib/binding-counts.test.ts).
 */
function countD1Session<S extends D1DatabaseSession>(session: S, counts: BindingCounts): S {
  const internals = session as unknown as D1Internals;
  const send = internals._sendOrThrow;
  if (typeof send !== "function") throw new Error("counting: this runtime's D1 session has no sender to count at");
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

/** A counted run: the bindings and context to hand the app, and the counts once its after-response work is done. */
function countBindings(env: Env, ctx: ExecutionContext) {
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
    run: <T>(handler: () => Promise<T>) => current.run(counts, handler),
    /** Once the handler's `waitUntil` work, and any it left in turn, has settled. */
    async settled(): Promise<BindingCounts> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      return counts;
    },
  };
}

/** One JSON line of counts for the bench to read (a request's carries the cf-ray it was sent with, as its id). */
function logCounts(line: Omit<CountsLine, keyof BindingCounts | "counts">, counts: BindingCounts) {
  console.log(JSON.stringify({ level: "info", counts: true, ...line, ...counts }));
}

/**
 * The Worker's three handlers with every request, queue batch and cron run counted, each logging its line once its
 * after-response work has settled. Development only: a deploy never serves this entry, and it refuses to count
 * anything that says it is production.
 */
export function countingWorker(app: WorkerHandlers): WorkerHandlers {
  const start = (env: Env, ctx: ExecutionContext) => {
    if (env.ENVIRONMENT !== "development") throw new Error("The counting Worker runs in development only (ENVIRONMENT=development)");
    countEdgeCache();
    return countBindings(env, ctx);
  };
  return {
    async fetch(request, env, ctx) {
      const counted = start(env, ctx);
      const response = await counted.run(() => app.fetch(request, counted.env, counted.ctx));
      const line = {
        type: "request",
        name: `${request.method} ${new URL(request.url).pathname}`,
        requestId: request.headers.get("cf-ray") ?? undefined,
        status: response.status,
      } as const;
      ctx.waitUntil(counted.settled().then((counts) => logCounts(line, counts)));
      return response;
    },
    async queue(batch, env, ctx) {
      const counted = start(env, ctx);
      await counted.run(() => app.queue(batch, counted.env, counted.ctx));
      logCounts({ type: "queue", name: batch.queue }, await counted.settled());
    },
    async scheduled(controller, env, ctx) {
      const counted = start(env, ctx);
      await counted.run(() => app.scheduled(controller, counted.env, counted.ctx));
      logCounts({ type: "cron", name: controller.cron }, await counted.settled());
    },
  };
}
