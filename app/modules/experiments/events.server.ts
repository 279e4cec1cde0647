import type { AppLoadContext } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { abEvents } from "#db/schema";
import { logProblem } from "~/modules/observability/log.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { type ExperimentSubject, type Experiments, readStoredAssignment, subjectKey } from "./assignment.server";
import { assignmentFromCheckout } from "./checkout-assignment.server";
import { enqueueEventRows, type QueuedEventRow } from "./event-queue.server";
import { type CtaPlacement, EXPERIMENTS, type ExperimentEvent, type ExperimentName, type Variant } from "./experiments";
import { readExperimentSettings } from "./settings.server";
import { readVisitorId, visitorStillCounts } from "./visitor.server";

/**
 * Counting A/B events (docs/decisions/020-ab-tests.md). Every event is enqueued after the response (`ctx.waitUntil`)
 * and written to D1 in batches by the queue's consumer; a failure is logged, never shown: counting must not slow or
 * break the page. An event counts
 * for each running test the subject is in; paused and ended tests count nothing. A row keeps the page's path only
 * (never its query or a raw Referer), at most MAX_EVENT_PATH_LENGTH characters: a stranger's request must not be
 * able to grow D1 by tens of kilobytes at a time.
 */

type Context = Pick<AppLoadContext, "cloudflare">;

/** Enqueues the rows after the response; the queue's consumer writes them (event-queue.server.ts). */
function countAfterResponse(context: Context, label: string, rows: () => Promise<QueuedEventRow[]>): void {
  const work = async () => enqueueEventRows(context.cloudflare.env.EVENTS_QUEUE, await rows());
  context.cloudflare.ctx.waitUntil(work().catch((error: unknown) => logProblem("warn", `Counting ${label} failed`, error)));
}

/** The longest path an event row keeps. */
const MAX_EVENT_PATH_LENGTH = 2048;

/** The path of the page an event happened on, for its row: no origin, no query, capped; null when not a URL. */
function eventPath(url: string): string | null {
  try {
    return new URL(url).pathname.slice(0, MAX_EVENT_PATH_LENGTH);
  } catch {
    return null;
  }
}

function eventRow(
  subject: ExperimentSubject,
  visitorId: string,
  test: ExperimentName,
  variant: Variant,
  event: ExperimentEvent,
  extra: { url: string | null; placement: string | null; dedupeKey: string },
): QueuedEventRow {
  const url = extra.url ? eventPath(extra.url) : null;
  const userId = subject.kind === "user" ? subject.id : null;
  return { id: crypto.randomUUID(), testName: test, variant, event, visitorId, userId, ...extra, url, timestamp: Date.now() };
}

/**
 * Event keys this isolate has already written: a returning visitor's views that day need no D1 write at all
 * (the unique key would refuse them anyway). Bounded, and cleared rather than evicted one by one.
 */
const countedViews = new Set<string>();
const COUNTED_VIEWS_LIMIT = 10_000;

function alreadyCounted(key: string): boolean {
  if (countedViews.has(key)) return true;
  if (countedViews.size >= COUNTED_VIEWS_LIMIT) countedViews.clear();
  countedViews.add(key);
  return false;
}

/** The UTC day, for "once per day". */
function utcDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

type CountingExperiments = Pick<Experiments, "subject" | "newVisitor" | "counted" | "settings">;

/**
 * The running tests a view of the landing would count in now (docs/decisions/020-ab-tests.md, "Counting"): none for
 * a non-participant; none for a visitor met by this very request (it is counted when its browser comes back with the
 * cookie: the landing's image, its next landing view or a counted click); none for a visitor past the first day of its
 * id (it was counted then, or never will be, so that old views can be folded for good); else those not yet counted.
 */
function testsToCount(experiments: CountingExperiments): ExperimentName[] {
  const { subject, settings } = experiments;
  if (!subject || experiments.newVisitor) return [];
  if (subject.kind === "visitor" && !visitorStillCounts(subject.id)) return [];
  return EXPERIMENTS.filter((test) => settings[test].status === "running" && !experiments.counted.includes(test));
}

/** Whether a landing view of these experiments counts nothing (the page may then come from the isolate's copy). */
export function landingViewCountsNothing(experiments: CountingExperiments): boolean {
  return testsToCount(experiments).length === 0;
}

/**
 * Counts a view of the landing page, rendered or from the edge cache, or the browser's return to it (its image, a
 * click): once per subject and test, ever. A browser whose assignment cookie records the tests counted sends nothing
 * at all; otherwise the cookie learns them.
 */
export async function recordLandingView(context: Context & Pick<AppLoadContext, "experiments">, url: string): Promise<void> {
  const experiments = await context.experiments.resolve();
  const tests = testsToCount(experiments);
  if (tests.length === 0) return;
  recordExperimentEvent(context, experiments, tests, { type: "page_view", url });
  await context.experiments.rememberViewCounted(utcDay(), tests);
}

/**
 * The browser coming back to the landing with its cookie, by the image the landing links (fetched with or without
 * JavaScript): counts its first view. A request without a visitor id this app signed counts nothing and mints none.
 */
export async function recordLandingReturn(context: AppLoadContext, request: Request): Promise<void> {
  if (!(await readVisitorId(context.config, request))) return;
  const experiments = await context.experiments.resolve();
  if (landingViewCountsNothing(experiments)) return;
  if (experiments.subject) {
    await enforceRateLimits(context, request, [{ rule: "experiment_event_subject", subject: subjectKey(experiments.subject) }]);
  }
  // The page is the landing: its address as the browser reports it, else the landing's own.
  await recordLandingView(context, request.headers.get("Referer") ?? new URL("/", request.url).href);
}

/**
 * Counts an event of this request in the given tests. A page view once per subject and test (a visitor's only in the
 * first day of its id, so the clean-up can fold it for good); a click once per subject, test, placement and UTC day (a
 * click repeated, by a person or a script, counts no more).
 */
function recordExperimentEvent(
  context: Context,
  experiments: Experiments,
  tests: ExperimentName[],
  event: { type: "page_view" | "preview_click" | "cta_click"; url: string; placement?: CtaPlacement },
): void {
  const { subject, visitorId, variants } = experiments;
  if (!subject || !visitorId) return;
  const day = utcDay();
  const rows = tests
    .map((test) =>
      eventRow(subject, visitorId, test, variants[test], event.type, {
        url: event.url,
        placement: event.placement ?? null,
        dedupeKey:
          event.type === "page_view"
            ? `page_view:${test}:${subjectKey(subject)}`
            : `${event.type}:${test}:${event.placement ?? "-"}:${subjectKey(subject)}:${day}`,
      }),
    )
    .filter((row) => !row.dedupeKey || !alreadyCounted(row.dedupeKey));
  if (rows.length === 0) return;
  countAfterResponse(context, event.type, async () => rows);
}

/**
 * A click the landing page reports: the preview-click beacon (`POST /api/experiments/events`) and a counted buy
 * button (`/checkout?cta=`). It counts only for a subject the landing page already met: a signed-in user, or a
 * browser carrying the signed visitor id the landing issued (a cookie-less request, such as another site's image
 * tag, would otherwise be a new visitor every time), at most `experiment_event_subject` times a minute per
 * subject (429 beyond), and only in the tests the subject is counted in as a visitor (a click is the browser coming
 * back, so its first view is counted first). The row keeps the path of the page it came from (the `Referer`'s, cut as
 * every event's is).
 */
export async function recordClick(
  context: AppLoadContext,
  request: Request,
  event: { type: "preview_click" } | { type: "cta_click"; placement: CtaPlacement },
): Promise<void> {
  const experiments = await context.experiments.resolve();
  const { subject } = experiments;
  if (!subject || (subject.kind === "visitor" && (await readVisitorId(context.config, request)) !== subject.id)) return;
  await enforceRateLimits(context, request, [{ rule: "experiment_event_subject", subject: subjectKey(subject) }]);
  const url = request.headers.get("Referer") ?? request.url;
  await recordLandingView(context, url);
  const tests = experiments.counted.filter((test) => experiments.settings[test].status === "running");
  recordExperimentEvent(context, experiments, tests, { ...event, url });
}

/**
 * Counts a purchase as a conversion, exactly once per purchase and test, for the variant its buyer saw: the
 * buyer's account's assignment when they saw the landing page signed in, else the assignment of the browser that
 * checked out. A buyer never assigned (no landing page seen) counts nowhere.
 */
export function recordConversion(
  context: Context,
  purchase: { id: string; userId: string; visitorId: string | null; visitorAssignment: string | null },
  url: string,
): void {
  const kv = context.cloudflare.env.AB_KV;
  countAfterResponse(context, "a conversion", async () => {
    const settings = await readExperimentSettings(kv);
    const asUser: ExperimentSubject = { kind: "user", id: purchase.userId };
    const userAssignment = await readStoredAssignment(kv, asUser);
    const asVisitor: ExperimentSubject | null = purchase.visitorId ? { kind: "visitor", id: purchase.visitorId } : null;
    const checkedOut = assignmentFromCheckout(purchase.visitorAssignment);
    const visitorAssignment = !userAssignment && asVisitor && Object.keys(checkedOut).length > 0 ? checkedOut : null;
    const subject = userAssignment ? asUser : asVisitor;
    const assignment = userAssignment ?? visitorAssignment;
    if (!subject || !assignment) return [];
    return EXPERIMENTS.flatMap((test) => {
      const variant = assignment[test];
      if (settings[test].status !== "running" || !variant) return [];
      return [
        eventRow(subject, purchase.visitorId ?? purchase.userId, test, variant, "conversion", {
          url,
          placement: null,
          dedupeKey: `conversion:${test}:${purchase.id}`,
        }),
      ];
    });
  });
}

/**
 * A purchase refunded in full, or lost to a dispute, is no conversion: its rows go, so the results count paying
 * buyers. Called by the payments module as it revokes the purchase.
 */
export async function withdrawConversion(db: Database, purchaseId: string): Promise<void> {
  const keys = EXPERIMENTS.map((test) => `conversion:${test}:${purchaseId}`);
  await db.delete(abEvents).where(inArray(abEvents.dedupeKey, keys));
}
