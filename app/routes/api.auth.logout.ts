import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { requireApiUser } from "~/modules/auth/guards.server";
import { clearSessionCookie } from "~/modules/auth/request-auth.server";
import { deleteSessionById } from "~/modules/auth/sessions.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Ends the session behind the bearer token or cookie, and clears the cookie. */
export const action = jsonAction({ caller: ({ context }) => requireApiUser(context) }, async ({ context, request }) => {
  const current = await context.auth.getCurrentUser();
  if (current) await deleteSessionById(context.db, current.sessionId);
  return Response.json({ success: true }, { headers: { "Set-Cookie": await clearSessionCookie(context.config, request) } });
});
