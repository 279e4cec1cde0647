/**
 * The contract of the real Cloudflare rate limiting binding, in workerd with the [[ratelimits]] bindings from
 * wrangler.toml (miniflare runs them in memory: a fixed window per binding, aligned to the clock). The other Worker
 * tests count on the bindings' in-memory twins on a test clock (tests/fakes/ratelimits.ts); this file is what keeps
 * those twins honest: the app's backend over the real bindings refuses each rule's limit + 1st attempt.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bindingNameFor } from "~/modules/ratelimit/binding.server";
import { getRateLimiter } from "~/modules/ratelimit/limiter.server";
import { DEVELOPMENT_IP_LIMIT, RATE_LIMIT_RULE_NAMES, RATE_LIMIT_RULES, type RateLimitRule } from "~/modules/ratelimit/rules";
import type { RateLimiter, RateLimitResult } from "~/modules/ratelimit/types";

let unique = 0;
const fresh = (label: string) => `${label}-${Date.now()}-${++unique}`;

/**
 * How many of `limit + 1` attempts on a fresh key the limiter allows, within one window of the real binding. A burst
 * that happened to straddle a window edge (the window is the wall clock's minute) is run again on another fresh key:
 * the second cannot straddle too, so the answer never depends on when the test ran, and nothing waits.
 */
async function burstInOneWindow(
  limiter: RateLimiter,
  rule: RateLimitRule,
  limit: number,
  freshKey: () => string,
): Promise<RateLimitResult[]> {
  const windowMs = RATE_LIMIT_RULES[rule].windowSeconds * 1000;
  for (;;) {
    const key = freshKey();
    const startWindow = Math.floor(Date.now() / windowMs);
    const results: RateLimitResult[] = [];
    for (let attempt = 0; attempt <= limit; attempt++) results.push(await limiter.check(rule, key));
    if (Math.floor(Date.now() / windowMs) === startWindow) return results;
  }
}

async function allowedInOneWindow(...args: Parameters<typeof burstInOneWindow>): Promise<boolean[]> {
  return (await burstInOneWindow(...args)).map((result) => result.success);
}

const freshKeyFor = (rule: RateLimitRule) => () =>
  RATE_LIMIT_RULES[rule].scope === "ip" ? fresh("203.0.113") : `${fresh(rule)}@example.com`;
const allowedThenRefused = (limit: number) => [...Array<boolean>(limit).fill(true), false];

describe("Cloudflare binding rate limiter (the real binding's contract)", () => {
  it("is chosen when the Upstash secrets are not set", () => {
    expect(getRateLimiter(env, { isDevelopment: false }).backend).toBe("cloudflare-binding");
  });

  it("has a binding for every rule that allows the rule's limit in a window and refuses the next (wrangler.toml in step with rules.ts)", async () => {
    const limiter = getRateLimiter(env, { isDevelopment: false });
    for (const rule of RATE_LIMIT_RULE_NAMES) {
      expect(env[bindingNameFor(rule, false)], `binding ${bindingNameFor(rule, false)}`).toBeDefined();
      const { limit } = RATE_LIMIT_RULES[rule];
      expect(await allowedInOneWindow(limiter, rule, limit, freshKeyFor(rule)), rule).toEqual(allowedThenRefused(limit));
    }
  });

  it("answers a refusal with the rule's limit and its whole window as Retry-After (the binding cannot tell what remains)", async () => {
    const limiter = getRateLimiter(env, { isDevelopment: false });
    const results = await burstInOneWindow(limiter, "register_email", 3, freshKeyFor("register_email"));
    expect(results.at(-1)).toEqual({ success: false, limit: 3, remaining: 0, retryAfterSeconds: 60 });
  });

  it("uses the high development threshold (the _DEV twins) for ip-scoped rules in development, and the production one for emails and new visitors", async () => {
    const development = getRateLimiter(env, { isDevelopment: true });
    for (const rule of RATE_LIMIT_RULE_NAMES.filter((name) => RATE_LIMIT_RULES[name].scope === "ip")) {
      expect(env[bindingNameFor(rule, true)], `binding ${bindingNameFor(rule, true)}`).toBeDefined();
    }
    expect(await allowedInOneWindow(development, "sign_in_ip", DEVELOPMENT_IP_LIMIT, freshKeyFor("sign_in_ip"))).toEqual(
      allowedThenRefused(DEVELOPMENT_IP_LIMIT),
    );
    expect(await allowedInOneWindow(development, "register_email", 3, freshKeyFor("register_email"))).toEqual(allowedThenRefused(3));
    // Minting A/B visitors is limited in development as in production (docs/decisions/020-ab-tests.md).
    const newVisitors = RATE_LIMIT_RULES.new_visitor_ip.limit;
    expect(await allowedInOneWindow(development, "new_visitor_ip", newVisitors, freshKeyFor("new_visitor_ip"))).toEqual(
      allowedThenRefused(newVisitors),
    );
  });
});
