import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountExportResponse } from "~/modules/account/export.server";
import { requireUser } from "~/modules/auth/guards.server";

/**
 * GET /account/data.json: "Download my data", the signed-in account's own data as a JSON attachment that no cache
 * keeps (docs/decisions/039-account-deletion-and-export.md). A visitor is sent to sign in and comes back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return accountExportResponse(context, await requireUser(context, request));
}
