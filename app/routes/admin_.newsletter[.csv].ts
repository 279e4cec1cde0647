import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/modules/auth/guards.server";
import { csvResponse } from "~/modules/http/csv";
import { newsletterCsv } from "~/modules/sales/sales.server";

/** GET /admin/newsletter.csv: the buyers who agreed to news, for the admin only (a visitor is sent to sign in, anyone else gets 403). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return csvResponse(await newsletterCsv(context.db), "light-cards-buyers-agreed-to-news.csv");
}
