import { Link } from "@remix-run/react";
import { ACCOUNT_EXPORT_PATH } from "~/modules/account/account.schema";

/**
 * "Your data" in the account's settings: the download is a plain link to a JSON attachment (the browser saves it, with
 * or without JavaScript); deleting goes to a page that explains it and asks for confirmation
 * (docs/decisions/039-account-deletion-and-export.md).
 */
export function AccountData() {
  return (
    <section aria-labelledby="your-data-title" className="space-y-4 rounded-3xl bg-surface p-6 ring-1 ring-line">
      <h2 id="your-data-title" className="text-xl font-semibold">
        Your Data
      </h2>
      <div>
        <p className="text-sm text-ink-muted">A copy of your account, purchases, favorites, activity and badges, as a JSON file.</p>
        <a href={ACCOUNT_EXPORT_PATH} download className="btn-secondary mt-3">
          Download My Data
        </a>
      </div>
      <div>
        <p className="text-sm text-ink-muted">Delete your account and your personal data, and sign out everywhere.</p>
        <Link to="/account/delete" className="btn mt-3 border-2 border-red-700 bg-white text-red-800 hover:bg-red-50">
          Delete My Account
        </Link>
      </div>
    </section>
  );
}
