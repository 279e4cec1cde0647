import type { AppConfig } from "~/modules/config/config.server";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "~/modules/daily-card/unsubscribe.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF).
 * Browsers send Origin on every POST; a missing Origin with Sec-Fetch-Site: cross-site is refused too.
 * Clients that are not browsers (curl, Stripe's webhooks) send neither and are judged by their own auth. The one-click
 * unsubscribe address takes a POST from anywhere (RFC 8058 senders may send an Origin; its token is its authority).
 */
export function isCrossOriginStateChange(request: Request, config: AppConfig): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (new URL(request.url).pathname === ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  const origin = request.headers.get("Origin");
  if (origin === "null") return true;
  if (origin) return origin !== new URL(request.url).origin && origin !== config.appOrigin;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

export function crossOriginRefusal(request: Request): Response {
  const message = "Cross-origin requests are not allowed.";
  if (new URL(request.url).pathname.startsWith("/api/")) return Response.json({ error: message }, { status: 403 });
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
