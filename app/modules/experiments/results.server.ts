import { count, countDistinct, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { abEvents, abEventTotals } from "#db/schema";
import {
  type AllExperimentSettings,
  CTA_PLACEMENTS,
  type CtaPlacement,
  EXPERIMENT_DESCRIPTIONS,
  EXPERIMENTS,
  VARIANTS,
} from "./experiments";
import type { ExperimentResult, VariantResult } from "./results";
import { compareVariants } from "./statistics";

/**
 * The Experiments section of /admin: exact counts from D1 per test and variant, and the comparison of B with A
 * (statistics.ts). Visitors are the distinct subjects with a page view (a signed-in user counts once across devices).
 * Every count is the live rows plus what the daily clean-up folded into `ab_event_totals` (retention.server.ts): clicks
 * as rows, visitors' page views as visitors (one row per visitor and test).
 * The shapes it returns live in results.ts, which the admin's components read too.
 */
const subject = sql`coalesce(${abEvents.userId}, ${abEvents.visitorId})`;

export async function loadExperimentResults(db: Database, settings: AllExperimentSettings): Promise<ExperimentResult[]> {
  const rows = await db
    .select({
      test: abEvents.testName,
      variant: abEvents.variant,
      event: abEvents.event,
      placement: abEvents.placement,
      events: count(),
      subjects: countDistinct(subject),
    })
    .from(abEvents)
    .groupBy(abEvents.testName, abEvents.variant, abEvents.event, abEvents.placement);
  const totals = await db.select().from(abEventTotals);

  const sum = (test: string, variant: string, event: string, placement?: string) =>
    rows
      .filter((row) => row.test === test && row.variant === variant && row.event === event && (!placement || row.placement === placement))
      .reduce((total, row) => total + (event === "page_view" ? row.subjects : row.events), 0) +
    totals
      .filter(
        (row) => row.testName === test && row.variant === variant && row.event === event && (!placement || row.placement === placement),
      )
      .reduce((total, row) => total + row.events, 0);

  return EXPERIMENTS.map((name) => {
    const variants = VARIANTS.map((variant): VariantResult => {
      const visitors = sum(name, variant, "page_view");
      const conversions = sum(name, variant, "conversion");
      return {
        variant,
        visitors,
        previewClicks: sum(name, variant, "preview_click"),
        ctaClicks: Object.fromEntries(CTA_PLACEMENTS.map((placement) => [placement, sum(name, variant, "cta_click", placement)])) as Record<
          CtaPlacement,
          number
        >,
        conversions,
        conversionRate: visitors > 0 ? conversions / visitors : null,
      };
    });
    const [a, b] = variants as [VariantResult, VariantResult];
    return {
      name,
      description: EXPERIMENT_DESCRIPTIONS[name],
      settings: settings[name],
      variants,
      comparison: compareVariants(a, b),
    };
  });
}
