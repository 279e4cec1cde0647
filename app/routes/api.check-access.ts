import { adminAccessSchema } from "~/modules/access/access.schema";
import { checkAccessByEmail } from "~/modules/access/grants.server";
import { jsonAction, methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiAdmin } from "~/modules/auth/guards.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/check-access `{ email }` → `{ success: true, hasAccess, userId, purchaseDate }` (nulls when none,
 * purchaseDate as an ISO string). Admins only; every check is recorded in the audit log.
 */
export const action = jsonAction(
  { caller: ({ context }) => requireApiAdmin(context), body: adminAccessSchema, failure: "Failed to check access. Please try again." },
  async ({ context, input, caller: admin }) => {
    const access = await checkAccessByEmail(context.db, { email: input.email, actor: { userId: admin.id, email: admin.email } });
    return Response.json(
      { success: true, hasAccess: access.hasAccess, userId: access.userId, purchaseDate: access.purchaseDate?.toISOString() ?? null },
      { headers: NO_STORE },
    );
  },
);
