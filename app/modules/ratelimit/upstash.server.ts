import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis/cloudflare";
import { effectiveLimit, RATE_LIMIT_RULES, type RateLimitRule } from "./rules";
import type { RateLimiter, RateLimitResult } from "./types";

/**
 * Rate limiting on Upstash Redis (REST), with @upstash/ratelimit's sliding window: one counter for the
 * whole world instead of one per Cloudflare location. Keys in Redis: `lc:rl:<rule>:<key>:<window>`.
 */

const PREFIX = "lc:rl";

/** A check that takes longer than this fails (throws) rather than letting the request through. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * @upstash/ratelimit's ephemeral cache remembers identifiers Redis has refused, until their window resets,
 * and refuses them again without a round trip. Its docs require the Map to live outside the request handler;
 * a Worker builds the limiter per request (per env), so the Maps live here at module scope, where they are
 * shared by the requests an isolate serves. They hold plain numbers (no I/O objects), which Workers allows
 * across requests. One Map per (database, rule, limit), so rules and databases never share entries.
 */
const blockedUntil = new Map<string, Map<string, number>>();

function ephemeralCacheFor(url: string, rule: RateLimitRule, limit: number): Map<string, number> {
  const id = `${url}\n${rule}\n${limit}`;
  let cache = blockedUntil.get(id);
  if (!cache) {
    cache = new Map();
    blockedUntil.set(id, cache);
  }
  return cache;
}

export function createUpstashRateLimiter(credentials: { url: string; token: string }, options: { isDevelopment: boolean }): RateLimiter {
  const redis = new Redis({ url: credentials.url, token: credentials.token });
  const limiters = new Map<RateLimitRule, Ratelimit>();

  function limiterFor(rule: RateLimitRule): Ratelimit {
    let limiter = limiters.get(rule);
    if (!limiter) {
      const limit = effectiveLimit(rule, options.isDevelopment);
      limiter = new Ratelimit({
        redis,
        limiter: Ratelimit.slidingWindow(limit, `${RATE_LIMIT_RULES[rule].windowSeconds} s`),
        prefix: PREFIX,
        ephemeralCache: ephemeralCacheFor(credentials.url, rule, limit),
        // The library's own timeout *allows* the request when Redis is slow; ours below refuses instead.
        timeout: 0,
        analytics: false,
      });
      limiters.set(rule, limiter);
    }
    return limiter;
  }

  return {
    backend: "upstash",
    async check(rule, key): Promise<RateLimitResult> {
      const response = await withDeadline(limiterFor(rule).limit(key), CHECK_TIMEOUT_MS);
      return {
        success: response.success,
        limit: response.limit,
        remaining: Math.max(0, response.remaining),
        retryAfterSeconds: response.success ? 0 : Math.max(1, Math.ceil((response.reset - Date.now()) / 1000)),
      };
    },
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Upstash rate limit check took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
