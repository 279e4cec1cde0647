import { Link } from "@remix-run/react";

/**
 * The top of /dashboard: who is signed in, Full Access or Preview Mode, and for an account without access the offer
 * to unlock the collection.
 */
export function DashboardWelcome({
  user,
  hasAccess,
  totalAvailable,
  price,
}: {
  user: { email: string; firstName: string | null; displayName: string };
  hasAccess: boolean;
  totalAvailable: number;
  price: string;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 font-serif text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
          Welcome back, {user.firstName?.trim() || user.displayName}!
        </h1>
        <p className="w-full min-w-0 truncate text-sm text-ink-muted" title={user.email} data-testid="account-email">
          Signed in as {user.email}
        </p>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${hasAccess ? "bg-sage-800 text-white" : "bg-gold-100 text-gold-700"}`}
        >
          {hasAccess ? "Full Access" : "Preview Mode"}
        </span>
        {hasAccess ? (
          <span className="ml-auto flex flex-wrap gap-4">
            <Link to="/collection" className="font-semibold text-accent underline">
              Download PDF
            </Link>
            <Link to="/cards" className="font-semibold text-accent underline">
              Open your collection
            </Link>
          </span>
        ) : null}
      </div>

      {!hasAccess ? (
        <section aria-labelledby="upgrade-title" className="rounded-3xl bg-gradient-to-br from-lavender-700 to-sage-800 p-6 text-white">
          <h2 id="upgrade-title" className="font-serif text-2xl font-bold">
            Unlock All {totalAvailable} Affirmation Cards
          </h2>
          <p className="mt-2 text-lavender-100">One payment, lifetime access, 30-day guarantee.</p>
          <Link to="/checkout" className="btn mt-4 bg-white text-lavender-900 hover:bg-lavender-100">
            Upgrade - {price}
          </Link>
        </section>
      ) : null}
    </>
  );
}
