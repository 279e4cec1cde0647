import { count, gte, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { emailOutbox, operationRuns, purchases } from "#db/schema";
import { formatAdminDate } from "~/modules/access/admin-view";
import { DAILY_CARD_CRON } from "~/modules/daily-card/daily-card.server";
import { CLEANUP_CRON, type CleanupCounts } from "~/modules/maintenance/cleanup.server";
import { scrubbed, withTaskLog } from "~/modules/observability/log.server";
import type { HealthView } from "./health";

/**
 * Is the shop healthy? What the health panel on /admin shows (docs/decisions/029-deploy-and-operations.md): each
 * cron's last run, the email queue and purchases of the last day, the last Stripe webhook, and what is serving.
 * The crons and the webhook leave their last run in `operation_runs`; the rest is counted from the app's own tables.
 */
const CRON_TASKS = [
  { cron: DAILY_CARD_CRON, name: "cron:daily-card", label: "Daily card" },
  { cron: CLEANUP_CRON, name: "cron:cleanup", label: "Clean-up" },
] as const;

const STRIPE_WEBHOOK = "stripe-webhook";
const DAY_MS = 86_400_000;

type OperationRun = typeof operationRuns.$inferInsert;

async function recordOperation(db: Database, run: OperationRun) {
  const { name: _name, ...update } = run;
  await db.insert(operationRuns).values(run).onConflictDoUpdate({ target: operationRuns.name, set: update });
}

/**
 * Runs one cron's task: logs its line (withTaskLog) and keeps its outcome and count for the panel, a failure included
 * (then rethrown, so Cloudflare shows the run as failed too). A schedule without a task is recorded under its cron.
 */
export async function withCronRun(
  context: { db: Database; cron: string; now: Date; d1Ms: () => number },
  run: () => Promise<{ count: number }>,
): Promise<void> {
  const name = CRON_TASKS.find((task) => task.cron === context.cron)?.name ?? `cron:${context.cron}`;
  try {
    const { count } = await withTaskLog({ type: "cron", name, d1Ms: context.d1Ms }, run);
    await recordOperation(context.db, { name, ranAt: context.now, outcome: "ok", count, detail: null });
  } catch (error) {
    const detail = scrubbed(error instanceof Error ? error.message : String(error));
    await recordOperation(context.db, { name, ranAt: context.now, outcome: "failed", count: null, detail: detail.slice(0, 500) });
    throw error;
  }
}

/** The clean-up's count on the panel: every row it deleted or folded into a total. */
export function cleanedUpRows(counts: CleanupCounts): number {
  const { experimentEvents, ...tables } = counts;
  return Object.values(tables).reduce((sum, rows) => sum + rows, experimentEvents.clicks + experimentEvents.pageViews);
}

/** A verified Stripe event arrived (only its type is kept). */
export async function recordStripeWebhook(db: Database, eventType: string, now = new Date()) {
  await recordOperation(db, { name: STRIPE_WEBHOOK, ranAt: now, outcome: "ok", count: null, detail: eventType });
}

export async function loadHealth(
  db: Database,
  { now, contentVersion, buildVersion }: { now: Date; contentVersion: string; buildVersion: string },
): Promise<HealthView> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  // A queued row that was tried already is retrying: the queue redelivers it (docs/decisions/021).
  const emailState = sql<string>`case when ${emailOutbox.status} = 'queued' and ${emailOutbox.attempts} > 0 then 'retrying' else ${emailOutbox.status} end`;
  const [runs, emailCounts, [lastDay], [lastWeek]] = await Promise.all([
    db.select().from(operationRuns),
    db.select({ state: emailState, total: count() }).from(emailOutbox).where(gte(emailOutbox.createdAt, dayAgo)).groupBy(emailState),
    db.select({ total: count() }).from(purchases).where(gte(purchases.createdAt, dayAgo)),
    db.select({ total: count() }).from(purchases).where(gte(purchases.createdAt, weekAgo)),
  ]);
  const byName = new Map(runs.map((run) => [run.name, run]));
  const emails = { queued: 0, sent: 0, retrying: 0, failed: 0 };
  for (const { state, total } of emailCounts) if (state in emails) emails[state as keyof typeof emails] = total;
  const webhook = byName.get(STRIPE_WEBHOOK);
  return {
    crons: CRON_TASKS.map((task) => {
      const run = byName.get(task.name);
      return {
        label: task.label,
        ranAt: formatAdminDate(run?.ranAt),
        ranAtIso: run?.ranAt.toISOString() ?? null,
        outcome: run?.outcome ?? null,
        count: run?.count ?? null,
        error: run?.outcome === "failed" ? run.detail : null,
      };
    }),
    emails,
    purchases: { lastDay: lastDay?.total ?? 0, lastWeek: lastWeek?.total ?? 0 },
    webhook: webhook
      ? { receivedAt: formatAdminDate(webhook.ranAt) ?? "", receivedAtIso: webhook.ranAt.toISOString(), eventType: webhook.detail ?? "" }
      : null,
    serving: { contentVersion, buildVersion },
  };
}
