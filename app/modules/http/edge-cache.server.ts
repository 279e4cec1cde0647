/**
 * The colo's shared cache (the Workers Cache API's `caches.default`). The app's TypeScript also loads the DOM library,
 * whose CacheStorage has no `default`, so the platform's type is named here once.
 */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}
