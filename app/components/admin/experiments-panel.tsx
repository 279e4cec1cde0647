import { ExperimentControls } from "~/components/admin/experiment-controls";
import { stacked } from "~/components/admin/stacked";
import { StackedHead } from "~/components/admin/stacked-head";
import { CTA_PLACEMENTS, type CtaPlacement, type ExperimentName, type Variant } from "~/modules/experiments/experiments";
import { EXPERIMENT_TITLES, plainVerdict } from "~/modules/experiments/plain-words";
import type { ExperimentResult } from "~/modules/experiments/results";

/**
 * The Experiments section of /admin: per test, the exact counts of each variant, the comparison of B with A, and
 * plain forms (no JavaScript needed) to change the split, pause or resume the test, or end it with a winner.
 */
const PLACEMENT_LABELS: Record<CtaPlacement, string> = { hero: "Hero", pricing: "Pricing", final_cta: "Final CTA" };
const COLUMNS = [
  "Variant",
  "What it says",
  "Visitors",
  "Preview clicks",
  ...CTA_PLACEMENTS.map((placement) => `CTA clicks: ${PLACEMENT_LABELS[placement]}`),
  "Conversions",
  "Conversion rate",
];
const STATUS_LABELS = { running: "Running", paused: "Paused", ended: "Ended" } as const;

function percent(value: number | null, signed = false): string {
  if (value === null) return "—";
  const text = `${(value * 100).toFixed(1)}%`;
  return signed && value > 0 ? `+${text}` : text.replace("-", "\u2212");
}

const td = `${stacked.td} tabular-nums`;

export type ExperimentFormError = { experiment: string; message: string } | null;
/** The End button's answer: this test, with this winner, waits for the admin to confirm. */
export type EndConfirmation = { experiment: ExperimentName; winner: Variant } | null;
type VariantCopy = Record<ExperimentName, Record<Variant, string[]>>;

export function ExperimentsPanel({
  experiments,
  variantCopy,
  error,
  confirmEnd,
}: {
  experiments: ExperimentResult[];
  variantCopy: VariantCopy;
  error: ExperimentFormError;
  confirmEnd: EndConfirmation;
}) {
  return (
    <section aria-labelledby="experiments-title" className="space-y-6 rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6">
      <div>
        <h2 id="experiments-title" className="text-xl font-semibold">
          Experiments
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Tests of the home page's wording: half the new visitors see version A, half see B (or the split you set), and each is counted
          once. The verdict says which sells better once the difference is larger than chance would make it.
        </p>
      </div>
      {experiments.map((experiment) => (
        <ExperimentCard
          key={experiment.name}
          experiment={experiment}
          copy={variantCopy[experiment.name]}
          error={error?.experiment === experiment.name ? error.message : null}
          confirmWinner={confirmEnd?.experiment === experiment.name ? confirmEnd.winner : null}
        />
      ))}
    </section>
  );
}

function ExperimentCard({
  experiment,
  copy,
  error,
  confirmWinner,
}: {
  experiment: ExperimentResult;
  copy: Record<Variant, string[]>;
  error: string | null;
  confirmWinner: Variant | null;
}) {
  const { settings, comparison } = experiment;
  const [a, b] = experiment.variants;
  const verdict = plainVerdict(a ?? { visitors: 0, conversions: 0 }, b ?? { visitors: 0, conversions: 0 }, comparison);
  const titleId = `experiment-${experiment.name}`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl p-3 ring-1 ring-sage-200 sm:p-4"
      data-testid={`experiment-${experiment.name}`}
    >
      <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
        {EXPERIMENT_TITLES[experiment.name]}{" "}
        <span
          className="ml-2 inline-block rounded-full bg-sage-100 px-2 py-0.5 text-xs font-semibold text-sage-800"
          data-testid="experiment-status"
        >
          {STATUS_LABELS[settings.status]}
          {settings.status === "ended" && settings.winner ? `: ${settings.winner} won` : ""}
          {settings.status === "running" ? ` (${100 - settings.splitB}% A / ${settings.splitB}% B)` : ""}
        </span>
      </h3>
      <p className="text-sm text-ink-muted">{experiment.description}</p>
      <div className="mt-3 rounded-xl bg-sage-50 p-3" data-testid="experiment-verdict">
        <p className="font-semibold">{verdict.headline}</p>
        {verdict.detail ? <p className="mt-1 text-sm">{verdict.detail}</p> : null}
      </div>
      <details className="mt-3 text-sm" data-testid="experiment-statistics">
        <summary className="cursor-pointer py-2 font-semibold text-lavender-700">The numbers and the statistics</summary>
        <div className="mt-2">
          <table className={`${stacked.table} sm:min-w-[720px]`}>
            <caption className="sr-only">Results of {experiment.name}</caption>
            <StackedHead columns={COLUMNS} />
            <tbody className={stacked.tbody}>
              {experiment.variants.map((row) => (
                <tr key={row.variant} data-testid={`variant-${row.variant}`} className={stacked.row}>
                  <th scope="row" className={`${td} text-left font-semibold`} data-label={COLUMNS[0]}>
                    {row.variant}
                  </th>
                  {/* What this variant says on the landing page, so the numbers can be read against the words. */}
                  <td className={`${td} text-ink-muted sm:w-64 sm:min-w-[12rem]`} data-testid="variant-copy" data-label={COLUMNS[1]}>
                    {/* One child: on a phone the cell is a flex row of its label and this. */}
                    <span className="block min-w-0">
                      {copy[row.variant].map((line) => (
                        <span key={line} className="block">
                          “{line}”
                        </span>
                      ))}
                    </span>
                  </td>
                  <td className={td} data-label={COLUMNS[2]}>
                    {row.visitors}
                  </td>
                  <td className={td} data-label={COLUMNS[3]}>
                    {row.previewClicks}
                  </td>
                  {CTA_PLACEMENTS.map((placement, index) => (
                    <td key={placement} className={td} data-label={COLUMNS[4 + index]}>
                      {row.ctaClicks[placement]}
                    </td>
                  ))}
                  <td className={td} data-label={COLUMNS[4 + CTA_PLACEMENTS.length]}>
                    {row.conversions}
                  </td>
                  <td className={td} data-label={COLUMNS[5 + CTA_PLACEMENTS.length]}>
                    {percent(row.conversionRate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3">
          Lift of B over A: <strong>{percent(comparison.lift, true)}</strong>
          {comparison.liftInterval
            ? ` (95% CI ${percent(comparison.liftInterval[0], true)} to ${percent(comparison.liftInterval[1], true)})`
            : " (95% CI needs a conversion in each variant)"}
          {" · "}p = {comparison.pValue === null ? "—" : comparison.pValue.toFixed(3)}
          {" · "}
          {comparison.verdict}
        </p>
        <p className="mt-1 text-ink-muted">
          Test key: <code>{experiment.name}</code>. A visitor counts once (a signed-in user once across devices); the lift compares B's
          conversion rate with A's, with a 95% confidence interval and a two-proportion z-test.
        </p>
      </details>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <ExperimentControls experiment={experiment} confirmWinner={confirmWinner} />
    </article>
  );
}
