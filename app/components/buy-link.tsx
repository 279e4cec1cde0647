import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useViewer } from "~/hooks/use-viewer";

/**
 * A buy button, or "My cards" for a viewer who already owns the collection: a buyer never meets a second checkout.
 * Only a visitor's click is a CTA click for the A/B tests (`data-cta`).
 */
export function BuyLink({ to, className, cta, children }: { to: string; className: string; cta?: string; children: ReactNode }) {
  const viewer = useViewer();
  if (viewer?.hasAccess) {
    return (
      <Link to="/cards" className={className}>
        My cards
      </Link>
    );
  }
  return (
    <Link to={to} className={className} data-cta={cta}>
      {children}
    </Link>
  );
}
