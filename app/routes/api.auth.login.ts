import { toApiUser } from "~/modules/api/api-user.server";
import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { signInWithPassword } from "~/modules/auth/account.server";
import { loginSchema } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/auth/login → { token, user }. The token is a bearer session token. */
export const action = jsonAction({ body: loginSchema }, async ({ context, request, input }) => {
  await enforceRateLimits(context, request, [{ rule: "sign_in_ip" }, { rule: "sign_in_email", email: input.email }]);
  const outcome = await signInWithPassword(context, input);
  if (outcome.status === "invalid") return apiError(401, "Invalid email or password.");
  if (outcome.status === "unverified") return apiError(403, "Please verify your email before logging in.");
  return Response.json({ token: outcome.session.token, user: await toApiUser(context.db, outcome.user) });
});
