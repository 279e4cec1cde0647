import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountExportResponse } from "~/modules/account/export.server";
import { methodNotAllowed } from "~/modules/api/json.server";
import { NO_STORE } from "~/modules/api/subject.server";
import { requireApiUser } from "~/modules/auth/guards.server";

/**
 * GET /api/user/{userId}/export → the account's data, the same file as "Download my data" on the account page
 * (docs/decisions/039-account-deletion-and-export.md). Only that user: unlike the other /api/user routes, not even an
 * admin (403); no session 401.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context);
  if (user.id !== params.userId)
    return Response.json({ error: "You can only access your own account." }, { status: 403, headers: NO_STORE });
  return accountExportResponse(context, user);
}

export const action = () => methodNotAllowed(["GET"]);
