import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";
import { type PagePolicy, PERSONAL, policyOfHandle } from "~/modules/http/page-policy";

type RouteNode = Parameters<typeof matchRoutes>[0][number];

/**
 * The page policy of any address (app/modules/http/page-policy.ts), from the routes of the build: read once, then
 * asked for every request. The route an address reaches is found by Remix's own matching (`matchRoutes`); a route
 * with a fixed path and no children is found by that path directly first, which spares the hottest page, the
 * landing, the matching's 0.3 ms of CPU (a sixteenth of its request; docs/performance.md).
 */
export function pagePolicies(build: Pick<ServerBuild, "routes">): (url: URL) => PagePolicy {
  const routes = Object.values(build.routes);
  const childrenOf = (parentId: string | undefined): RouteNode[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(({ id, path, index, caseSensitive }) =>
        index ? { id, index: true, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
      );
  const tree = childrenOf(undefined);
  const policyOf = (routeId: string | undefined) => (routeId ? policyOfHandle(build.routes[routeId]?.module.handle) : PERSONAL);

  const byFixedPath = new Map<string, PagePolicy>();
  const twice = new Set<string>();
  for (const route of routes) {
    if (routes.some((other) => other.parentId === route.id)) continue;
    const path = fullPath(build.routes, route.id);
    if (path === null) continue;
    if (byFixedPath.has(path)) twice.add(path);
    byFixedPath.set(path, policyOf(route.id));
  }
  // Two routes at one address: Remix's matching decides between them.
  for (const path of twice) byFixedPath.delete(path);

  return (url) => {
    const fixed = byFixedPath.get(url.pathname);
    if (fixed) return fixed;
    return policyOf(matchRoutes(tree, url.pathname)?.at(-1)?.route.id);
  };
}

/** `/a/b` for a route whose path and its parents' have no parameter, splat or optional segment; else null. */
function fullPath(routes: ServerBuild["routes"], routeId: string): string | null {
  const segments: string[] = [];
  for (let route = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path && /[:*()?]/.test(route.path)) return null;
    if (route.path) segments.unshift(route.path);
  }
  return `/${segments.join("/")}`;
}
