import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUserWith } from "~/modules/auth/guards.server";
import { journalCsv, listJournal } from "~/modules/practice/journal.server";

/** GET /journal.csv: the whole journal as CSV, for its owner only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own: entries } = await requireUserWith(context, request, (owner) => listJournal(context.db, owner));
  return new Response(journalCsv(entries), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="light-cards-journal.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
