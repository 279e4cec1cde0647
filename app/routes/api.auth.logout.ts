import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requireMethod } from "~/modules/api/json.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { clearSessionCookie, deleteSessionById } from "~/modules/auth/sessions.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Ends the session behind the bearer token or cookie, and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  await requireApiUser(context);
  const current = await context.auth.getCurrentUser();
  if (current) await deleteSessionById(context.db, current.sessionId);
  return Response.json({ success: true }, { headers: { "Set-Cookie": await clearSessionCookie(context.config, request) } });
}
