import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "#db/schema";
import { signedCookie } from "~/modules/http/cookies.server";
import { isCrawler } from "~/modules/http/crawlers";
import { logProblem } from "~/modules/observability/log.server";
import { rateLimitKeyForIp } from "~/modules/ratelimit/limiter.server";
import { subjectBucket, variantForBucket } from "./buckets";
import { type AllExperimentSettings, EXPERIMENTS, type ExperimentName, type VariantAssignment, variantOutsideTest } from "./experiments";
import { readExperimentSettings } from "./settings.server";
import { newVisitorCookie, readVisitorId } from "./visitor.server";

/**
 * Who sees which variant (docs/decisions/020-ab-tests.md). Decided in the loader, before the page renders, so there
 * is no flicker and no JavaScript is needed:
 * - a subject's bucket in a test is a hash of its id and the test's name: a signed-in user's id, the same on every
 *   device, or a visitor's signed id (a visitor needs no storage, so a first visit costs no KV read or write);
 * - the assignment is mirrored in a signed cookie, so a change of split never moves anyone already assigned;
 * - a signed-in user's is also kept in KV (`assign:user:<id>`), so it follows them to a device that has no cookie;
 * - crawlers and visitors who send `Sec-GPC: 1` or `DNT: 1` see the control and are neither stored nor counted;
 * - a client address mints at most `new_visitor_ip` visitor ids a minute; past it a request without one is a
 *   non-participant's, as an opted-out visitor's is.
 */

export type ExperimentSubject = { kind: "user" | "visitor"; id: string };

export type Experiments = {
  /** The variant of each test this request shows. */
  variants: VariantAssignment;
  /** Whom events of this request count for; null when nothing may be counted (crawler, opted out). */
  subject: ExperimentSubject | null;
  /** The browser's visitor id (null when not counted). */
  visitorId: string | null;
  /** The visitor id was issued by this request: nothing is counted until the browser comes back with it. */
  newVisitor: boolean;
  /** The tests this subject's page view was counted in, as its assignment cookie records (updated when counted). */
  counted: ExperimentName[];
  settings: AllExperimentSettings;
  /** Cookies to send with the response (a new visitor id); the assignment cookie is signed once, when the answer is sent. */
  setCookies: string[];
  /** The assignment cookie must be sent (new, changed, or not this subject's). */
  assignmentChanged: boolean;
  /** What the assignment cookie holds (null when nothing is counted). */
  assignmentCookie: z.infer<typeof cookieSchema> | null;
};

const YEAR = 365 * 24 * 60 * 60;
/** The signed cookie mirroring a subject's assignment. */
export const ASSIGNMENT_COOKIE_NAME = "lc_ab";
export const storedAssignmentSchema = z.partialRecord(z.enum(EXPERIMENTS), z.enum(["A", "B"]));
export type StoredAssignment = z.infer<typeof storedAssignmentSchema>;
/**
 * The cookie: whose assignment it is, the assignment, the UTC day of the last landing view counted for it, and the
 * tests that view was counted in (a cookie from before `counted` existed, with a view, was counted in its assignment's).
 */
const cookieSchema = z.object({
  subject: z.string(),
  assignment: storedAssignmentSchema,
  viewed: z.string().optional(),
  counted: z.array(z.string()).optional(),
});

function countedTests(cookie: z.infer<typeof cookieSchema>): ExperimentName[] {
  const counted = cookie.counted ?? (cookie.viewed ? Object.keys(cookie.assignment) : []);
  return EXPERIMENTS.filter((name) => counted.includes(name));
}

export function subjectKey(subject: ExperimentSubject): string {
  return `assign:${subject.kind}:${subject.id}`;
}

/** Asks not to be tracked: Global Privacy Control or Do Not Track. */
function optsOutOfTracking(request: Request): boolean {
  return request.headers.get("Sec-GPC") === "1" || request.headers.get("DNT") === "1";
}

function assignmentCookie(context: Pick<AppLoadContext, "config">, request: Request) {
  return signedCookie(ASSIGNMENT_COOKIE_NAME, context.config, request, { maxAge: YEAR });
}

/** The assignment the browser's cookie records for this subject, else a user's kept in KV; empty when none. */
async function storedAssignment(
  context: Pick<AppLoadContext, "config" | "cloudflare">,
  request: Request,
  subject: ExperimentSubject,
): Promise<{ assignment: StoredAssignment; fromCookie: boolean; counted: ExperimentName[] }> {
  const cookie = cookieSchema.safeParse(await assignmentCookie(context, request).parse(request.headers.get("Cookie")));
  if (cookie.success && cookie.data.subject === subjectKey(subject)) {
    return { assignment: cookie.data.assignment, fromCookie: true, counted: countedTests(cookie.data) };
  }
  const none = { fromCookie: false, counted: [] };
  if (subject.kind === "visitor") return { assignment: {}, ...none };
  return { assignment: (await readStoredAssignment(context.cloudflare.env.AB_KV, subject)) ?? {}, ...none };
}

type ResolveContext = Pick<AppLoadContext, "config" | "cloudflare" | "rateLimiter">;

/**
 * The browser's visitor id: its own signed one, else a new one when its address has not minted `new_visitor_ip`
 * visitors this minute (in development too: docs/decisions/020-ab-tests.md); null past the limit.
 */
async function visitorFor(context: ResolveContext, request: Request): Promise<{ visitorId: string; setCookie: string | null } | null> {
  const existing = await readVisitorId(context.config, request);
  if (existing) return { visitorId: existing, setCookie: null };
  const allowed = await context.rateLimiter.check("new_visitor_ip", rateLimitKeyForIp(request));
  if (!allowed.success) return null;
  return newVisitorCookie(context.config, request);
}

/** The variants this request shows and whom its events count for; see the module comment for the rules. */
async function resolveExperiments(context: ResolveContext, request: Request, user: Pick<User, "id"> | null): Promise<Experiments> {
  const settings = await readExperimentSettings(context.cloudflare.env.AB_KV, { maxAgeMs: context.config.publicContentTtlMs });
  const outside = Object.fromEntries(EXPERIMENTS.map((name) => [name, variantOutsideTest(settings[name])])) as VariantAssignment;
  const nonParticipant = (setCookies: string[]): Experiments => ({
    variants: outside,
    subject: null,
    visitorId: null,
    newVisitor: false,
    counted: [],
    settings,
    setCookies,
    assignmentChanged: false,
    assignmentCookie: null,
  });
  if (isCrawler(request.headers.get("User-Agent")) || optsOutOfTracking(request)) return nonParticipant([]);

  const visitor = await visitorFor(context, request);
  if (!visitor) return nonParticipant([]);
  const setCookies = visitor.setCookie ? [visitor.setCookie] : [];
  const subject: ExperimentSubject = user ? { kind: "user", id: user.id } : { kind: "visitor", id: visitor.visitorId };
  // Without KV the kept assignment is unknown: show what non-participants see and count nothing, rather than draw
  // again (a variant never changes once assigned) or fail the page.
  const stored = await storedAssignment(context, request, subject).catch((error: unknown) => {
    logProblem("warn", "A/B assignment unavailable", error);
    return null;
  });
  if (!stored) return nonParticipant(setCookies);
  const { assignment, fromCookie, counted } = stored;

  const variants = { ...outside };
  const next: StoredAssignment = { ...assignment };
  let assignedNow = false;
  for (const name of EXPERIMENTS) {
    if (settings[name].status !== "running") continue;
    let variant = next[name];
    if (!variant) {
      const bucket = await subjectBucket(subject.id, name);
      variant = variantForBucket(bucket, settings[name].splitB);
      next[name] = variant;
      assignedNow = true;
    }
    variants[name] = variant;
  }

  if (assignedNow && subject.kind === "user") {
    const keep = context.cloudflare.env.AB_KV.put(subjectKey(subject), JSON.stringify(next));
    context.cloudflare.ctx.waitUntil(keep.catch((error: unknown) => logProblem("warn", "Keeping an A/B assignment failed", error)));
  }
  const cookie = { subject: subjectKey(subject), assignment: next, ...(counted.length > 0 ? { counted } : {}) };
  const assignmentChanged = assignedNow || !fromCookie;
  return {
    variants,
    subject,
    visitorId: visitor.visitorId,
    newVisitor: subject.kind === "visitor" && visitor.setCookie !== null,
    counted,
    settings,
    setCookies,
    assignmentChanged,
    assignmentCookie: cookie,
  };
}

/** A visitor's experiments (no user signed in), before the rest of the request is built (the Worker's page cache). */
export function resolveVisitorExperiments(context: ResolveContext, request: Request): Promise<Experiments> {
  return resolveExperiments(context, request, null);
}

/** Whether these experiments send no cookie back: the visitor id and the assignment stand as the browser sent them. */
export function sendsNoCookie(experiments: Experiments): boolean {
  return experiments.setCookies.length === 0 && !experiments.assignmentChanged;
}

/** A subject's kept assignment (for counting a conversion after the fact), or null when it was never assigned. */
export async function readStoredAssignment(kv: KVNamespace, subject: ExperimentSubject): Promise<StoredAssignment | null> {
  const kept = storedAssignmentSchema.safeParse(await kv.get(subjectKey(subject), "json"));
  return kept.success && Object.keys(kept.data).length > 0 ? kept.data : null;
}

/**
 * The experiments of one request, resolved at most once (the Worker's page cache needs the variant set before the
 * landing loader runs, and both must agree). The Worker appends `responseCookies()` to whatever answers, cached or
 * not, so no rendered page ever carries an assignment cookie of its own. The assignment cookie is signed there, once,
 * with the day's counted view in it when there is one: a new visitor's landing signs it once, not twice.
 */
export type RequestExperiments = {
  resolve(): Promise<Experiments>;
  /** Records in the assignment cookie that today's landing view was counted, in these tests. */
  rememberViewCounted(day: string, tests: ExperimentName[]): Promise<void>;
  /** The cookies this request's experiments send: a new visitor id, and the assignment cookie when it changed. */
  responseCookies(): Promise<string[]>;
};

export function createRequestExperiments(
  context: Pick<AppLoadContext, "config" | "cloudflare" | "auth" | "rateLimiter">,
  request: Request,
  /** The experiments already resolved for this request's visitor (a page the cache may answer has no user). */
  resolvedForVisitor: Promise<Experiments> | null = null,
): RequestExperiments {
  let resolved: Promise<Experiments> | null = resolvedForVisitor;
  let viewCountedOn: string | null = null;
  const resolve = () => {
    resolved ??= (async () => resolveExperiments(context, request, (await context.auth.getCurrentUser())?.user ?? null))();
    return resolved;
  };
  return {
    resolve,
    async rememberViewCounted(day, tests) {
      const experiments = await resolve();
      viewCountedOn = day;
      // The request's own record too: a checkout later in it carries what was just counted.
      experiments.counted = EXPERIMENTS.filter((name) => experiments.counted.includes(name) || tests.includes(name));
    },
    async responseCookies() {
      // A resolution that failed was reported where it was awaited; the answer then sends no cookie of its own.
      const experiments = resolved ? await resolved.catch(() => null) : null;
      if (!experiments) return [];
      if (!experiments.assignmentCookie || !(experiments.assignmentChanged || viewCountedOn)) return experiments.setCookies;
      const cookie = viewCountedOn
        ? { ...experiments.assignmentCookie, viewed: viewCountedOn, counted: experiments.counted }
        : experiments.assignmentCookie;
      return [...experiments.setCookies, await assignmentCookie(context, request).serialize(cookie)];
    },
  };
}
