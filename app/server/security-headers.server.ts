/**
 * Security headers for every response the Worker produces (static files get theirs from public/_headers).
 * Remix's inline scripts carry the per-response nonce, or, in a page served from the edge cache to many visitors,
 * are allowed by their SHA-256 hashes (app/server/document/script-hashes.server.ts); nothing else may run inline.
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    // Tailwind ships a stylesheet; 'unsafe-inline' covers style attributes set by UI primitives.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    // The service worker and the web app manifest (docs/decisions/025-installable-offline.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms redirect to Stripe's hosted checkout and to the OAuth providers' consent pages.
    "form-action 'self' https://checkout.stripe.com https://accounts.google.com https://github.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  // The microphone for this origin only: Hear Again records the buyer's own voice (docs/decisions/040).
  "Permissions-Policy": "camera=(), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

export function withSecurityHeaders(response: Response, scriptSources: string[]): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) secured.headers.set(name, value);
  secured.headers.set("Content-Security-Policy", contentSecurityPolicy(scriptSources));
  return secured;
}
