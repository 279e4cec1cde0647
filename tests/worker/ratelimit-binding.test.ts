/**
 * The Cloudflare rate limiting binding backend, in workerd with the [[ratelimits]] bindings from
 * wrangler.toml (miniflare runs them in memory: a fixed 60 s window per binding).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bindingNameFor } from "~/modules/ratelimit/binding.server";
import { getRateLimiter } from "~/modules/ratelimit/limiter.server";
import { DEVELOPMENT_IP_LIMIT, RATE_LIMIT_RULE_NAMES, RATE_LIMIT_RULES } from "~/modules/ratelimit/rules";
import { awayFromWindowEdge } from "./helpers";

let unique = 0;
const fresh = (label: string) => `${label}-${Date.now()}-${++unique}`;

describe("Cloudflare binding rate limiter", () => {
  it("is chosen when the Upstash secrets are not set", () => {
    expect(getRateLimiter(env, { isDevelopment: false }).backend).toBe("cloudflare-binding");
  });

  it("allows 3 registrations per email, then refuses for the window", async () => {
    await awayFromWindowEdge();
    const limiter = getRateLimiter(env, { isDevelopment: false });
    const email = `${fresh("register")}@example.com`;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await limiter.check("register_email", email);
      expect(result.success, `attempt ${attempt}`).toBe(true);
      expect(result.limit).toBe(3);
    }
    const refused = await limiter.check("register_email", email);
    expect(refused).toEqual({ success: false, limit: 3, remaining: 0, retryAfterSeconds: 60 });

    // Same address in other case: same counter. Another email, and another rule: untouched.
    expect((await limiter.check("register_email", `  ${email.toUpperCase()} `)).success).toBe(false);
    expect((await limiter.check("register_email", `other-${email}`)).success).toBe(true);
    expect((await limiter.check("sign_in_email", email)).success).toBe(true);
  }, 20_000);

  it("has a binding for every rule whose limit is the rule's (wrangler.toml in step with rules.ts)", async () => {
    await awayFromWindowEdge();
    const limiter = getRateLimiter(env, { isDevelopment: false });
    for (const rule of RATE_LIMIT_RULE_NAMES) {
      expect(env[bindingNameFor(rule, false)], `binding ${bindingNameFor(rule, false)}`).toBeDefined();
      const key = RATE_LIMIT_RULES[rule].scope === "ip" ? fresh("203.0.113") : `${fresh(rule)}@example.com`;
      const { limit } = RATE_LIMIT_RULES[rule];
      for (let attempt = 1; attempt <= limit; attempt++) {
        expect((await limiter.check(rule, key)).success, `${rule} attempt ${attempt}`).toBe(true);
      }
      expect((await limiter.check(rule, key)).success, `${rule} attempt ${limit + 1}`).toBe(false);
    }
  }, 20_000);

  it("uses the high development threshold for ip-scoped rules in development", async () => {
    await awayFromWindowEdge();
    const production = getRateLimiter(env, { isDevelopment: false });
    const development = getRateLimiter(env, { isDevelopment: true });
    const ip = fresh("198.51.100");

    let allowed = 0;
    while ((await development.check("sign_in_ip", ip)).success && allowed <= DEVELOPMENT_IP_LIMIT) allowed++;
    expect(allowed).toBe(DEVELOPMENT_IP_LIMIT);

    // The production binding for the same rule still holds 20 for another address.
    const other = fresh("198.51.100");
    for (let attempt = 1; attempt <= 20; attempt++) expect((await production.check("sign_in_ip", other)).success).toBe(true);
    expect((await production.check("sign_in_ip", other)).success).toBe(false);

    // Email-scoped rules keep their production limit in development.
    const email = `${fresh("dev")}@example.com`;
    for (let attempt = 1; attempt <= 3; attempt++) expect((await development.check("register_email", email)).success).toBe(true);
    expect((await development.check("register_email", email)).success).toBe(false);
  }, 30_000);
});
