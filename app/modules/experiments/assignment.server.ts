import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "#db/schema";
import { signedCookie } from "~/modules/http/cookies.server";
import { isCrawler } from "~/modules/http/crawlers";
import { logProblem } from "~/modules/observability/log.server";
import { subjectBucket, variantForBucket } from "./buckets";
import { type AllExperimentSettings, EXPERIMENTS, type VariantAssignment, variantOutsideTest } from "./experiments";
import { readExperimentSettings } from "./settings.server";
import { ensureVisitorId } from "./visitor.server";

/**
 * Who sees which variant (docs/decisions/020-ab-tests.md). Decided in the loader, before the page renders, so there
 * is no flicker and no JavaScript is needed:
 * - a subject's bucket in a test is a hash of its id and the test's name: a signed-in user's id, the same on every
 *   device, or a visitor's signed id (a visitor needs no storage, so a first visit costs no KV read or write);
 * - the assignment is mirrored in a signed cookie, so a change of split never moves anyone already assigned;
 * - a signed-in user's is also kept in KV (`assign:user:<id>`), so it follows them to a device that has no cookie;
 * - crawlers and visitors who send `Sec-GPC: 1` or `DNT: 1` see the control and are neither stored nor counted.
 */

export type ExperimentSubject = { kind: "user" | "visitor"; id: string };

export type Experiments = {
  /** The variant of each test this request shows. */
  variants: VariantAssignment;
  /** Whom events of this request count for; null when nothing may be counted (crawler, opted out). */
  subject: ExperimentSubject | null;
  /** The browser's visitor id (null when not counted). */
  visitorId: string | null;
  settings: AllExperimentSettings;
  /** Cookies to send with the response (a new visitor id); the assignment cookie is signed once, when the answer is sent. */
  setCookies: string[];
  /** The assignment cookie must be sent (new, changed, or not this subject's). */
  assignmentChanged: boolean;
  /** The UTC day of the last landing view counted for this browser, as its assignment cookie says. */
  viewedOn: string | null;
  /** What the assignment cookie holds (null when nothing is counted). */
  assignmentCookie: z.infer<typeof cookieSchema> | null;
};

const YEAR = 365 * 24 * 60 * 60;
/** The signed cookie mirroring a subject's assignment. */
export const ASSIGNMENT_COOKIE_NAME = "lc_ab";
const storedAssignmentSchema = z.partialRecord(z.enum(EXPERIMENTS), z.enum(["A", "B"]));
type StoredAssignment = z.infer<typeof storedAssignmentSchema>;
/** The cookie: whose assignment it is, the assignment, and the UTC day of the last landing view counted for it. */
const cookieSchema = z.object({ subject: z.string(), assignment: storedAssignmentSchema, viewed: z.string().optional() });

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
): Promise<{ assignment: StoredAssignment; fromCookie: boolean; viewed: string | null }> {
  const cookie = cookieSchema.safeParse(await assignmentCookie(context, request).parse(request.headers.get("Cookie")));
  if (cookie.success && cookie.data.subject === subjectKey(subject)) {
    return { assignment: cookie.data.assignment, fromCookie: true, viewed: cookie.data.viewed ?? null };
  }
  if (subject.kind === "visitor") return { assignment: {}, fromCookie: false, viewed: null };
  return { assignment: (await readStoredAssignment(context.cloudflare.env.AB_KV, subject)) ?? {}, fromCookie: false, viewed: null };
}

/** The variants this request shows and whom its events count for; see the module comment for the rules. */
async function resolveExperiments(
  context: Pick<AppLoadContext, "config" | "cloudflare">,
  request: Request,
  user: Pick<User, "id"> | null,
): Promise<Experiments> {
  const settings = await readExperimentSettings(context.cloudflare.env.AB_KV, { maxAgeMs: context.config.publicContentTtlMs });
  const outside = Object.fromEntries(EXPERIMENTS.map((name) => [name, variantOutsideTest(settings[name])])) as VariantAssignment;
  if (isCrawler(request.headers.get("User-Agent")) || optsOutOfTracking(request)) {
    return {
      variants: outside,
      subject: null,
      visitorId: null,
      settings,
      setCookies: [],
      assignmentChanged: false,
      viewedOn: null,
      assignmentCookie: null,
    };
  }

  const visitor = await ensureVisitorId(context.config, request);
  const setCookies = visitor.setCookie ? [visitor.setCookie] : [];
  const subject: ExperimentSubject = user ? { kind: "user", id: user.id } : { kind: "visitor", id: visitor.visitorId };
  // Without KV the kept assignment is unknown: show what non-participants see and count nothing, rather than draw
  // again (a variant never changes once assigned) or fail the page.
  const stored = await storedAssignment(context, request, subject).catch((error: unknown) => {
    logProblem("warn", "A/B assignment unavailable", error);
    return null;
  });
  if (!stored) {
    return {
      variants: outside,
      subject: null,
      visitorId: null,
      settings,
      setCookies,
      assignmentChanged: false,
      viewedOn: null,
      assignmentCookie: null,
    };
  }
  const { assignment, fromCookie, viewed } = stored;

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
  const cookie = { subject: subjectKey(subject), assignment: next };
  const assignmentChanged = assignedNow || !fromCookie;
  return {
    variants,
    subject,
    visitorId: visitor.visitorId,
    settings,
    setCookies,
    assignmentChanged,
    viewedOn: viewed,
    assignmentCookie: cookie,
  };
}

/** A visitor's experiments (no user signed in), before the rest of the request is built (the Worker's page cache). */
export function resolveVisitorExperiments(context: Pick<AppLoadContext, "config" | "cloudflare">, request: Request): Promise<Experiments> {
  return resolveExperiments(context, request, null);
}

/** Whether these experiments send no cookie back: the visitor id and the assignment stand as the browser sent them. */
export function sendsNoCookie(experiments: Experiments): boolean {
  return experiments.setCookies.length === 0 && !experiments.assignmentChanged;
}

/**
 * A visitor's assignment as the checkout carries it to the purchase (Stripe's metadata, or the test payment):
 * `hero_messaging=B,cta_button=A`. Empty for a signed-in user, whose assignment KV keeps, and for anyone not counted.
 */
export function checkoutAssignment(experiments: Pick<Experiments, "subject" | "assignmentCookie">): string {
  if (experiments.subject?.kind !== "visitor" || !experiments.assignmentCookie) return "";
  return Object.entries(experiments.assignmentCookie.assignment)
    .map(([test, variant]) => `${test}=${variant}`)
    .join(",");
}

/** The assignment a checkout carried; tests and variants it does not know are left out. */
export function assignmentFromCheckout(text: string | null): StoredAssignment {
  const pairs = (text ?? "").split(",").map((pair) => pair.split("="));
  const parsed = storedAssignmentSchema.safeParse(Object.fromEntries(pairs.filter(([test]) => EXPERIMENTS.includes(test as never))));
  return parsed.success ? parsed.data : {};
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
  /** Records in the assignment cookie that today's landing view was counted. */
  rememberViewCounted(day: string): Promise<void>;
  /** The cookies this request's experiments send: a new visitor id, and the assignment cookie when it changed. */
  responseCookies(): Promise<string[]>;
};

export function createRequestExperiments(
  context: Pick<AppLoadContext, "config" | "cloudflare" | "auth">,
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
    async rememberViewCounted(day) {
      await resolve();
      viewCountedOn = day;
    },
    async responseCookies() {
      // A resolution that failed was reported where it was awaited; the answer then sends no cookie of its own.
      const experiments = resolved ? await resolved.catch(() => null) : null;
      if (!experiments) return [];
      if (!experiments.assignmentCookie || !(experiments.assignmentChanged || viewCountedOn)) return experiments.setCookies;
      const cookie = viewCountedOn ? { ...experiments.assignmentCookie, viewed: viewCountedOn } : experiments.assignmentCookie;
      return [...experiments.setCookies, await assignmentCookie(context, request).serialize(cookie)];
    },
  };
}
