import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { LANDING_RETURN_PATH } from "~/modules/experiments/experiments";
import worker, { type WorkerHandlers } from "../../worker/index";
import { memoryRateLimitBindings } from "../fakes/ratelimits";
import { PASSWORD, uniqueEmail } from "../support/identities";
import { deliver, deliverEvents, RecordingQueue } from "./email-queue";

export const ORIGIN = "http://localhost:8787";

/**
 * Sends a request through the real Worker entry (Remix, D1, everything), as a browser would, and
 * resolves once the work the Worker left for after the response (see runAfterResponse) is done and the
 * email it queued has been through the queue consumer: the way a person waits for the email to arrive.
 */
export function fetchApp(path: string, init?: RequestInit): Promise<Response> {
  return fetchAppWithEnv({}, path, init);
}

/** The response as soon as the Worker answers, without waiting for its after-response work or its email. */
export function fetchAppAnswerOnly(path: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(workerRequest(browserRequest(path, init)), testEnv(), createExecutionContext());
}

export function workerRequest(request: Request) {
  return request as Request<unknown, IncomingRequestCfProperties>;
}

/** Browsers always send Host (Remix compares it with Origin on form posts). */
export function browserRequest(path: string, init?: RequestInit): Request {
  const url = new URL(path, ORIGIN);
  const headers = new Headers(init?.headers);
  if (!headers.has("Host")) headers.set("Host", url.host);
  return new Request(url, { redirect: "manual", ...init, headers });
}

/**
 * The env the Worker gets in tests: the real bindings, except the rate limits' in-memory twins on the test clock
 * (tests/fakes/ratelimits.ts) and recording email and events queues, and the given vars changed.
 */
export function testEnv(overrides: Record<string, string> = {}): Env & { EMAIL_QUEUE: RecordingQueue; EVENTS_QUEUE: RecordingQueue } {
  return { ...env, ...memoryRateLimitBindings, ...overrides, EMAIL_QUEUE: new RecordingQueue(), EVENTS_QUEUE: new RecordingQueue() };
}

/** The same Worker with some vars changed, e.g. `{ ENVIRONMENT: "production" }`; its email goes through the consumer with them. */
export function fetchAppWithEnv(overrides: Record<string, string>, path: string, init?: RequestInit): Promise<Response> {
  return fetchAppWith(testEnv(overrides), path, init);
}

/** The same Worker with some bindings replaced, e.g. a D1 that records how it is used. */
export function fetchAppWithBindings(
  bindings: Partial<Omit<Env, "EMAIL_QUEUE" | "EVENTS_QUEUE">>,
  path: string,
  init?: RequestInit,
): Promise<Response> {
  return fetchAppWith({ ...testEnv(), ...bindings }, path, init);
}

/**
 * A request through the Worker with this env (its recording queues keep what was sent), then its queues delivered;
 * `handlers` wrap the Worker's own (the bench's counting Worker, bench/lib/binding-counts.ts).
 */
export async function fetchAppWith(
  vars: ReturnType<typeof testEnv>,
  path: string,
  init?: RequestInit,
  handlers: WorkerHandlers = worker,
): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await handlers.fetch(workerRequest(browserRequest(path, init)), vars, ctx);
  await waitOnExecutionContext(ctx);
  await deliver(vars, vars.EMAIL_QUEUE, handlers);
  await deliverEvents(vars, vars.EVENTS_QUEUE, handlers);
  return response;
}

/**
 * Fires a Cron Trigger as the platform would (the pool's createScheduledController) at `scheduledTime`, then
 * delivers the email it queued.
 */
export async function runSchedule(cron: string, scheduledTime: Date, overrides: Record<string, string> = {}) {
  const vars = testEnv(overrides);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), vars, ctx);
  await waitOnExecutionContext(ctx);
  return deliver(vars, vars.EMAIL_QUEUE);
}

/** A browser form POST: same Origin, urlencoded body, optional cookies and changed vars. */
export function postForm(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string; env?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Origin: options.origin ?? ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };
  if (options.cookie) headers.Cookie = options.cookie;
  return fetchAppWithEnv(options.env ?? {}, path, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** Signs in through the /login form, as a browser would; returns the session cookie to send back. */
export async function signInCookie(
  email: string,
  password = PASSWORD,
  env: Record<string, string> = {},
  options: { remember?: boolean } = {},
): Promise<string> {
  const fields: Record<string, string> = { email, password, intent: "password" };
  if (options.remember) fields.rememberMe = "on";
  const response = await postForm("/login", fields, { env });
  expect(response.status, `sign-in of ${email}`).toBe(302);
  return cookieFrom(response, "lc_session");
}

/** The email of the account a session cookie belongs to, or null when it opens no account. */
export async function signedInEmail(cookie: string): Promise<string | null> {
  const response = await fetchApp("/api/auth/me", { headers: { Cookie: cookie } });
  if (response.status !== 200) return null;
  return ((await response.json()) as { user: { email: string } }).user.email;
}

/** A JSON API call (non-browser clients send no Origin). */
export function postJson(path: string, body: unknown, options: { token?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return fetchApp(path, { method: "POST", headers, body: JSON.stringify(body) });
}

export function expectRedirect(response: Response, location: string, status?: number) {
  if (status) expect(response.status).toBe(status);
  else expect([301, 302, 303, 307, 308]).toContain(response.status);
  const url = new URL(response.headers.get("Location") ?? "", ORIGIN);
  expect(url.pathname + url.search).toBe(location);
}

/** The `name=value` part of a Set-Cookie for `name`, to send back as a Cookie header. */
export function cookieFrom(response: Response, name: string): string {
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!setCookie) throw new Error(`No ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return setCookie.split(";")[0]!;
}

/**
 * A new visitor's browser on the landing page: the page, then the image it links (LANDING_RETURN_PATH), fetched with
 * the cookies the page set, which is what counts the visitor (docs/decisions/020-ab-tests.md). Returns the page and
 * the browser's cookies after both.
 */
export async function landAsBrowser(headers: Record<string, string> = {}): Promise<{ landing: Response; html: string; cookie: string }> {
  const landing = await fetchApp("/", { headers });
  const html = await landing.text();
  const given = `${cookieFrom(landing, "lc_vid")}; ${cookieFrom(landing, "lc_ab")}`;
  const image = await fetchApp(LANDING_RETURN_PATH, { headers: { ...headers, Cookie: given } });
  return { landing, html, cookie: `${cookieFrom(landing, "lc_vid")}; ${cookieFrom(image, "lc_ab")}` };
}

/** The newest email delivered to an address (the local outbox, status sent), or the newest whose subject has `subject`, and the first link in it. */
export async function latestEmailTo(email: string, subject = "") {
  const row = await env.DB.prepare(
    `SELECT * FROM email_outbox WHERE lower("to") = lower(?) AND status = 'sent' AND instr(subject, ?) > 0 ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  )
    .bind(email, subject)
    .first<{ id: string; to: string; subject: string; text: string; html: string; headers: string | null }>();
  if (!row) throw new Error(`No email to ${email} in the outbox`);
  // The email's action link is the one carrying a token; otherwise its first link.
  const link = /https?:\/\/\S*token=\S*/.exec(row.text)?.[0] ?? /https?:\/\/\S+/.exec(row.text)?.[0] ?? null;
  return { ...row, link, token: link ? new URL(link).searchParams.get("token") : null };
}

export async function countEmailsTo(email: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM email_outbox WHERE lower("to") = lower(?) AND status = 'sent'`)
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export const PRODUCTION = { ENVIRONMENT: "production", SESSION_SECRET: "production-secret-for-tests-0123456789" };

/** Registers and verifies an account through the real API; returns its email. */
export async function createVerifiedUser(email = uniqueEmail(), password = PASSWORD) {
  const register = await postJson("/api/auth/register", { email, password, confirmPassword: password });
  expect(register.status).toBe(201);
  const { token } = await latestEmailTo(email);
  // An API client has no registering-browser cookie: it proves the account's password instead.
  expect((await postJson("/api/auth/verify-email", { token, password })).status).toBe(200);
  return { email, password };
}

export async function signInApi(email: string, password = PASSWORD): Promise<string> {
  const response = await postJson("/api/auth/login", { email, password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The visible text of an HTML document, tags stripped and whitespace folded, for content assertions. */
export function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

// --- console.error is a failure unless a test says it expects one --------------------------------
export const consoleErrors: unknown[][] = [];

/** Takes the expected console.error calls matching `pattern` out of the record, and asserts there was one. */
export function expectConsoleError(pattern: RegExp) {
  const index = consoleErrors.findIndex((args) => pattern.test(args.map(String).join(" ")));
  expect(index, `expected a console.error matching ${pattern}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
}
