import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/modules/auth/guards.server";
import { csvResponse } from "~/modules/http/csv";
import { purchasesCsv } from "~/modules/sales/sales.server";

/** GET /admin/purchases.csv: every purchase, for the admin only (a visitor is sent to sign in, anyone else gets 403). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return csvResponse(await purchasesCsv(context.db), "light-cards-purchases.csv");
}
