/**
 * What the Worker may do with a route's answer, declared by the route beside its loader (`export const handle =
 * publicPage`) and read once from the build by the request pipeline (app/server/page-policies.server.ts). A route
 * that declares nothing is personal: nothing keeps its answer, which is `private, no-store` unless it says otherwise.
 */
export type PagePolicy =
  /**
   * The same for every visitor with this URL (docs/decisions/022-edge-cache.md): a visitor's plain GET may be answered
   * from the edge cache and fill it. `type` is the only answer kept, so an error page never stands in for JSON.
   * `abTested`: it also varies by the visitor's A/B variant set, and a view is counted when it is served from the
   * cache (docs/decisions/020-ab-tests.md).
   */
  | { kind: "public"; type: "text/html" | "application/json"; abTested?: boolean }
  /**
   * A buyer's page: for a visitor its loaders only read (a gate, a redirect), so the Worker checks for an ended
   * session beside it, in the same round trip (docs/decisions/037-fixed-cost-per-request.md). No static file answers
   * its address: wrangler.toml's `run_worker_first` sends it to the Worker first (tests/unit/page-policies.test.ts).
   */
  | { kind: "buyers" }
  /**
   * An address that is its own key (a buyer's private wallpaper address, docs/decisions/044-wallpaper-address.md),
   * fetched by apps that carry no session. The route gets the request without cookies or `Authorization`, so nothing
   * but the address can shape the answer, and no ended-session notice stands in for it; its reads start on D1's primary,
   * as a session's do, so an address turned off or an access ended a moment ago opens nothing; and no shared cache ever
   * keeps it. The route states its own Cache-Control.
   */
  | { kind: "capability" }
  | { kind: "personal" };

/** The route's `handle`, as far as the pipeline reads it. */
export type PolicyHandle = { page: PagePolicy };

export const PERSONAL: PagePolicy = { kind: "personal" };

export const publicPage: PolicyHandle = { page: { kind: "public", type: "text/html" } };
export const publicJson: PolicyHandle = { page: { kind: "public", type: "application/json" } };
export const abTestedPage: PolicyHandle = { page: { kind: "public", type: "text/html", abTested: true } };
export const buyersPage: PolicyHandle = { page: { kind: "buyers" } };
export const capabilityAddress: PolicyHandle = { page: { kind: "capability" } };

/** The policy a route module's `handle` declares, or PERSONAL. */
export function policyOfHandle(handle: unknown): PagePolicy {
  const page = (handle as Partial<PolicyHandle> | undefined)?.page;
  return page && typeof page === "object" && "kind" in page ? page : PERSONAL;
}
