import { toApiUser } from "~/modules/api/api-user.server";
import { apiError, jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { registerAccount } from "~/modules/auth/account.server";
import { registerSchema } from "~/modules/auth/auth.schema";
import { enforceRateLimits } from "~/modules/ratelimit/enforce.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = jsonAction({ body: registerSchema }, async ({ context, request, input }) => {
  await enforceRateLimits(context, request, [{ rule: "register_ip" }, { rule: "register_email", email: input.email }]);
  const outcome = await registerAccount(context, input);
  if (outcome.status === "exists") return apiError(409, "An account with this email already exists.");
  return Response.json(
    { message: "Account created successfully! Check your email to verify your account.", user: await toApiUser(context.db, outcome.user) },
    { status: 201 },
  );
});
