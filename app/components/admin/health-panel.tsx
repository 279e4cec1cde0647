import type { ReactNode } from "react";
import type { HealthView } from "~/modules/health/health";
import { STRIPE_EVENT_WORDS } from "~/modules/payments/webhook-events";

/**
 * The Health section of /admin (docs/decisions/029-deploy-and-operations.md): is the shop working? Plain server-drawn
 * text, so it reads the same without JavaScript. Failed emails have their Resend buttons in the table below it.
 */
export function HealthPanel({ health }: { health: HealthView }) {
  const { crons, emails, purchases, webhook, serving } = health;
  return (
    <section aria-labelledby="health-title" className="space-y-5 rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6" data-testid="health">
      <h2 id="health-title" className="text-xl font-semibold">
        Health
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Tile title="Scheduled tasks">
          <ul className="space-y-2">
            {crons.map((cron) => (
              <li key={cron.label} data-testid="cron-run">
                <span className="font-semibold">{cron.label}: </span>
                {cron.ranAt && cron.ranAtIso ? (
                  <>
                    <span className={cron.outcome === "failed" ? "font-semibold text-red-800" : "text-sage-800"}>
                      {cron.outcome === "failed" ? "failed" : `ok, ${cron.count ?? 0} done`}
                    </span>{" "}
                    <span className="text-ink-muted">
                      at <time dateTime={cron.ranAtIso}>{cron.ranAt}</time>
                    </span>
                    {cron.error ? <span className="block break-all text-red-800">{cron.error}</span> : null}
                  </>
                ) : (
                  <span className="text-ink-muted">not run yet</span>
                )}
              </li>
            ))}
          </ul>
        </Tile>
        <Tile title="Emails, last 24 hours">
          <Counts
            counts={[
              ["Queued", emails.queued],
              ["Sent", emails.sent],
              ["Retrying", emails.retrying],
              ["Failed", emails.failed],
            ]}
          />
          {emails.failed > 0 ? <p className="mt-2 text-ink-muted">Failed emails are listed below, each with a Resend button.</p> : null}
        </Tile>
        <Tile title="Purchases">
          <Counts
            counts={[
              ["Last 24 hours", purchases.lastDay],
              ["Last 7 days", purchases.lastWeek],
            ]}
          />
        </Tile>
        <Tile title="Last Stripe webhook">
          {webhook ? (
            <p data-testid="last-webhook">
              {STRIPE_EVENT_WORDS[webhook.eventType] ?? <code className="break-all font-mono">{webhook.eventType}</code>}{" "}
              <span className="text-ink-muted">
                at <time dateTime={webhook.receivedAtIso}>{webhook.receivedAt}</time>
              </span>
            </p>
          ) : (
            <p className="text-ink-muted" data-testid="last-webhook">
              None received yet.
            </p>
          )}
        </Tile>
      </div>
      {/* What a developer asks when something looks wrong; an owner seldom needs it, so it waits behind a click. */}
      <details className="text-sm" data-testid="serving">
        <summary className="cursor-pointer py-2 font-semibold text-lavender-700">For a developer: what is serving</summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-ink-muted">Content version</dt>
          <dd className="break-all font-mono">{serving.contentVersion}</dd>
          <dt className="text-ink-muted">Build</dt>
          <dd className="break-all font-mono">{serving.buildVersion}</dd>
        </dl>
      </details>
    </section>
  );
}

function Tile({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-sage-50 p-4 text-sm ring-1 ring-sage-100">
      <h3 className="mb-2 font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function Counts({ counts }: { counts: [string, number][] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
      {counts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
