/**
 * Tables that read on a 390 px phone without sideways scrolling: below the `sm` width each row becomes a block of
 * "label: value" lines, the label taken from the cell's `data-label` (its column's heading), and the heading row is
 * kept for screen readers only. From `sm` up they are ordinary tables.
 */
export const stacked = {
  table: "w-full text-sm max-sm:block",
  thead: "max-sm:sr-only",
  tbody: "max-sm:block",
  row: "max-sm:block max-sm:border-b max-sm:border-sage-200 max-sm:py-2",
  th: "border-b border-sage-200 px-3 py-2 text-left font-semibold",
  /** A cell; `data-label` names it on a phone. */
  td: "border-b border-sage-100 px-3 py-2 align-top max-sm:flex max-sm:min-w-0 max-sm:gap-3 max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]",
} as const;
