import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { ErrorList, FormAlert, SubmitButton, TextField } from "~/components/forms";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { useHydrated } from "~/hooks/use-hydrated";
import { getAccessStatusByEmail } from "~/modules/access/access.server";
import type { Database } from "#db/client";
import {
  accessResultView,
  auditRowView,
  failedEmailView,
  grantedToast,
  purchaseRowView,
  revokedToast,
  type AccessResultView,
} from "~/modules/access/admin-view.server";
import type { Actor } from "~/modules/access/audit.server";
import {
  checkAccessByEmail,
  grantAccessByEmail,
  listAuditLog,
  listRecentPurchases,
  revokeAccessByEmail,
} from "~/modules/access/grants.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { ExperimentsPanel } from "~/components/admin/experiments-panel";
import { HealthPanel } from "~/components/admin/health-panel";
import { loadHealth } from "~/modules/health/health.server";
import { describeVariants } from "~/content/landing-copy";
import { getPublicCollection } from "~/modules/cards/public-collection.server";
import { formatPriceShort } from "~/modules/config/money";
import { changeExperiment } from "~/modules/experiments/admin.server";
import { loadExperimentResults } from "~/modules/experiments/results.server";
import { readExperimentSettings } from "~/modules/experiments/settings.server";
import { experimentFormSchema } from "~/validation/experiments";
import { listFailedEmails, resendFailedEmail } from "~/modules/email/queue.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import type { ToastInput } from "~/modules/toast/toast";
import { redirectWithToast } from "~/modules/toast/toast.server";
import {
  adminAccessSchema,
  adminFormSchema,
  RESEND_NOT_FAILED_MESSAGE,
  reasonOrNull,
  resendEmailSchema,
  type AdminIntent,
} from "~/validation/admin";
import { emailSchema } from "~/validation/auth";
import { AppShell } from "~/components/app-shell";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Admin | LIGHT Cards" }, { name: "robots", content: "noindex" }];

const FAILURE_MESSAGES = {
  grant: "Failed to grant access. Please try again.",
  check: "Failed to check access. Please try again.",
  revoke: "Failed to revoke access. Please try again.",
} as const;

/**
 * `?email=` shows the result box for that email (after a grant or revoke redirects here). It is read
 * with getAccessStatus, so reloading the page does not write a "check" to the audit log.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const requested = emailSchema.safeParse(new URL(request.url).searchParams.get("email") ?? "");
  let result: AccessResultView | null = null;
  if (requested.success) {
    const { user, status } = await getAccessStatusByEmail(context.db, requested.data);
    result = accessResultView(user?.email ?? requested.data, { ...status, userId: user?.id ?? null });
  }
  const [purchases, auditLog, experiments, failedEmails, collection] = await Promise.all([
    listRecentPurchases(context.db),
    listAuditLog(context.db),
    readExperimentSettings(context.cloudflare.env.AB_KV).then((settings) => loadExperimentResults(context.db, settings)),
    listFailedEmails(context.db),
    getPublicCollection(context),
  ]);
  // The copy of each variant, built from the same inputs the landing page uses, so the table shows what visitors read.
  const variantCopy = describeVariants({
    price: formatPriceShort(context.config.price),
    cardCount: collection.cardCount,
    categoryCount: collection.categories.length,
  });
  // The health panel (docs/decisions/029).
  const health = await loadHealth(context.db, { now: new Date(), contentVersion: collection.version, buildVersion: context.buildVersion });
  return {
    health,
    experiments,
    variantCopy,
    adminEmail: admin.email,
    email: requested.success ? requested.data : "",
    result,
    purchases: purchases.map(purchaseRowView),
    auditLog: auditLog.map(auditRowView),
    failedEmails: failedEmails.map(failedEmailView),
  };
}

type IntentInput = { email: string; reason: string | null; actor: Actor };

/** Grant and revoke end in a toast on the page they redirect to (Post/Redirect/Get); check shows its result. */
type IntentOutcome = { toast: ToastInput } | { check: AccessResultView };

/** One function per button; each calls the access module and says what to show. */
const INTENTS: Record<AdminIntent, (db: Database, input: IntentInput) => Promise<IntentOutcome>> = {
  grant: async (db, input) => ({ toast: grantedToast(await grantAccessByEmail(db, input)) }),
  revoke: async (db, input) => ({ toast: revokedToast(await revokeAccessByEmail(db, { ...input, reason: input.reason ?? "" })) }),
  check: async (db, input) => ({ check: accessResultView(input.email, await checkAccessByEmail(db, input)) }),
};

/** The Experiments section's buttons: change the test in KV, log it, and come back with a toast. */
async function experimentAction(context: ActionFunctionArgs["context"], admin: Actor, formData: FormData) {
  const parsed = experimentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const experiment = String(formData.get("experiment") ?? "");
    const message = parsed.error.issues[0]?.message ?? "Invalid input";
    return data({ result: undefined, check: null, experimentError: { experiment, message }, resendError: null }, { status: 400 });
  }
  if (parsed.data.intent === "experiment-end" && !parsed.data.confirmed) {
    // Ending cannot be undone for the visitors counted so far: the End button only asks, the confirmation ends it.
    const confirmEnd = { experiment: parsed.data.experiment, winner: parsed.data.winner };
    return data({ result: undefined, check: null, experimentError: null, resendError: null, confirmEnd });
  }
  const toast = await changeExperiment(context, admin, parsed.data);
  return redirectWithToast(context.config, "/admin#experiments-title", toast);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await request.formData();
  const actor = { userId: admin.id, email: admin.email };
  if (String(formData.get("intent") ?? "").startsWith("experiment-")) return experimentAction(context, actor, formData);
  if (formData.get("intent") === "resend-email") return resendEmailAction(context, formData, admin);
  const submission = parseWithZod(formData, { schema: adminFormSchema });
  if (submission.status !== "success") {
    // Only a forged request lacks a known intent (the buttons send it); say so above the form.
    const intentErrors = submission.error?.intent ?? [];
    return data(
      { result: submission.reply({ formErrors: intentErrors }), check: null, experimentError: null, resendError: null },
      { status: 400 },
    );
  }
  const { intent, email } = submission.value;
  let outcome: IntentOutcome;
  try {
    outcome = await INTENTS[intent](context.db, {
      email,
      reason: reasonOrNull(submission.value.reason),
      actor,
    });
  } catch (error) {
    // The one error path: logged, and answered with the spec's message for that button (503).
    console.warn(`Admin ${intent} failed:`, error);
    return data(
      { result: submission.reply({ formErrors: [FAILURE_MESSAGES[intent]] }), check: null, experimentError: null, resendError: null },
      { status: 503 },
    );
  }
  if ("toast" in outcome) return redirectWithToast(context.config, `/admin?email=${encodeURIComponent(email)}`, outcome.toast);
  return data({ result: submission.reply(), check: outcome.check, experimentError: null, resendError: null });
}

/** The Resend button of a failed email: back onto the queue, audit-logged, then a toast on this page. */
async function resendEmailAction(context: AppLoadContext, formData: FormData, admin: { id: string; email: string }) {
  const input = resendEmailSchema.safeParse(Object.fromEntries(formData));
  if (!input.success)
    return data({ result: undefined, check: null, experimentError: null, resendError: RESEND_NOT_FAILED_MESSAGE }, { status: 400 });
  const queue = context.cloudflare.env.EMAIL_QUEUE;
  const actor = { userId: admin.id, email: admin.email };
  if (!(await resendFailedEmail({ db: context.db, queue }, input.data.outboxId, actor))) {
    return data({ result: undefined, check: null, experimentError: null, resendError: RESEND_NOT_FAILED_MESSAGE }, { status: 409 });
  }
  return redirectWithToast(context.config, "/admin", {
    type: "success",
    title: "Email queued again",
    description: "It will be sent in a moment.",
  });
}

export default function AdminPage() {
  const { adminEmail, email, result, purchases, auditLog, experiments, variantCopy, failedEmails, health } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  // A check answers in the action's data; a grant or revoke comes back through ?email=.
  const shown = actionData?.check ?? result;

  return (
    <AppShell followsColorScheme={false}>
      <main id="main" className="mx-auto w-full max-w-6xl space-y-10 px-4 py-10 sm:px-6 lg:px-8">
        <div className="space-y-1">
          <h1 className="font-serif text-3xl font-bold">Admin</h1>
          <p className="flex text-sm text-ink-muted">
            <span className="shrink-0">Signed in as&nbsp;</span>
            <EmailText address={adminEmail} className="font-semibold text-ink" />
            <span className="shrink-0">&nbsp;(admin)</span>
          </p>
        </div>

        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="access-title" className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 id="access-title" className="text-xl font-semibold">
              Manage access
            </h2>
            {/* Remounted after every navigation, so a completed grant or revoke starts a clean form. */}
            <AccessForm key={location.key} defaultEmail={email} lastResult={actionData?.result} />
            {shown ? <AccessResult result={shown} /> : null}
          </section>

          <section aria-labelledby="instructions-title" className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 id="instructions-title" className="text-xl font-semibold">
              Instructions
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink">
              <li>
                <strong>Grant Access</strong> gives an email lifetime access to the full collection. If no account exists for it, one is
                created; its owner signs in with an emailed sign-in link.
              </li>
              <li>
                <strong>Check Access</strong> shows whether an email has access, the user ID of its account and the date of its first paid
                purchase.
              </li>
              <li>
                <strong>Revoke Access</strong> ends access that an admin granted. A reason is required.
              </li>
              <li>Refunds happen in Stripe: a full refund there ends the access a purchase gave. This page cannot end paid access.</li>
              <li>Every grant, check and revoke is recorded in the audit log below, with your email and the reason.</li>
            </ul>
          </section>
        </div>

        <HealthPanel health={health} />
        <FailedEmailsTable failedEmails={failedEmails} error={actionData && "resendError" in actionData ? actionData.resendError : null} />
        <PurchasesTable purchases={purchases} />
        <ExperimentsPanel
          experiments={experiments}
          variantCopy={variantCopy}
          error={actionData?.experimentError ?? null}
          confirmEnd={actionData && "confirmEnd" in actionData ? actionData.confirmEnd : null}
        />
        <AuditLogTable auditLog={auditLog} />
      </main>
    </AppShell>
  );
}

function AccessForm({ defaultEmail, lastResult }: { defaultEmail: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "admin-access",
    lastResult,
    defaultValue: { email: defaultEmail },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Submitting sends the pressed button's intent; a blur or keystroke has none, so it checks the fields only.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.has("intent") ? adminFormSchema : adminAccessSchema }),
  });
  // The spec: the buttons are disabled while the email is empty. Without JavaScript they stay enabled
  // and the server says what is missing.
  const disabled = hydrated && !String(fields.email.value ?? "").trim();
  // An email typed before the scripts started (they wait for the page to load) is still in the field: tell the form,
  // as typing would, so its state and the buttons start from it. (form.update would submit an intent instead.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; later typing reaches the form itself.
  useEffect(() => {
    const field = document.getElementById(fields.email.id);
    if (field instanceof HTMLInputElement && field.value !== (fields.email.initialValue ?? "")) {
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, []);

  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label="Email Address" type="email" autoComplete="off" />
      <div>
        <label htmlFor={fields.reason.id} className="block text-sm font-semibold text-ink">
          Reason <span className="font-normal text-ink-muted">(required to revoke)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          rows={2}
          className="mt-1 block w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink aria-[invalid=true]:border-red-700"
        />
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      {/* Check comes first: pressing Enter in a field submits with the first button, and checking changes nothing. */}
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="check" className="btn-secondary" pendingText="Checking..." disabled={disabled}>
          Check Access
        </SubmitButton>
        <SubmitButton name="intent" value="grant" className="btn-primary" pendingText="Granting..." disabled={disabled}>
          Grant Access
        </SubmitButton>
        <SubmitButton
          name="intent"
          value="revoke"
          className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50"
          pendingText="Revoking..."
          disabled={disabled}
        >
          Revoke Access
        </SubmitButton>
      </div>
    </Form>
  );
}

function AccessResult({ result }: { result: AccessResultView }) {
  return (
    <div
      role="status"
      aria-labelledby="result-title"
      className="mt-6 rounded-2xl bg-sage-50 p-4 ring-1 ring-sage-200"
      data-testid="access-result"
    >
      <h3 id="result-title" className="font-semibold [overflow-wrap:anywhere]">
        Access for {result.email}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Has Access</dt>
        <dd data-testid="has-access" className={result.hasAccess ? "text-sage-800" : "text-red-800"}>
          {result.hasAccess ? "Yes" : "No"}
        </dd>
        <dt className="font-semibold">User ID</dt>
        <dd data-testid="user-id" className="break-all font-mono">
          {result.userId ?? "No account"}
        </dd>
        <dt className="font-semibold">Purchase Date</dt>
        <dd data-testid="purchase-date">
          {result.purchaseDate && result.purchaseDateIso ? <time dateTime={result.purchaseDateIso}>{result.purchaseDate}</time> : "—"}
        </dd>
      </dl>
    </div>
  );
}

const th = "border-b border-sage-200 px-3 py-2 text-left font-semibold";
const td = "border-b border-sage-100 px-3 py-2 align-top";

/** An email cut to its space with an ellipsis; the whole address is in its title (and read out in full). */
function EmailText({ address, className = "" }: { address: string; className?: string }) {
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function PurchasesTable({ purchases }: { purchases: LoaderData["purchases"] }) {
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

function FailedEmailsTable({ failedEmails, error }: { failedEmails: LoaderData["failedEmails"]; error: string | null }) {
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

function AuditLogTable({ auditLog }: { auditLog: LoaderData["auditLog"] }) {
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
