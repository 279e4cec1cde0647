import ipaddr from "ipaddr.js";
import { createBindingRateLimiter, type RateLimitBindings } from "./binding.server";
import { RATE_LIMIT_RULES, type RateLimitRule } from "./rules";
import type { RateLimiter } from "./types";
import { createUpstashRateLimiter } from "./upstash.server";

type RateLimitEnv = RateLimitBindings & {
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
};

// Built per request from the env object; memoised per env object (and mode).
const limiters = new WeakMap<object, { development?: RateLimiter; production?: RateLimiter }>();

export function getRateLimiter(env: RateLimitEnv, options: { isDevelopment: boolean }): RateLimiter {
  let byMode = limiters.get(env);
  if (!byMode) {
    byMode = {};
    limiters.set(env, byMode);
  }
  const mode = options.isDevelopment ? "development" : "production";
  const existing = byMode[mode];
  if (existing) return existing;
  const created = normalisingKeys(createLimiter(env, options));
  byMode[mode] = created;
  return created;
}

function createLimiter(env: RateLimitEnv, options: { isDevelopment: boolean }): RateLimiter {
  const url = env.UPSTASH_REDIS_REST_URL?.trim();
  const token = env.UPSTASH_REDIS_REST_TOKEN?.trim();
  if (url && token) return createUpstashRateLimiter({ url, token }, options);
  return createBindingRateLimiter(env, options);
}

/** Emails are trimmed and lower-cased; every key is prefixed with its rule, so rules never share counters. */
function rateLimitKey(rule: RateLimitRule, key: string): string {
  const trimmed = key.trim();
  const normalised = RATE_LIMIT_RULES[rule].scope === "email" ? trimmed.toLowerCase() : trimmed;
  return `${rule}:${normalised}`;
}

function normalisingKeys(limiter: RateLimiter): RateLimiter {
  return {
    backend: limiter.backend,
    check: (rule, key) => limiter.check(rule, rateLimitKey(rule, key)),
  };
}

/**
 * The client's address as Cloudflare reports it; "unknown" (one shared bucket) when absent.
 * An IPv6 client usually holds a whole /64 and can pick a fresh address from it for every request,
 * so IPv6 addresses are counted by their /64 prefix (IPv4, and IPv4-mapped IPv6, by the address).
 */
export function rateLimitKeyForIp(request: Request): string {
  const raw = request.headers.get("CF-Connecting-IP")?.trim();
  if (!raw || !ipaddr.isValid(raw)) return "unknown";
  const address = ipaddr.process(raw);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).toNormalizedString().split(":").slice(0, 4).join(":");
  return `${prefix}::/64`;
}
