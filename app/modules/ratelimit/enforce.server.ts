import type { AppLoadContext } from "@remix-run/cloudflare";
import { getRateLimiter, rateLimitKeyForIp } from "./limiter.server";
import { RATE_LIMIT_RULES, type RateLimitRule } from "./rules";

export type RateLimitCheck = { rule: RateLimitRule; email?: string };

/**
 * Checks every rule (ip-scoped rules key on CF-Connecting-IP, email-scoped ones on the email) and
 * throws a 429 with Retry-After when one is exhausted: JSON under /api/, a plain message for pages
 * (the error boundary shows it).
 */
export async function enforceRateLimits(context: AppLoadContext, request: Request, checks: RateLimitCheck[]): Promise<void> {
  const limiter = getRateLimiter(context.cloudflare.env, { isDevelopment: context.config.isDevelopment });
  for (const check of checks) {
    const scope = RATE_LIMIT_RULES[check.rule].scope;
    if (scope === "email" && !check.email) continue;
    const key = scope === "ip" ? rateLimitKeyForIp(request) : check.email!;
    const result = await limiter.check(check.rule, key);
    if (!result.success) throw tooManyRequests(request, result.retryAfterSeconds);
  }
}

export function tooManyRequests(request: Request, retryAfterSeconds: number): Response {
  const message = `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`;
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ error: message }, { status: 429, headers });
  return new Response(message, { status: 429, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/** The email a form or JSON body names, for email-scoped limits (normalised by the limiter). */
export function emailFrom(value: unknown): string | undefined {
  return typeof value === "string" && value.includes("@") ? value.slice(0, 254) : undefined;
}
