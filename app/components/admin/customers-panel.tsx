import { Form, Link } from "@remix-run/react";
import { stacked } from "~/components/admin/stacked";
import { StackedHead } from "~/components/admin/stacked-head";
import type { CustomersView } from "~/modules/sales/sales-view";

/**
 * The Customers section of /admin: everyone who bought or was given access, newest first, with a search by part of the
 * email address. The search is a GET form (?q=), so it works without JavaScript and its results have an address.
 */
export function CustomersPanel({ customers, query }: { customers: CustomersView; query: string }) {
  const shown = customers.customers.length;
  return (
    <section
      aria-labelledby="customers-title"
      className="space-y-4 rounded-3xl bg-white p-4 ring-1 ring-sage-200 sm:p-6"
      data-testid="customers"
    >
      <h2 id="customers-title" className="text-xl font-semibold">
        Customers
      </h2>
      <Form method="get" action="/admin" role="search" aria-label="Customers" preventScrollReset className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="customer-search" className="block text-sm font-semibold text-ink">
            Search by email
          </label>
          <input
            id="customer-search"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            maxLength={254}
            autoComplete="off"
            className="mt-1 block w-full rounded-xl border border-sage-300 bg-white px-4 py-2 text-base text-ink"
          />
        </div>
        <button type="submit" className="btn-secondary px-5 py-2">
          Search
        </button>
      </Form>
      <p className="text-sm text-ink-muted" role="status" data-testid="customers-count">
        {query
          ? `${customers.total} ${customers.total === 1 ? "customer matches" : "customers match"} “${query}”.`
          : `${customers.total} ${customers.total === 1 ? "customer" : "customers"}.`}
        {shown < customers.total ? ` Showing the newest ${shown}.` : ""}
        {query ? (
          <>
            {" "}
            <Link to="/admin#customers-title" className="font-semibold text-lavender-700 underline underline-offset-4">
              Show all
            </Link>
          </>
        ) : null}
      </p>
      {shown > 0 ? (
        <table className={stacked.table} data-testid="customer-list">
          <caption className="sr-only">Customers</caption>
          <StackedHead columns={["Email", "Since", "Access", "Paid"]} />
          <tbody className={stacked.tbody}>
            {customers.customers.map((customer) => (
              <tr key={customer.id} className={stacked.row}>
                <th scope="row" className={`${stacked.td} text-left font-semibold [overflow-wrap:anywhere]`} data-label="Email">
                  {customer.email}
                </th>
                <td className={`${stacked.td} sm:whitespace-nowrap`} data-label="Since">
                  <time dateTime={customer.sinceIso}>{customer.since}</time>
                </td>
                <td className={stacked.td} data-label="Access">
                  {customer.standing}
                </td>
                <td className={`${stacked.td} tabular-nums`} data-label="Paid">
                  {customer.paid}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
