import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUserWith } from "~/modules/auth/guards.server";
import { journalMarkdown, listJournal } from "~/modules/practice/journal.server";

/** GET /journal.md: the whole journal as a Markdown file, for its owner only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own: entries } = await requireUserWith(context, request, (owner) => listJournal(context.db, owner));
  return new Response(journalMarkdown(entries), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": 'attachment; filename="light-cards-journal.md"',
      "Cache-Control": "private, no-store",
    },
  });
}
