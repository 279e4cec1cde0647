/**
 * Tells the server a preview tab or card was clicked (the A/B tests' preview_click). Client-side, fire and forget:
 * `keepalive` lets it finish when the click also navigates, and a failure costs the visitor nothing.
 */
export function reportPreviewClick(target: "tab" | "card"): void {
  fetch("/api/experiments/events", {
    method: "POST",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ event: "preview_click", target }),
  }).catch(() => undefined);
}
