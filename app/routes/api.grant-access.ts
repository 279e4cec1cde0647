import { adminAccessSchema, reasonOrNull } from "~/modules/access/access.schema";
import { grantAccessAndTellRecipient } from "~/modules/access/grants.server";
import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/grant-access `{ email, reason?, message? }` → `{ success: true, hasAccess: true, userId }`.
 * Admins only (401 without a session, 403 without the right). Creates the account when there is none, and emails the recipient a sign-in link (grantAccessAndTellRecipient).
 */
export const action = jsonAction(
  { caller: ({ context }) => requireApiAdmin(context), body: adminAccessSchema, failure: "Failed to grant access. Please try again." },
  async ({ context, input, caller: admin }) => {
    const { user } = await grantAccessAndTellRecipient(context, {
      email: input.email,
      actor: { userId: admin.id, email: admin.email },
      reason: reasonOrNull(input.reason),
      message: reasonOrNull(input.message),
    });
    return Response.json({ success: true, hasAccess: true, userId: user.id }, { headers: NO_STORE });
  },
);
