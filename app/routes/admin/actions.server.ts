import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import type { EndConfirmation, ExperimentFormError } from "~/components/admin/experiments-panel";
import {
  type AdminIntent,
  adminFormSchema,
  RESEND_NOT_FAILED_MESSAGE,
  reasonOrNull,
  resendEmailSchema,
} from "~/modules/access/access.schema";
import { type AccessResultView, accessResultView, grantedToast, revokedToast } from "~/modules/access/admin-view";
import { checkAccessByEmail, grantAccessAndTellRecipient, revokeAccessByEmail } from "~/modules/access/grants.server";
import type { Actor } from "~/modules/audit/audit-log.server";
import { resendFailedEmail } from "~/modules/email/queue.server";
import { changeExperiment } from "~/modules/experiments/admin.server";
import { experimentFormSchema } from "~/modules/experiments/experiments.schema";
import { logProblem } from "~/modules/observability/log.server";
import type { ToastInput } from "~/modules/toast/toast";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { codesAction } from "./codes-actions.server";

/**
 * What an /admin action answers when it does not redirect: one shape per section of the page, told apart by `section`,
 * so the page reads only the answer meant for the section it renders.
 */
type AdminActionData =
  /** The access form: its conform reply, and the result box of a check. */
  | { section: "access"; result: SubmissionResult<string[]>; check: AccessResultView | null }
  | { section: "experiment-error"; error: NonNullable<ExperimentFormError> }
  /** The End button only asks; the page shows the confirmation for this test. */
  | { section: "experiment-confirm-end"; confirmEnd: NonNullable<EndConfirmation> }
  | { section: "resend-error"; error: string };

const FAILURE_MESSAGES = {
  grant: "Failed to grant access. Please try again.",
  check: "Failed to check access. Please try again.",
  revoke: "Failed to revoke access. Please try again.",
} as const;

type IntentInput = { email: string; reason: string | null; message: string | null; actor: Actor };

/** Grant and revoke end in a toast on the page they redirect to (Post/Redirect/Get); check shows its result. */
type IntentOutcome = { toast: ToastInput } | { check: AccessResultView };

/** One function per button; each calls the access module and says what to show. */
const INTENTS: Record<AdminIntent, (context: AppLoadContext, input: IntentInput) => Promise<IntentOutcome>> = {
  grant: async (context, input) => ({ toast: grantedToast(await grantAccessAndTellRecipient(context, input)) }),
  revoke: async ({ db }, input) => ({ toast: revokedToast(await revokeAccessByEmail(db, { ...input, reason: input.reason ?? "" })) }),
  check: async ({ db }, input) => ({ check: accessResultView(input.email, await checkAccessByEmail(db, input)) }),
};

const answer = (actionData: AdminActionData, status = 200) => data(actionData, { status });

/** Every button of /admin posts here; the intent says which section it belongs to. */
export async function adminAction(context: AppLoadContext, actor: Actor, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  if (intent.startsWith("experiment-")) return experimentAction(context, actor, formData);
  if (intent === "resend-email") return resendEmailAction(context, actor, formData);
  if (intent.startsWith("code-")) return codesAction(context, actor, formData);
  return accessAction(context, actor, formData);
}

/** Grant, check and revoke: the access form. */
async function accessAction(context: AppLoadContext, actor: Actor, formData: FormData) {
  const submission = parseWithZod(formData, { schema: adminFormSchema });
  if (submission.status !== "success") {
    // Only a forged request lacks a known intent (the buttons send it); say so above the form.
    const intentErrors = submission.error?.intent ?? [];
    return answer({ section: "access", result: submission.reply({ formErrors: intentErrors }), check: null }, 400);
  }
  const { intent, email } = submission.value;
  let outcome: IntentOutcome;
  try {
    const { reason, message } = submission.value;
    outcome = await INTENTS[intent](context, { email, reason: reasonOrNull(reason), message: reasonOrNull(message), actor });
  } catch (error) {
    // The one error path: logged, and answered with the spec's message for that button (503).
    logProblem("warn", `Admin ${intent} failed`, error);
    return answer({ section: "access", result: submission.reply({ formErrors: [FAILURE_MESSAGES[intent]] }), check: null }, 503);
  }
  if ("toast" in outcome) return redirectWithToast(context.config, `/admin?email=${encodeURIComponent(email)}`, outcome.toast);
  return answer({ section: "access", result: submission.reply(), check: outcome.check });
}

/** The Experiments section's buttons: change the test in KV, log it, and come back with a toast. */
async function experimentAction(context: AppLoadContext, actor: Actor, formData: FormData) {
  const parsed = experimentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const experiment = String(formData.get("experiment") ?? "");
    const message = parsed.error.issues[0]?.message ?? "Invalid input";
    return answer({ section: "experiment-error", error: { experiment, message } }, 400);
  }
  if (parsed.data.intent === "experiment-end" && !parsed.data.confirmed) {
    // Ending cannot be undone for the visitors counted so far: the End button only asks, the confirmation ends it.
    return answer({ section: "experiment-confirm-end", confirmEnd: { experiment: parsed.data.experiment, winner: parsed.data.winner } });
  }
  const toast = await changeExperiment(context, actor, parsed.data);
  return redirectWithToast(context.config, "/admin#experiments-title", toast);
}

/** The Resend button of a failed email: back onto the queue, audit-logged, then a toast on this page. */
async function resendEmailAction(context: AppLoadContext, actor: Actor, formData: FormData) {
  const input = resendEmailSchema.safeParse(Object.fromEntries(formData));
  if (!input.success) return answer({ section: "resend-error", error: RESEND_NOT_FAILED_MESSAGE }, 400);
  const queue = context.cloudflare.env.EMAIL_QUEUE;
  if (!(await resendFailedEmail({ db: context.db, queue }, input.data.outboxId, actor))) {
    return answer({ section: "resend-error", error: RESEND_NOT_FAILED_MESSAGE }, 409);
  }
  return redirectWithToast(context.config, "/admin", {
    type: "success",
    title: "Email queued again",
    description: "It will be sent in a moment.",
  });
}
