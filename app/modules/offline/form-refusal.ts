/**
 * A form refused in the browser because its post found no network: nothing was sent, nothing saved. A route's
 * `clientAction` answers it; the routes' `shouldRevalidate` then leave the page as it stands, its fields as the reader
 * left them (a revalidation offline would reload the page from the kept copy). Client-safe.
 */
export type OfflineRefusal = { offline: { intent: string } };

export function offlineRefusal(intent: string): OfflineRefusal {
  return { offline: { intent } };
}

export function isOfflineRefusal(value: unknown): value is OfflineRefusal {
  return typeof value === "object" && value !== null && "offline" in value;
}
