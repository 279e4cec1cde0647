import type { ReactNode } from "react";

/**
 * A wide block (a table) that scrolls sideways within itself, so the page never does on a phone. It is a named
 * region that takes focus, so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
 * `relative` makes it the containing block of what is absolutely placed inside (the `sr-only` column names), which
 * would otherwise escape the scrolling and widen the page. A line above it says, below the desktop width, that it scrolls.
 */
export function ScrollRegion({ labelledBy, label, children }: { labelledBy?: string; label?: string; children: ReactNode }) {
  const className =
    "relative overflow-x-auto rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lavender-700";
  return (
    <>
      {/* On a phone the table's later columns start off screen: say that the box scrolls, not that they are missing. */}
      <p className="mb-1 text-xs text-ink-muted lg:hidden" aria-hidden="true">
        Swipe the table sideways to see every column.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard. */}
      <section aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} tabIndex={0} className={className}>
        {children}
      </section>
    </>
  );
}
