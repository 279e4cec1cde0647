import { Link } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import type { Viewer } from "~/modules/access/viewer";

/**
 * A card address no card has, for a signed-in reader: the app's frame (header and tab bar) stays, and the way back is
 * to their cards, not to the sales page.
 */
export function CardNotFound({ viewer }: { viewer: Viewer }) {
  return (
    <AppShell>
      <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-16 text-center">
        <p className="font-serif text-5xl font-bold text-accent" aria-hidden="true">
          404
        </p>
        <h1 className="font-serif text-3xl font-bold">Card Not Found</h1>
        <p className="text-ink-muted">No card in the collection has this address: the link may be mistyped or out of date.</p>
        <Link to={viewer.hasAccess ? "/cards" : "/dashboard"} className="btn-primary">
          {viewer.hasAccess ? "Back to your cards" : "Back to your account"}
        </Link>
      </main>
    </AppShell>
  );
}
