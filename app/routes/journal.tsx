/**
 * /journal: the buyer's days of practice, newest first, each editable and deletable, and the whole journal to
 * download as Markdown or CSV. The words are the buyer's own: they stay here after access to the cards ends
 * (docs/decisions/040-the-light-practice.md).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { JournalEntries } from "~/components/practice/journal-entries";
import { requireUser, requireUserWith } from "~/modules/auth/guards.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { deleteJournalEntry, editJournalEntry, listJournal } from "~/modules/practice/journal.server";
import { journalEditSchema } from "~/modules/practice/practice.schema";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "My journal | LIGHT Cards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { own: entries } = await requireUserWith(context, request, (owner) => listJournal(context.db, owner));
  return data({ entries });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await request.formData(), { schema: journalEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { value } = submission;
  const found =
    value.intent === "edit"
      ? await editJournalEntry(context.db, user.id, value.entryId, { reflection: value.reflection, note: value.note })
      : await deleteJournalEntry(context.db, user.id, value.entryId);
  // Another account's entry and an entry already gone read the same: not found.
  if (!found) return data({ result: submission.reply({ formErrors: ["That journal entry was not found."] }) }, { status: 404 });
  return redirectWithToast(context.config, "/journal", {
    type: "success",
    title: value.intent === "edit" ? "Journal entry saved" : "Journal entry deleted",
  });
}

export default function JournalPage() {
  const { entries } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 pt-6 pb-12 sm:px-6">
        <h1 className="font-serif text-3xl font-bold">My journal</h1>
        <p className="text-ink-muted">Your reflections and evening answers, for your eyes only.</p>
        <p className="flex flex-wrap gap-3">
          <a href="/journal.md" download className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted">
            Download as Markdown
          </a>
          <a href="/journal.csv" download className="btn border-2 border-line bg-surface px-4 text-sm text-ink hover:bg-surface-muted">
            Download as CSV
          </a>
        </p>
        <JournalEntries entries={entries} lastResult={actionData?.result} />
      </main>
    </AppShell>
  );
}
