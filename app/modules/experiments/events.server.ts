import type { AppLoadContext } from "@remix-run/cloudflare";
import { abEvents } from "#db/schema";
import { type Experiments, type ExperimentSubject, readStoredAssignment, subjectKey } from "./assignment.server";
import { type CtaPlacement, EXPERIMENTS, type ExperimentEvent, type ExperimentName, type Variant } from "./experiments";
import { readExperimentSettings } from "./settings.server";

/**
 * Counting A/B events in D1 (docs/decisions/020-ab-tests.md). Every write happens after the response
 * (`ctx.waitUntil`) and a failure is logged, never shown: counting must not slow or break the page. An event counts
 * for each running test the subject is in; paused and ended tests count nothing.
 */

type Row = typeof abEvents.$inferInsert;
type Context = Pick<AppLoadContext, "db" | "cloudflare">;

function writeAfterResponse(context: Context, label: string, rows: () => Promise<Row[]>): void {
  const work = async () => {
    const values = await rows();
    if (values.length > 0) await context.db.insert(abEvents).values(values).onConflictDoNothing({ target: abEvents.dedupeKey });
  };
  context.cloudflare.ctx.waitUntil(work().catch((error: unknown) => console.warn(`Counting ${label} failed:`, error)));
}

function eventRow(
  subject: ExperimentSubject,
  visitorId: string,
  test: ExperimentName,
  variant: Variant,
  event: ExperimentEvent,
  extra: Pick<Row, "url" | "placement" | "dedupeKey">,
): Row {
  return { testName: test, variant, event, visitorId, userId: subject.kind === "user" ? subject.id : null, ...extra };
}

/**
 * Page-view keys this isolate has already written: a returning visitor's views that day need no D1 write at all
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
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts an event of this request for every running test. A page view counts once per subject, test and day; a
 * preview or CTA click every time.
 */
export function recordExperimentEvent(
  context: Context,
  experiments: Experiments,
  event: { type: "page_view" | "preview_click" | "cta_click"; url: string; placement?: CtaPlacement },
): void {
  const { subject, visitorId, settings, variants } = experiments;
  if (!subject || !visitorId) return;
  const day = utcDay(new Date());
  const rows = EXPERIMENTS.filter((test) => settings[test].status === "running")
    .map((test) =>
      eventRow(subject, visitorId, test, variants[test], event.type, {
        url: event.url,
        placement: event.placement ?? null,
        dedupeKey: event.type === "page_view" ? `page_view:${test}:${subjectKey(subject)}:${day}` : null,
      }),
    )
    .filter((row) => !row.dedupeKey || !alreadyCounted(row.dedupeKey));
  if (rows.length === 0) return;
  writeAfterResponse(context, event.type, async () => rows);
}

/**
 * Counts a purchase as a conversion, exactly once per purchase and test, for the variant its buyer saw: the
 * buyer's account's assignment when they saw the landing page signed in, else the assignment of the browser that
 * checked out. A buyer never assigned (no landing page seen) counts nowhere.
 */
export function recordConversion(context: Context, purchase: { id: string; userId: string; visitorId: string | null }, url: string): void {
  const kv = context.cloudflare.env.AB_KV;
  writeAfterResponse(context, "a conversion", async () => {
    const settings = await readExperimentSettings(kv);
    const asUser: ExperimentSubject = { kind: "user", id: purchase.userId };
    const userAssignment = await readStoredAssignment(kv, asUser);
    const asVisitor: ExperimentSubject | null = purchase.visitorId ? { kind: "visitor", id: purchase.visitorId } : null;
    const visitorAssignment = !userAssignment && asVisitor ? await readStoredAssignment(kv, asVisitor) : null;
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
