/**
 * The one table of rate limits. Client-safe (no server imports), so forms can show the same numbers.
 *
 * Windows stay at 60 s: Cloudflare's rate limiting binding accepts only periods of 10 or 60 s, and each
 * rule has a binding of its own in wrangler.toml (`RL_<RULE>`, plus `RL_<RULE>_DEV` for ip-scoped rules)
 * whose `simple.limit` must equal the limit here; tests/worker/ratelimit-binding.test.ts checks that.
 */
export const RATE_LIMIT_RULES = {
  sign_in_email: { limit: 5, windowSeconds: 60, scope: "email" },
  sign_in_ip: { limit: 20, windowSeconds: 60, scope: "ip" },
  register_email: { limit: 3, windowSeconds: 60, scope: "email" },
  register_ip: { limit: 10, windowSeconds: 60, scope: "ip" },
  forgot_password_email: { limit: 3, windowSeconds: 60, scope: "email" },
  resend_verification_email: { limit: 3, windowSeconds: 60, scope: "email" },
  sign_in_link_email: { limit: 3, windowSeconds: 60, scope: "email" },
  access_check_email: { limit: 3, windowSeconds: 60, scope: "email" },
  email_action_ip: { limit: 30, windowSeconds: 60, scope: "ip" },
  // Each of these costs a Stripe API call (creating a Checkout Session, looking one up on /success).
  checkout_ip: { limit: 10, windowSeconds: 60, scope: "ip" },
  payment_lookup_ip: { limit: 30, windowSeconds: 60, scope: "ip" },
  // Keyed on the signed-in account's email: one account, one bucket, whichever device it records from.
  activity_email: { limit: 120, windowSeconds: 60, scope: "email" },
  // The landing's A/B beacon, keyed on the A/B subject (a signed-in user, or the landing's visitor id).
  experiment_event_subject: { limit: 30, windowSeconds: 60, scope: "subject" },
  // New A/B visitors a client address may mint (docs/decisions/020-ab-tests.md): past it a landing is a
  // non-participant's. The same in development: a local run is where minting is tried.
  new_visitor_ip: { limit: 20, windowSeconds: 60, scope: "ip", sameInDevelopment: true },
  // Wallpapers a buyer's address or settings page has drawn, keyed on the buyer: any size within bounds is drawn once
  // and kept, so a stream of new sizes must not keep the renderer busy (docs/decisions/044-wallpaper-address.md).
  wallpaper_draw_subject: { limit: 10, windowSeconds: 60, scope: "subject" },
  // "Send me a test notification", keyed on the buyer: each is a request to every device's push service
  // (docs/decisions/046-web-push.md).
  test_push_subject: { limit: 3, windowSeconds: 60, scope: "subject" },
} as const;

export type RateLimitRule = keyof typeof RATE_LIMIT_RULES;

/**
 * In development every request comes from 127.0.0.1, so one person clicking around (or the browser
 * tests) would trip the ip-scoped limits meant for a whole address. Email-scoped limits stay as in production,
 * and so do ip-scoped rules marked `sameInDevelopment`.
 */
export const DEVELOPMENT_IP_LIMIT = 1000;

/** Whether a rule's limit is raised to DEVELOPMENT_IP_LIMIT in development (and has a `_DEV` binding for it). */
export function raisedInDevelopment(rule: RateLimitRule): boolean {
  const settings = RATE_LIMIT_RULES[rule];
  return settings.scope === "ip" && !("sameInDevelopment" in settings);
}

/** The limit a rule enforces: its own, except the ip-scoped rules raised in development. */
export function effectiveLimit(rule: RateLimitRule, isDevelopment: boolean): number {
  return isDevelopment && raisedInDevelopment(rule) ? DEVELOPMENT_IP_LIMIT : RATE_LIMIT_RULES[rule].limit;
}

/** The rule names, in table order. */
export const RATE_LIMIT_RULE_NAMES = Object.keys(RATE_LIMIT_RULES) as RateLimitRule[];
