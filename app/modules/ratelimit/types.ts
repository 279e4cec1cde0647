import type { RateLimitRule } from "./rules";

/** What every rate-limit backend answers; the backends and the factory in limiter.server.ts share it. */
export type RateLimitResult = {
  success: boolean;
  limit: number;
  /** Attempts left in the window. The Cloudflare binding cannot tell, and reports 0. */
  remaining: number;
  /** 0 when allowed; otherwise whole seconds (at least 1) until a retry may succeed. */
  retryAfterSeconds: number;
};

/** One interface, two backends: Upstash Redis when its secrets are set, otherwise Cloudflare's binding. */
export interface RateLimiter {
  readonly backend: "upstash" | "cloudflare-binding";
  /** Counts one attempt for `key` under `rule`. Throws if the backend cannot answer (never silently allows). */
  check(rule: RateLimitRule, key: string): Promise<RateLimitResult>;
}
