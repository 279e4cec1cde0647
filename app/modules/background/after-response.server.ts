import type { AppLoadContext } from "@remix-run/cloudflare";
import { logProblem } from "~/modules/observability/log.server";

/** Waits between attempts of a task that failed: about 0.5 s, then 2 s. */
const RETRY_DELAYS_MS = [500, 2_000];

/**
 * Runs `task` after the response has gone (`ctx.waitUntil`), retrying a failure twice and logging every
 * one. Used where doing the work before answering would tell the requester something: the access gate and
 * the password-reset, sign-in-link and resend-verification forms answer at once, identically for every
 * email, and whatever differs by email (the account lookup, the token, queueing the email) happens
 * here, where neither its duration nor its failure can reach the answer.
 */
export function runAfterResponse(context: Pick<AppLoadContext, "cloudflare">, label: string, task: () => Promise<void>): void {
  context.cloudflare.ctx.waitUntil(runWithRetries(label, task));
}

async function runWithRetries(label: string, task: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await task();
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        logProblem("error", `${label} failed after ${attempt + 1} attempts; giving up`, error);
        return;
      }
      logProblem("warn", `${label} failed (attempt ${attempt + 1}); retrying in ${delay} ms`, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
