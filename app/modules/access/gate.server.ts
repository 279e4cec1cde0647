import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { startSession } from "~/modules/auth/account.server";
import { emailOnlySchema } from "~/modules/auth/auth.schema";
import { redirectWithSession } from "~/modules/auth/request-auth.server";
import { logProblem } from "~/modules/observability/log.server";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";
import { rejectBots } from "~/modules/security/honeypot";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { sendAccessLinkIfEntitled } from "./access.server";
import { ACCESS_GATE_ANSWER, type AccessGateActionData } from "./gate";
import { grantAccessByEmail } from "./grants.server";

/**
 * The access gate's form (POST /cards, whichever card screen showed it): 'Check Access' emails a sign-in link to
 * an email that has access and answers the same for every email; 'Grant Access (Dev)' grants the typed email and
 * signs in as it, in development only.
 */
export async function accessGateAction(context: AppLoadContext, request: Request) {
  const formData = await request.formData();
  rejectBots(formData);
  const intent = formData.get("intent");
  const parsed = emailOnlySchema.safeParse({ email: formData.get("email") ?? undefined });
  const invalidEmail = () => data<AccessGateActionData>({ emailError: "Please enter a valid email address", toast: null }, { status: 400 });

  if (intent === "dev-grant") {
    if (!context.config.isDevelopment) throw new Response("Not Found", { status: 404 });
    if (!parsed.success) return invalidEmail();
    const email = parsed.data.email;
    return withFailureToast("Failed to grant access. Please try again.", async () => {
      await enforceRateLimits(context, request, [{ rule: "email_action_ip" }]);
      const { user } = await grantAccessByEmail(context.db, {
        email,
        actor: { userId: null, email },
        reason: "Grant Access (Dev) on the access gate",
      });
      const session = await startSession(context, user, false);
      return redirectWithSession(context, request, session, "/cards", { type: "success", title: "Access Granted!" });
    });
  }

  if (intent === "check-access") {
    if (!parsed.success) return invalidEmail();
    const email = parsed.data.email;
    return withFailureToast("Failed to verify access. Please try again.", async () => {
      await enforceRateLimits(context, request, [{ rule: "email_action_ip" }, { rule: "access_check_email", email }]);
      sendAccessLinkIfEntitled(context, email);
      // The same answer whatever the email: the form never reveals who bought.
      return redirectWithToast(context.config, "/cards?sent=1", {
        type: "message",
        title: "Check your email",
        description: ACCESS_GATE_ANSWER,
      });
    });
  }
  return redirect("/cards");
}

/** The gate's failures show the spec's toast on the gate itself, not the error page (a 429 still answers as a 429). */
async function withFailureToast<T>(description: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    logProblem("error", `Access gate: ${description}`, error);
    return data<AccessGateActionData>({ emailError: null, toast: { type: "error", title: "Error", description } }, { status: 503 });
  }
}
