/**
 * The D1 time of a request, for its Server-Timing (docs/decisions/023-d1-sessions.md): a D1 session whose statements
 * (run, all, first, raw) and batches count the wall time during which at least one of them was pending. Queries
 * that overlap count once, so the figure never exceeds the request's own time.
 */
export type TimedSession = {
  /** The session to give Drizzle: the one wrapped, timed. */
  session: D1DatabaseSession;
  /** Milliseconds spent waiting for D1 so far. */
  elapsedMs(): number;
};

const STATEMENT_CALLS = new Set<PropertyKey>(["run", "all", "first", "raw"]);

export function timeD1(session: D1DatabaseSession, now: () => number = Date.now): TimedSession {
  let pending = 0;
  let pendingSince = 0;
  let elapsed = 0;
  // batch() takes the binding's own statements, not our wrappers around them.
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();

  async function timed<R>(call: () => Promise<R>): Promise<R> {
    if (pending++ === 0) pendingSince = now();
    try {
      return await call();
    } finally {
      if (--pending === 0) elapsed += now() - pendingSince;
    }
  }

  function timedStatement(statement: D1PreparedStatement): D1PreparedStatement {
    const wrapper = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => timedStatement(target.bind(...values));
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (STATEMENT_CALLS.has(property)) return (...args: unknown[]) => timed(() => value.apply(target, args));
        return value.bind(target);
      },
    });
    unwrapped.set(wrapper, statement);
    return wrapper;
  }

  const timedSession = new Proxy(session, {
    get(target, property) {
      if (property === "prepare") return (query: string) => timedStatement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          timed(() => target.batch(statements.map((statement) => unwrapped.get(statement) ?? statement)));
      }
      // getBookmark(), on the session itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { session: timedSession, elapsedMs: () => elapsed };
}
