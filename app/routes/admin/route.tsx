/**
 * /admin, the owner's page: sales, customers, access by email, the A/B tests, the shop's health, failed emails,
 * purchases and the audit log. Each section is a component in app/components/admin/ fed by this loader; every button
 * posts to the action, which answers per section (actions.server.ts). The customer search is a GET (?q=).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccessForm, AccessResult } from "~/components/admin/access-form";
import { AuditLogTable, EmailText, FailedEmailsTable, PurchasesTable } from "~/components/admin/admin-tables";
import { CustomersPanel } from "~/components/admin/customers-panel";
import { DiscountCodesPanel } from "~/components/admin/discount-codes-panel";
import { ExperimentsPanel } from "~/components/admin/experiments-panel";
import { HealthPanel } from "~/components/admin/health-panel";
import { SalesPanel } from "~/components/admin/sales-panel";
import { AppShell } from "~/components/app-shell";
import { describeVariants } from "~/content/landing-copy";
import { getAccessStatusByEmail } from "~/modules/access/access.server";
import { type AccessResultView, accessResultView, auditRowView, failedEmailView, purchaseRowView } from "~/modules/access/admin-view";
import { listAuditLog, listRecentPurchases } from "~/modules/access/grants.server";
import { emailSchema } from "~/modules/auth/auth.schema";
import { requireAdmin } from "~/modules/auth/guards.server";
import { getPublicCollection } from "~/modules/cards/public-collection.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFailedEmails } from "~/modules/email/queue.server";
import { loadExperimentResults } from "~/modules/experiments/results.server";
import { readExperimentSettings } from "~/modules/experiments/settings.server";
import { loadHealth } from "~/modules/health/health.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { listDiscountCodes } from "~/modules/payments/discount-codes.server";
import { codeRowView, currencySymbol } from "~/modules/payments/discount-codes-view";
import { customerSearchSchema } from "~/modules/sales/customers.schema";
import { searchCustomers } from "~/modules/sales/customers.server";
import { loadSalesSummary } from "~/modules/sales/sales.server";
import { customersView, salesView } from "~/modules/sales/sales-view";
import { adminAction } from "./actions.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "Admin | LIGHT Cards" }, { name: "robots", content: "noindex" }];

/**
 * `?email=` shows the result box for that email (after a grant or revoke redirects here). It is read
 * with getAccessStatus, so reloading the page does not write a "check" to the audit log.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const url = new URL(request.url);
  const requested = emailSchema.safeParse(url.searchParams.get("email") ?? "");
  // A search too long or garbled searches for nothing rather than failing the page.
  const query = customerSearchSchema.safeParse(url.searchParams.get("q") ?? "").data ?? "";
  let result: AccessResultView | null = null;
  if (requested.success) {
    const { user, status } = await getAccessStatusByEmail(context.db, requested.data);
    result = accessResultView(user?.email ?? requested.data, { ...status, userId: user?.id ?? null });
  }
  const now = new Date();
  const [sales, customers, purchases, auditLog, experiments, failedEmails, collection, codes] = await Promise.all([
    loadSalesSummary(context.db, { now, currency: context.config.price.currency }),
    searchCustomers(context.db, { query }),
    listRecentPurchases(context.db),
    listAuditLog(context.db),
    readExperimentSettings(context.cloudflare.env.AB_KV).then((settings) => loadExperimentResults(context.db, settings)),
    listFailedEmails(context.db),
    getPublicCollection(context),
    listDiscountCodes(context.db),
  ]);
  // The copy of each variant, built from the same inputs the landing page uses, so the table shows what visitors read.
  const variantCopy = describeVariants({
    price: formatPriceShort(context.config.price),
    cardCount: collection.cardCount,
    categoryCount: collection.categories.length,
  });
  // The health panel (docs/decisions/029).
  const health = await loadHealth(context.db, { now, contentVersion: collection.version, buildVersion: context.buildVersion });
  return {
    sales: salesView(sales),
    customers: customersView(customers),
    query,
    health,
    experiments,
    variantCopy,
    adminEmail: admin.email,
    email: requested.success ? requested.data : "",
    result,
    purchases: purchases.map(purchaseRowView),
    auditLog: auditLog.map(auditRowView),
    failedEmails: failedEmails.map(failedEmailView),
    codes: codes.map((code) => codeRowView(code)),
    currencySymbol: currencySymbol(context.config.price.currency),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  return adminAction(context, { userId: admin.id, email: admin.email }, await request.formData());
}

export default function AdminPage() {
  const {
    sales,
    customers,
    query,
    adminEmail,
    email,
    result,
    purchases,
    auditLog,
    experiments,
    variantCopy,
    failedEmails,
    health,
    codes,
    currencySymbol,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const access = actionData?.section === "access" ? actionData : null;
  // A check answers in the action's data; a grant or revoke comes back through ?email=.
  const shown = access?.check ?? result;

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

        <SalesPanel sales={sales} />
        <CustomersPanel customers={customers} query={query} />

        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="access-title" className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 id="access-title" className="text-xl font-semibold">
              Manage access
            </h2>
            {/* Remounted after every navigation, so a completed grant or revoke starts a clean form. */}
            <AccessForm key={location.key} defaultEmail={email} lastResult={access?.result} />
            {shown ? <AccessResult result={shown} /> : null}
          </section>

          <section aria-labelledby="instructions-title" className="rounded-3xl bg-white p-6 ring-1 ring-sage-200">
            <h2 id="instructions-title" className="text-xl font-semibold">
              Instructions
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-ink">
              <li>
                <strong>Grant Access</strong> gives an email lifetime access to the full collection (a gift, a thank-you, a lost purchase).
                If no account exists for it, one is created. We email them "You've been given LIGHT Cards" with a sign-in link and your
                message, if you write one.
              </li>
              <li>
                <strong>Check Access</strong> shows whether an email has access, the user ID of its account and the date of its first paid
                purchase.
              </li>
              <li>
                <strong>Revoke Access</strong> ends access that an admin granted. A reason is required.
              </li>
              <li>
                A buyer refunds their own purchase from Settings within 30 days; after that, refunds happen in Stripe, and a full refund
                there ends the access a purchase gave. This page cannot end paid access.
              </li>
              <li>Every grant, check and revoke is recorded in the audit log below, with your email and the reason.</li>
            </ul>
          </section>
        </div>

        <DiscountCodesPanel
          codes={codes}
          currencySymbol={currencySymbol}
          result={actionData?.section === "codes" ? actionData.result : null}
          error={actionData?.section === "codes" ? actionData.error : null}
        />
        <ExperimentsPanel
          experiments={experiments}
          variantCopy={variantCopy}
          error={actionData?.section === "experiment-error" ? actionData.error : null}
          confirmEnd={actionData?.section === "experiment-confirm-end" ? actionData.confirmEnd : null}
        />
        <PurchasesTable purchases={purchases} />
        <HealthPanel health={health} />
        <FailedEmailsTable failedEmails={failedEmails} error={actionData?.section === "resend-error" ? actionData.error : null} />
        <AuditLogTable auditLog={auditLog} />
      </main>
    </AppShell>
  );
}
