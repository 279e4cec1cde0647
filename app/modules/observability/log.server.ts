/**
 * Structured logs for Workers Logs (wrangler.toml [observability], docs/decisions/029-deploy-and-operations.md): one
 * JSON line per failed request (5xx), per queue batch and per cron run, searchable by its fields in the dashboard.
 * A line holds ids, a route (the path alone: query strings carry tokens), counts, timings and an error's name, message
 * and stack; never a header, a form field, a cookie or an email's body, so no secret, password or token can reach it.
 */
export type LoggedError = { name: string; message: string; stack?: string; cause?: LoggedError };

/** Anything shaped like an email address: a typed one may belong to nobody, and must not be kept either way. */
const EMAIL_ADDRESS = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/**
 * The one function every logged or stored error text passes through. Drizzle names a failed query's bound values
 * (`params: ...`): emails, token hashes; the text keeps the SQL alone. Any address left elsewhere in it is masked.
 */
export function scrubbed(text: string): string {
  return text.replace(/\nparams: .*/g, "\nparams: (not logged)").replace(EMAIL_ADDRESS, "(address)");
}

export function describeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { name: "NonError", message: scrubbed(String(error)) };
  const described: LoggedError = { name: error.name, message: scrubbed(error.message) };
  if (error.stack) described.stack = scrubbed(error.stack);
  // D1's own message ("no such table: ...") is the failed query's cause.
  if (error.cause !== undefined && depth < 2) described.cause = describeError(error.cause, depth + 1);
  return described;
}

function emit(level: "info" | "warn" | "error", line: Record<string, unknown>) {
  const text = JSON.stringify({ level, ...line });
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

/**
 * One line for a problem met beside a request's own line (a form's after-response work, a queue message, a provider):
 * what failed, in words with ids, never addresses, and the error as `describeError` scrubs it.
 */
export function logProblem(level: "warn" | "error", what: string, error?: unknown) {
  emit(level, { type: "problem", what: scrubbed(what), error: error === undefined ? null : describeError(error) });
}

/** An info line in words (what a cron did), scrubbed like the rest. */
export function logNote(what: string) {
  emit("info", { type: "note", what: scrubbed(what) });
}

/**
 * The id Cloudflare gives the request (`cf-ray`, what Workers Logs shows for it); locally, where there is none, one is
 * minted in the same shape. The 500 page shows it as the reference an admin searches for.
 */
export function requestIdFor(request: Request): string {
  return request.headers.get("cf-ray") ?? `${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}-LOCAL`;
}

export type RequestLog = {
  requestId: string;
  /** Keeps the first error the request met (Remix's handleError, a failed render) for the request's line. */
  recordError(error: unknown): void;
  /** Where the request's D1 time is read from once it ends. */
  readD1TimeFrom(elapsedMs: () => number): void;
};

/** Runs a request and, when it fails (5xx or a throw), logs its one line. */
export async function withRequestLog(
  request: Request,
  handle: (log: RequestLog) => Promise<Response>,
  now: () => number = Date.now,
): Promise<Response> {
  const startedAt = now();
  let error: unknown;
  let d1Ms = () => 0;
  let requestId: string | undefined;
  const log: RequestLog = {
    // Minted when first read (a failed request's line, its 500 page): most requests never need it.
    get requestId() {
      requestId ??= requestIdFor(request);
      return requestId;
    },
    recordError: (caught) => {
      error ??= caught;
    },
    readD1TimeFrom: (elapsedMs) => {
      d1Ms = elapsedMs;
    },
  };
  const finish = (status: number) => {
    if (status < 500 && error === undefined) return;
    // A 5xx the app chose (a 503 while Stripe is not configured, say) met no exception: a warning, not an error.
    emit(error === undefined ? "warn" : "error", {
      type: "request",
      requestId: log.requestId,
      method: request.method,
      route: new URL(request.url).pathname,
      status,
      durationMs: now() - startedAt,
      d1Ms: d1Ms(),
      error: error === undefined ? null : describeError(error),
    });
  };
  try {
    const response = await handle(log);
    finish(response.status);
    return response;
  } catch (caught) {
    log.recordError(caught);
    finish(500);
    throw caught;
  }
}

type TaskLine = { type: "queue" | "cron"; name: string; d1Ms: () => number };

/**
 * Runs a queue batch or a cron run and logs its line: outcome, count (what `run` reports: messages handled, emails
 * enqueued, rows deleted), duration, D1 time, and the error with its stack when it failed (then rethrown).
 */
export async function withTaskLog<T extends { count: number }>(
  task: TaskLine,
  run: () => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  const startedAt = now();
  const line = (outcome: "ok" | "failed") => ({
    type: task.type,
    name: task.name,
    outcome,
    durationMs: now() - startedAt,
    d1Ms: task.d1Ms(),
  });
  try {
    const result = await run();
    emit("info", { ...line("ok"), count: result.count });
    return result;
  } catch (error) {
    emit("error", { ...line("failed"), error: describeError(error) });
    throw error;
  }
}
