import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/cloudflare";
import type { Actor } from "~/modules/audit/audit-log.server";
import { logProblem } from "~/modules/observability/log.server";
import { CREATE_CODE_INTENT, createCodeSchema, endCodeSchema } from "~/modules/payments/discount-codes.schema";
import { createDiscountCode, endDiscountCode } from "~/modules/payments/discount-codes.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** The Discount codes section's answer when it does not redirect: the create form's reply, or a message for End. */
export type CodesActionData = { section: "codes"; result: SubmissionResult<string[]> | null; error: string | null };

const HERE = "/admin#codes-title";

/** Create and End of /admin's Discount codes section (docs/decisions/050-codes-and-refunds.md). */
export async function codesAction(context: AppLoadContext, actor: Actor, formData: FormData) {
  if (formData.get("intent") === CREATE_CODE_INTENT) {
    const submission = parseWithZod(formData, { schema: createCodeSchema });
    if (submission.status !== "success") return data<CodesActionData>({ section: "codes", result: submission.reply(), error: null }, 400);
    const outcome = await createDiscountCode(context, actor, submission.value);
    if (outcome.status === "refused") {
      const reply = outcome.field
        ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
        : submission.reply({ formErrors: [outcome.message] });
      return data<CodesActionData>({ section: "codes", result: reply, error: null }, outcome.field === "code" ? 409 : 400);
    }
    return redirectWithToast(context.config, HERE, {
      type: "success",
      title: `Code ${outcome.code.code} created`,
      description: "Buyers can use it at checkout now.",
    });
  }
  const parsed = endCodeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data<CodesActionData>({ section: "codes", result: null, error: "That code could not be found." }, 400);
  try {
    if (!(await endDiscountCode(context, actor, parsed.data.codeId))) {
      return data<CodesActionData>({ section: "codes", result: null, error: "That code has ended already." }, 409);
    }
  } catch (error) {
    logProblem("warn", "Ending a discount code failed", error);
    return data<CodesActionData>({ section: "codes", result: null, error: "Stripe did not end the code. Please try again." }, 502);
  }
  return redirectWithToast(context.config, HERE, { type: "success", title: "Code ended", description: "Checkout refuses it from now on." });
}
