import type { AppLoadContext } from "@remix-run/cloudflare";
import { rateLimitKeyForIp } from "./limiter.server";
import { RATE_LIMIT_RULES, type RateLimitRule } from "./rules";

/**
 * `email` is the address after the route's zod schema has parsed it, never the raw field: keyed on the
 * raw text, padding an address with spaces gave each attempt a bucket of its own. The limiter trims and
 * lower-cases it once more, so every spelling of one mailbox shares one bucket.
 */
type RateLimitCheck = { rule: RateLimitRule; email?: string; subject?: string };

/**
 * Checks every rule (ip-scoped rules key on the client's address, IPv6 by its /64, email-scoped ones on the email,
 * subject-scoped ones on the A/B subject) and
 * throws a 429 with Retry-After when one is exhausted: JSON under /api/, a plain message for pages
 * (the error boundary shows it).
 */
export async function enforceRateLimits(context: AppLoadContext, request: Request, checks: RateLimitCheck[]): Promise<void> {
  const limiter = context.rateLimiter;
  for (const check of checks) {
    const { scope } = RATE_LIMIT_RULES[check.rule];
    const key = scope === "ip" ? rateLimitKeyForIp(request) : scope === "email" ? check.email : check.subject;
    if (!key) continue;
    const result = await limiter.check(check.rule, key);
    if (!result.success) throw tooManyRequests(request, result.retryAfterSeconds);
  }
}

function tooManyRequests(request: Request, retryAfterSeconds: number): Response {
  const message = `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`;
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ error: message }, { status: 429, headers });
  return new Response(message, { status: 429, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
