/**
 * Route matching with the app's patch of Remix's router (patches/, docs/decisions/037-fixed-cost-per-request.md): the
 * server flattens and ranks its routes once, not on every request, each route path's pattern is compiled once, and
 * the matches of a pathname it has met are kept.
 * Every address must still reach the route the published matcher picks, with the same parameters. The reference is
 * the router's own UMD build, which the patch leaves as published.
 */
import { createRequire } from "node:module";
import { readConfig } from "@remix-run/dev/dist/config.js";
import * as router from "@remix-run/router";
import { type AgnosticDataRouteObject, createStaticHandler, matchRoutes } from "@remix-run/router";
import { matchServerRoutes } from "@remix-run/server-runtime/dist/routeMatching.js";
import { beforeAll, describe, expect, it } from "vitest";

const published = createRequire(import.meta.url)("@remix-run/router/dist/router.umd.js") as { matchRoutes: typeof matchRoutes };

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The app's routes as Remix builds them for the server: nested by parent, each with a loader. */
function routeTree(manifest: ManifestRoute[], parentId?: string): AgnosticDataRouteObject[] {
  return manifest
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const loader = () => null;
      if (route.index) return { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive, loader };
      return { id: route.id, path: route.path, caseSensitive: route.caseSensitive, loader, children: routeTree(manifest, route.id) };
    });
}

/** Addresses for every route (each parameter filled in), plus the awkward ones: case, slashes, encoding, no route. */
function addressesOf(manifest: ManifestRoute[]): string[] {
  const addresses = manifest.flatMap((route) => {
    if (route.path === undefined) return [];
    const filled = `/${route.path.replace(/:(\w+)\??/g, "$1-value").replace(/\*$/, "rest/of/it")}`;
    return [filled, `${filled}/`, filled.toUpperCase(), `${filled}/extra`];
  });
  return [...addresses, "/", "//cards", "/cards/%E2%9C%93", "/cards/a%2Fb", "/no/such/page", "/api", "/api/cards/x/y/z"];
}

const matchedIds = (matches: { route: { id: string }; params: object; pathname: string }[] | null) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname })) ?? null;

let manifest: ManifestRoute[];
let routes: AgnosticDataRouteObject[];

beforeAll(async () => {
  const config = await readConfig(process.cwd());
  manifest = Object.values(config.routes);
  routes = [{ id: "root", path: "", loader: () => null, children: routeTree(manifest, "root") }];
});

describe("route matching (patched router)", () => {
  it("is the patched router: branches can be computed once", () => {
    expect(typeof (router as Record<string, unknown>).UNSAFE_flattenAndRankRoutes).toBe("function");
  });

  it("matches every address of the app as the published matcher does, the first time and every time after", () => {
    const addresses = addressesOf(manifest);
    expect(addresses.length).toBeGreaterThan(200);
    for (const round of [1, 2]) {
      for (const address of addresses) {
        const expected = matchedIds(published.matchRoutes(routes, address));
        expect({ round, address, matches: matchedIds(matchRoutes(routes, address)) }).toEqual({ round, address, matches: expected });
        expect({ round, address, matches: matchedIds(matchServerRoutes(routes as never, address)) }).toEqual({
          round,
          address,
          matches: expected,
        });
      }
    }
  });

  it("answers a request with the route the published matcher picks, through the server's handler", async () => {
    const handler = createStaticHandler(routes);
    for (const address of ["/cards/some-card", "/cards", "/dashboard", "/api/cards", "/no/such/page"]) {
      const context = await handler.query(new Request(`http://app.test${address}`));
      const expected = published.matchRoutes(routes, address);
      if (context instanceof Response) throw new Error(`${address} answered a Response`);
      expect(context.matches.map((match) => match.route.id)).toEqual(expected?.map((match) => match.route.id) ?? ["root"]);
    }
  });

  it("gives every caller matches of its own: what one request does with its matches never reaches the next", () => {
    const first = matchServerRoutes(routes as never, "/cards/morning-light");
    if (!first?.[0]) throw new Error("no match for a card page");
    (first[0].params as Record<string, string>).cardId = "changed";
    first[0].pathname = "/changed";
    first.pop();
    const again = matchServerRoutes(routes as never, "/cards/morning-light");
    expect(matchedIds(again)).toEqual(matchedIds(published.matchRoutes(routes, "/cards/morning-light")));
    expect(again?.at(-1)?.params).toEqual({ cardId: "morning-light" });
  });

  it("never reuses one tree's branches for another tree", () => {
    const other: AgnosticDataRouteObject[] = [{ id: "other-root", path: "", children: [{ id: "only", path: "only" }] }];
    const appsOwn = matchedIds(published.matchRoutes(routes, "/only"));
    expect(matchedIds(matchRoutes(routes, "/only"))).toEqual(appsOwn);
    expect(matchedIds(matchRoutes(other, "/only"))?.map((match) => match.id)).toEqual(["other-root", "only"]);
    expect(matchedIds(matchRoutes(other, "/dashboard"))).toBeNull();
    expect(matchedIds(matchServerRoutes(routes as never, "/only"))).toEqual(appsOwn);
    expect(matchedIds(matchServerRoutes(other as never, "/only"))?.map((match) => match.id)).toEqual(["other-root", "only"]);
    expect(matchedIds(matchServerRoutes(other as never, "/dashboard"))).toBeNull();
  });
});
