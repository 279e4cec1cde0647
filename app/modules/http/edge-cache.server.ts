import { countedCache } from "~/modules/observability/binding-counts.server";

/**
 * The colo's shared cache (the Workers Cache API's `caches.default`). The app's TypeScript also loads the DOM library,
 * whose CacheStorage has no `default`, so the platform's type is named here once. Its hits and misses are counted
 * when the bench asks (COUNT_BINDINGS, docs/decisions/034-request-counts.md).
 */
export function edgeCache(): Cache {
  return countedCache((caches as unknown as { default: Cache }).default);
}
