import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Actor, recordAudit } from "~/modules/audit/audit-log.server";
import type { ExperimentForm } from "~/modules/experiments/experiments.schema";
import type { ToastInput } from "~/modules/toast/toast";
import type { ExperimentSettings } from "./experiments";
import { updateExperimentSettings } from "./settings.server";

/**
 * What an admin may change from /admin, one change per button, each written to the audit log: the split (new
 * visitors only: anyone assigned keeps their variant), pause and resume, and ending a test with its winner, after
 * which everyone sees the winner and nothing more is counted.
 */
function describeChange(form: ExperimentForm): { change: Partial<ExperimentSettings>; said: string } {
  switch (form.intent) {
    case "experiment-split":
      return { change: { splitB: form.splitB }, said: `split set to ${100 - form.splitB}% A / ${form.splitB}% B` };
    case "experiment-pause":
      return { change: { status: "paused" }, said: "paused (everyone sees A, nothing is counted)" };
    case "experiment-resume":
      return { change: { status: "running", winner: null }, said: "running again" };
    case "experiment-end":
      return { change: { status: "ended", winner: form.winner }, said: `ended: ${form.winner} wins and everyone sees it` };
  }
}

export async function changeExperiment(
  context: Pick<AppLoadContext, "db" | "cloudflare">,
  actor: Actor,
  form: ExperimentForm,
): Promise<ToastInput> {
  const { change, said } = describeChange(form);
  await updateExperimentSettings(context.cloudflare.env.AB_KV, form.experiment, change);
  await recordAudit(context.db, actor, "experiment", null, { experiment: form.experiment, change: said });
  return { type: "success", title: "Experiment updated", description: `${form.experiment}: ${said}.` };
}
