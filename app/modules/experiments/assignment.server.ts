import type { AppLoadContext } from "@remix-run/cloudflare";
import { isbot } from "isbot";
import { z } from "zod";
import type { User } from "#db/schema";
import { signedCookie } from "~/modules/http/cookies.server";
import { type AllExperimentSettings, EXPERIMENTS, type VariantAssignment, variantOutsideTest } from "./experiments";
import { randomBucket, userBucket, variantForBucket } from "./buckets";
import { readExperimentSettings } from "./settings.server";
import { ensureVisitorId } from "./visitor.server";

/**
 * Who sees which variant (docs/decisions/020-ab-tests.md). Decided in the loader, before the page renders, so there
 * is no flicker and no JavaScript is needed:
 * - a signed-in user's variant comes from a hash of user id and test name, the same on every device;
 * - a visitor's is drawn at random on the first visit (the split's share of B);
 * - either is kept in KV under the subject (`assign:user:<id>`, `assign:visitor:<id>`, the visitor's for a year, as
 *   long as its cookie) and mirrored in a signed cookie, so a returning visitor costs no KV read, a lost cookie is recovered from KV, and a change of split
 *   never moves anyone already assigned;
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
  /** Cookies to send with the response (a new visitor id, a changed assignment). */
  setCookies: string[];
};

const YEAR = 365 * 24 * 60 * 60;
/** The signed cookie mirroring a subject's assignment. */
export const ASSIGNMENT_COOKIE_NAME = "lc_ab";
const storedAssignmentSchema = z.partialRecord(z.enum(EXPERIMENTS), z.enum(["A", "B"]));
type StoredAssignment = z.infer<typeof storedAssignmentSchema>;
const cookieSchema = z.object({ subject: z.string(), assignment: storedAssignmentSchema });

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

async function storedAssignment(
  context: Pick<AppLoadContext, "config" | "cloudflare">,
  request: Request,
  subject: ExperimentSubject,
): Promise<{ assignment: StoredAssignment; fromCookie: boolean }> {
  const cookie = cookieSchema.safeParse(await assignmentCookie(context, request).parse(request.headers.get("Cookie")));
  if (cookie.success && cookie.data.subject === subjectKey(subject)) return { assignment: cookie.data.assignment, fromCookie: true };
  return { assignment: (await readStoredAssignment(context.cloudflare.env.AB_KV, subject)) ?? {}, fromCookie: false };
}

/** The variants this request shows and whom its events count for; see the module comment for the rules. */
async function resolveExperiments(
  context: Pick<AppLoadContext, "config" | "cloudflare">,
  request: Request,
  user: Pick<User, "id"> | null,
): Promise<Experiments> {
  const settings = await readExperimentSettings(context.cloudflare.env.AB_KV, { maxAgeMs: context.config.publicContentTtlMs });
  const outside = Object.fromEntries(EXPERIMENTS.map((name) => [name, variantOutsideTest(settings[name])])) as VariantAssignment;
  if (isbot(request.headers.get("User-Agent") ?? "") || optsOutOfTracking(request)) {
    return { variants: outside, subject: null, visitorId: null, settings, setCookies: [] };
  }

  const visitor = await ensureVisitorId(context.config, request);
  const setCookies = visitor.setCookie ? [visitor.setCookie] : [];
  const subject: ExperimentSubject = user ? { kind: "user", id: user.id } : { kind: "visitor", id: visitor.visitorId };
  // Without KV the kept assignment is unknown: show what non-participants see and count nothing, rather than draw
  // again (a variant never changes once assigned) or fail the page.
  const stored = await storedAssignment(context, request, subject).catch((error: unknown) => {
    console.warn("A/B assignment unavailable:", error);
    return null;
  });
  if (!stored) return { variants: outside, subject: null, visitorId: null, settings, setCookies };
  const { assignment, fromCookie } = stored;

  const variants = { ...outside };
  const next: StoredAssignment = { ...assignment };
  let assignedNow = false;
  for (const name of EXPERIMENTS) {
    if (settings[name].status !== "running") continue;
    let variant = next[name];
    if (!variant) {
      const bucket = subject.kind === "user" ? await userBucket(subject.id, name) : randomBucket();
      variant = variantForBucket(bucket, settings[name].splitB);
      next[name] = variant;
      assignedNow = true;
    }
    variants[name] = variant;
  }

  if (assignedNow) {
    // A visitor's assignment lives as long as its cookie: every cookie-less landing writes one, and none may stay forever.
    const expiry = subject.kind === "visitor" ? { expirationTtl: YEAR } : undefined;
    const keep = context.cloudflare.env.AB_KV.put(subjectKey(subject), JSON.stringify(next), expiry);
    context.cloudflare.ctx.waitUntil(keep.catch((error: unknown) => console.warn("Keeping an A/B assignment failed:", error)));
  }
  if (assignedNow || !fromCookie) {
    setCookies.push(await assignmentCookie(context, request).serialize({ subject: subjectKey(subject), assignment: next }));
  }
  return { variants, subject, visitorId: visitor.visitorId, settings, setCookies };
}

/** A subject's kept assignment (for counting a conversion after the fact), or null when it was never assigned. */
export async function readStoredAssignment(kv: KVNamespace, subject: ExperimentSubject): Promise<StoredAssignment | null> {
  const kept = storedAssignmentSchema.safeParse(await kv.get(subjectKey(subject), "json"));
  return kept.success && Object.keys(kept.data).length > 0 ? kept.data : null;
}

/**
 * The experiments of one request, resolved at most once (the Worker's page cache needs the variant set before the
 * landing loader runs, and both must agree). The Worker appends `responseCookies` to whatever answers, cached or not,
 * so no rendered page ever carries an assignment cookie of its own.
 */
export type RequestExperiments = {
  resolve(): Promise<Experiments>;
  readonly responseCookies: string[];
};

export function createRequestExperiments(
  context: Pick<AppLoadContext, "config" | "cloudflare" | "auth">,
  request: Request,
): RequestExperiments {
  const responseCookies: string[] = [];
  let resolved: Promise<Experiments> | null = null;
  return {
    resolve() {
      resolved ??= (async () => {
        const experiments = await resolveExperiments(context, request, (await context.auth.getCurrentUser())?.user ?? null);
        responseCookies.push(...experiments.setCookies);
        return experiments;
      })();
      return resolved;
    },
    responseCookies,
  };
}
