import { Form } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { stacked } from "~/components/admin/stacked";
import { type Column, StackedHead } from "~/components/admin/stacked-head";
import { FormAlert, SubmitButton } from "~/components/forms";
import type { auditRowView, failedEmailView, purchaseRowView } from "~/modules/access/admin-view";

/** The tables of /admin: failed emails, recent purchases and the audit log, each row as the loader's view shapes it. */
type PurchaseRowView = ReturnType<typeof purchaseRowView>;
type FailedEmailView = ReturnType<typeof failedEmailView>;
type AuditRowView = ReturnType<typeof auditRowView>;

const td = stacked.td;

/** An email cut to its space with an ellipsis; the whole address is in its title (and read out in full). */
export function EmailText({ address, className = "" }: { address: string; className?: string }) {
  return (
    <span className={`block min-w-0 max-w-[18rem] truncate ${className}`} title={address}>
      {address}
    </span>
  );
}

const labelOf = (column: Column) => (typeof column === "string" ? column : column.label);

/** A cell: its content, and its own classes beside the table's. */
type Cell = { content: ReactNode; className?: string };

/**
 * The page's tables: a caption, column headings, one row per item, or a line saying there is none. On a phone each row
 * stacks its cells, each named by its column (stacked.ts), so nothing scrolls sideways.
 */
function AdminTable<T extends { id: string }>(props: {
  caption: string;
  testId?: string;
  columns: Column[];
  items: T[];
  empty: string;
  row: (item: T) => Cell[];
  children?: ReactNode;
}) {
  const captionId = useId();
  return (
    <section aria-labelledby={captionId} className="rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6">
      <h2 id={captionId} className="mb-3 text-xl font-semibold">
        {props.caption}
      </h2>
      {props.children}
      <table className={stacked.table} data-testid={props.testId}>
        <caption className="sr-only">{props.caption}</caption>
        <StackedHead columns={props.columns} />
        <tbody className={stacked.tbody}>
          {props.items.length === 0 ? (
            <tr className={stacked.row}>
              <td colSpan={props.columns.length} className="px-3 py-2 text-ink-muted max-sm:block max-sm:px-0">
                {props.empty}
              </td>
            </tr>
          ) : (
            props.items.map((item) => (
              <tr key={item.id} className={stacked.row}>
                {props.row(item).map((cell, index) => {
                  const column = props.columns[index] ?? "";
                  return (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order.
                      key={index}
                      className={`${td} ${cell.className ?? ""}`}
                      data-label={typeof column === "string" ? labelOf(column) : ""}
                    >
                      {cell.content}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

export function PurchasesTable({ purchases }: { purchases: PurchaseRowView[] }) {
  return (
    <AdminTable
      caption="Recent purchases"
      columns={["Date", "Email", "Provider", "Amount", "Status"]}
      items={purchases}
      empty="No purchases yet."
      row={(purchase) => [
        { content: <time dateTime={purchase.dateIso}>{purchase.date}</time>, className: "sm:whitespace-nowrap" },
        {
          content: (
            <span className="block min-w-0">
              <EmailText address={purchase.email} />
              {purchase.accountEmail ? (
                <span className="flex text-ink-muted">
                  <span className="shrink-0">Account:&nbsp;</span>
                  <EmailText address={purchase.accountEmail} />
                </span>
              ) : null}
            </span>
          ),
        },
        { content: purchase.provider },
        { content: purchase.amount },
        { content: purchase.status },
      ]}
    />
  );
}

export function FailedEmailsTable({ failedEmails, error }: { failedEmails: FailedEmailView[]; error: string | null }) {
  return (
    <AdminTable
      caption="Failed emails"
      testId="failed-emails"
      columns={["Queued", "To", "Subject", "Attempts", "Last error", { label: "Resend", hidden: true }]}
      items={failedEmails}
      empty="No failed emails."
      row={(email) => [
        { content: <time dateTime={email.queuedIso}>{email.queued}</time>, className: "sm:whitespace-nowrap" },
        { content: <EmailText address={email.to} /> },
        { content: email.subject },
        { content: email.attempts },
        { content: email.lastError, className: "break-all" },
        {
          content: (
            <Form method="post">
              <input type="hidden" name="outboxId" value={email.id} />
              <SubmitButton name="intent" value="resend-email" className="btn-secondary px-4 py-2 text-sm" pendingText="Resending...">
                Resend
              </SubmitButton>
            </Form>
          ),
        },
      ]}
    >
      <FormAlert errors={error ? [error] : null} />
    </AdminTable>
  );
}

export function AuditLogTable({ auditLog }: { auditLog: AuditRowView[] }) {
  return (
    <AdminTable
      caption="Audit log"
      testId="audit-log"
      columns={["When", "Who", "Action", "Target", "Details"]}
      items={auditLog}
      empty="No entries yet."
      row={(entry) => [
        { content: <time dateTime={entry.whenIso}>{entry.when}</time>, className: "sm:whitespace-nowrap" },
        { content: <EmailText address={entry.actorEmail} /> },
        { content: entry.action },
        { content: <EmailText address={entry.target} /> },
        { content: entry.detail },
      ]}
    />
  );
}
