import { effectiveLimit, RATE_LIMIT_RULES, type RateLimitRule, raisedInDevelopment } from "./rules";
import type { RateLimiter, RateLimitResult } from "./types";

/**
 * Rate limiting on Cloudflare's rate limiting binding. A binding has a fixed limit and period, so every
 * rule has its own binding in wrangler.toml (`RL_SIGN_IN_EMAIL`, ...), and every ip-scoped rule a second one
 * with the development threshold (`RL_SIGN_IN_IP_DEV`, ...). Counters are per Cloudflare location and
 * approximate (Cloudflare documents them as such); wrangler dev, miniflare and the Worker tests run them
 * locally with nothing else installed.
 */

/** The ip-scoped rules whose limit development raises (all but those marked `sameInDevelopment`). */
type RaisedRule = {
  [R in RateLimitRule]: (typeof RATE_LIMIT_RULES)[R] extends { sameInDevelopment: true }
    ? never
    : (typeof RATE_LIMIT_RULES)[R]["scope"] extends "ip"
      ? R
      : never;
}[RateLimitRule];

type RateLimitBindingName = `RL_${Uppercase<RateLimitRule>}` | `RL_${Uppercase<RaisedRule>}_DEV`;
export type RateLimitBindings = { [Name in RateLimitBindingName]?: RateLimit };

/** The binding a rule uses: its own, or its `_DEV` twin for the ip-scoped rules development raises. */
export function bindingNameFor(rule: RateLimitRule, isDevelopment: boolean): RateLimitBindingName {
  const base = `RL_${rule.toUpperCase()}`;
  return (isDevelopment && raisedInDevelopment(rule) ? `${base}_DEV` : base) as RateLimitBindingName;
}

export function createBindingRateLimiter(env: RateLimitBindings, options: { isDevelopment: boolean }): RateLimiter {
  return {
    backend: "cloudflare-binding",
    async check(rule, key): Promise<RateLimitResult> {
      const name = bindingNameFor(rule, options.isDevelopment);
      const binding = env[name];
      if (!binding) {
        throw new Error(
          `Rate limiting binding ${name} is missing: declare it under [[ratelimits]] in wrangler.toml ` +
            `(or set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN).`,
        );
      }
      const { success } = await binding.limit({ key });
      const { windowSeconds } = RATE_LIMIT_RULES[rule];
      // The binding answers only yes or no: how many attempts remain is unknown, reported as 0.
      return {
        success,
        limit: effectiveLimit(rule, options.isDevelopment),
        remaining: 0,
        retryAfterSeconds: success ? 0 : windowSeconds,
      };
    },
  };
}
