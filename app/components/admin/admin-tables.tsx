import { Form } from "@remix-run/react";
import { type ReactNode, useId } from "react";
import { FormAlert, SubmitButton } from "~/components/forms";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { auditRowView, failedEmailView, purchaseRowView } from "~/modules/access/admin-view";

/** The tables of /admin: failed emails, recent purchases and the audit log, each row as the loader's view shapes it. */
type PurchaseRowView = ReturnType<typeof purchaseRowView>;
type FailedEmailView = ReturnType<typeof failedEmailView>;
type AuditRowView = ReturnType<typeof auditRowView>;

const th = "border-b border-sage-200 px-3 py-2 text-left font-semibold";
const td = "border-b border-sage-100 px-3 py-2 align-top";

/** An email cut to its space with an ellipsis; the whole address is in its title (and read out in full). */
export function EmailText({ address, className = "" }: { address: string; className?: string }) {
  return (
    <span className={`block min-w-0 max-w-[18rem] truncate ${className}`} title={address}>
      {address}
    </span>
  );
}

/** A column heading; a hidden one keeps its name for screen readers only. */
type Column = string | { label: string; hidden: true };

/** The page's tables: a caption, column headings, one row per item, or a line saying there is none. */
function AdminTable<T extends { id: string }>(props: {
  caption: string;
  testId?: string;
  columns: Column[];
  items: T[];
  empty: string;
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const captionId = useId();
  return (
    <section className="rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6">
      {props.children}
      <ScrollRegion labelledBy={captionId}>
        <table className="w-full min-w-[640px] text-sm" data-testid={props.testId}>
          <caption id={captionId} className="mb-3 text-left text-xl font-semibold">
            {props.caption}
          </caption>
          <thead>
            <tr>
              {props.columns.map((column) =>
                typeof column === "string" ? (
                  <th key={column} scope="col" className={th}>
                    {column}
                  </th>
                ) : (
                  <th key={column.label} scope="col" className={th}>
                    <span className="sr-only">{column.label}</span>
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {props.items.length === 0 ? (
              <tr>
                <td colSpan={props.columns.length} className={`${td} text-ink-muted`}>
                  {props.empty}
                </td>
              </tr>
            ) : (
              props.items.map((item) => <tr key={item.id}>{props.row(item)}</tr>)
            )}
          </tbody>
        </table>
      </ScrollRegion>
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
      row={(purchase) => (
        <>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={purchase.dateIso}>{purchase.date}</time>
          </td>
          <td className={td}>
            <EmailText address={purchase.email} />
            {purchase.accountEmail ? (
              <span className="flex text-ink-muted">
                <span className="shrink-0">Account:&nbsp;</span>
                <EmailText address={purchase.accountEmail} />
              </span>
            ) : null}
          </td>
          <td className={td}>{purchase.provider}</td>
          <td className={td}>{purchase.amount}</td>
          <td className={td}>{purchase.status}</td>
        </>
      )}
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
      row={(email) => (
        <>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={email.queuedIso}>{email.queued}</time>
          </td>
          <td className={td}>
            <EmailText address={email.to} />
          </td>
          <td className={td}>{email.subject}</td>
          <td className={td}>{email.attempts}</td>
          <td className={`${td} break-all`}>{email.lastError}</td>
          <td className={td}>
            <Form method="post">
              <input type="hidden" name="outboxId" value={email.id} />
              <SubmitButton name="intent" value="resend-email" className="btn-secondary px-4 py-2 text-sm" pendingText="Resending...">
                Resend
              </SubmitButton>
            </Form>
          </td>
        </>
      )}
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
      row={(entry) => (
        <>
          <td className={`${td} whitespace-nowrap`}>
            <time dateTime={entry.whenIso}>{entry.when}</time>
          </td>
          <td className={td}>
            <EmailText address={entry.actorEmail} />
          </td>
          <td className={td}>{entry.action}</td>
          <td className={td}>
            <EmailText address={entry.target} />
          </td>
          <td className={td}>{entry.detail}</td>
        </>
      )}
    />
  );
}
