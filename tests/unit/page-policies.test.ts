/**
 * Page policy lives on the route (app/modules/http/page-policy.ts): each route declares in `handle` what the Worker
 * may do with its answer, and the pipeline reads it from the build once (app/server/page-policies.server.ts). These
 * tests build the same table from the app's own route files, as Remix's compiler finds them.
 */
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import type { PagePolicy } from "~/modules/http/page-policy";
import { pagePolicies } from "~/server/page-policies.server";

type BuildRoutes = Parameters<typeof pagePolicies>[0]["routes"];

/** The build's route table: every route file under app/routes with its module, under the root. */
async function appRoutes(): Promise<BuildRoutes> {
  const manifest = flatRoutes("app");
  const entries = await Promise.all(
    Object.values(manifest).map(
      async (route) => [route.id, { ...route, module: await import(/* @vite-ignore */ `../../app/${route.file}`) }] as const,
    ),
  );
  return { root: { id: "root", path: "", module: await import("../../app/root") }, ...Object.fromEntries(entries) } as BuildRoutes;
}

const routes = await appRoutes();
const policyOf = pagePolicies({ routes });
const at = (path: string): PagePolicy => policyOf(new URL(path, "https://light.example"));

/** A route's address with a sample value for each parameter, or null for a splat. */
function sampleAddress(routeId: string): string | null {
  const segments: string[] = [];
  for (let route = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  const path = `/${segments.join("/")}`;
  return path.includes("*") ? null : path.replace(/:[^/]+/g, "sample");
}

describe("page policy, declared on the route", () => {
  it("keeps the public pages and the visitor's preview cards at the edge, the landing per A/B variant set", () => {
    expect(at("/")).toEqual({ kind: "public", type: "text/html", abTested: true });
    for (const page of ["/sample-card", "/login", "/register", "/checkout", "/share/a-card", "/terms", "/privacy", "/refund-policy"]) {
      expect(at(page), page).toEqual({ kind: "public", type: "text/html" });
    }
    expect(at("/api/cards")).toEqual({ kind: "public", type: "application/json" });
  });

  it("finds a route as Remix does: a trailing slash or another case is the same page", () => {
    expect(at("/login/")).toEqual(at("/login"));
    expect(at("/LOGIN")).toEqual(at("/login"));
    expect(at("/Share/a-card")).toEqual(at("/share/a-card"));
  });

  it("marks the buyer's library, a card and the dashboard as buyer's pages", () => {
    for (const page of ["/cards", "/cards/a-card", "/dashboard"]) expect(at(page), page).toEqual({ kind: "buyers" });
  });

  it("marks a buyer's private wallpaper address as a capability: its settings page and preview stay personal", () => {
    expect(at(`/wallpaper/${"a".repeat(43)}.png`)).toEqual({ kind: "capability" });
    for (const page of ["/wallpaper", "/wallpaper/preview.png"]) expect(at(page), page).toEqual({ kind: "personal" });
  });

  it("keeps everything else personal: an API answer, an account page, a card image, an unknown address", () => {
    for (const page of [
      "/api/favorites",
      "/api/auth/me",
      "/account/delete",
      "/settings",
      "/today",
      "/cards/a-card/image.png",
      "/collection",
      "/no/such/page",
    ]) {
      expect(at(page), page).toEqual({ kind: "personal" });
    }
  });
});

describe("wrangler.toml's run_worker_first agrees with the routes", () => {
  const patterns = (unstable_readConfig({ config: "wrangler.toml" }).assets?.run_worker_first ?? []) as string[];
  const matches = (pattern: string, address: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`).test(address);
  const workerFirst = Object.keys(routes).flatMap((id) => {
    const address = sampleAddress(id);
    if (!address || id === "root") return [];
    const isApi = address.startsWith("/api/");
    return at(address).kind === "buyers" || isApi ? [address] : [];
  });

  it("sends every buyer's page and every API address to the Worker first", () => {
    expect(workerFirst).toContain("/dashboard");
    expect(workerFirst.filter((address) => !patterns.some((pattern) => matches(pattern, address)))).toEqual([]);
  });

  it("lists no pattern that no buyer's page or API route answers", () => {
    expect(patterns.filter((pattern) => !workerFirst.some((address) => matches(pattern, address)))).toEqual([]);
  });
});
