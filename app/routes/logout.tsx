import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { redirectClearingSession } from "~/modules/auth/request-auth.server";
import { deleteSessionById } from "~/modules/auth/sessions.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { logProblem } from "~/modules/observability/log.server";

export const headers = forwardHeaders;

/** No GET changes data: visiting /logout just goes home. */
export function loader() {
  return redirect("/");
}

/** Deletes the server session and always clears the cookie, even if the deletion fails. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const current = await context.auth.getCurrentUser();
    if (current) await deleteSessionById(context.db, current.sessionId);
  } catch (error) {
    logProblem("warn", "Sign-out could not delete the server session", error);
  }
  return redirectClearingSession(context, request, "/", { type: "success", title: "Signed out", description: "See you tomorrow." });
}
