/** A spinning ring with its text, announced politely to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 text-ink-muted">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-lavender-300 border-t-lavender-700" />
      {label}
    </div>
  );
}
