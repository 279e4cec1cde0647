import { Link } from "@remix-run/react";

/**
 * The top of /dashboard: who is signed in (and where their settings are), Full Access or Preview Mode, and for an
 * account without access the offer to unlock the collection.
 */
export function DashboardWelcome({
  user,
  offer,
}: {
  user: { email: string; firstName: string | null; displayName: string; initials: string };
  /** For an account without access: the collection's size and price. */
  offer: { totalAvailable: number; price: string } | null;
}) {
  const hasAccess = !offer;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        {/* The spec's avatar: the initials, beside the greeting that names the same person. */}
        <span
          aria-hidden="true"
          data-testid="avatar"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-ink"
        >
          {user.initials}
        </span>
        <h1 className="min-w-0 font-serif text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
          Welcome back, {user.firstName?.trim() || user.displayName}!
        </h1>
        <p className="flex w-full min-w-0 items-baseline gap-3 text-sm text-ink-muted">
          <span className="min-w-0 truncate" title={user.email} data-testid="account-email">
            Signed in as {user.email}
          </span>
          <Link to="/settings" className="shrink-0 font-semibold text-accent underline">
            Settings
          </Link>
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

      {offer ? (
        <section aria-labelledby="upgrade-title" className="rounded-3xl bg-gradient-to-br from-lavender-700 to-sage-800 p-6 text-white">
          <h2 id="upgrade-title" className="font-serif text-2xl font-bold">
            Unlock All {offer.totalAvailable} Affirmation Cards
          </h2>
          <p className="mt-2 text-lavender-100">One payment, lifetime access, 30-day guarantee.</p>
          <Link to="/checkout" className="btn mt-4 bg-white text-lavender-900 hover:bg-lavender-100">
            Upgrade - {offer.price}
          </Link>
        </section>
      ) : null}
    </>
  );
}
