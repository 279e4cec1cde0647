/**
 * The Worker's bindings, vars and secrets as wrangler.toml and .dev.vars.example declare them.
 * Secrets are optional here: which ones are required depends on ENVIRONMENT (see config.server.ts).
 */
export interface Env {
  DB: D1Database;
  AB_KV: KVNamespace;
  CARD_ASSETS: R2Bucket;
  ASSETS: Fetcher;

  // Rate limiting bindings ([[ratelimits]] in wrangler.toml), one per rule; _DEV twins carry the development ip limit.
  RL_SIGN_IN_EMAIL: RateLimit;
  RL_SIGN_IN_IP: RateLimit;
  RL_SIGN_IN_IP_DEV: RateLimit;
  RL_REGISTER_EMAIL: RateLimit;
  RL_REGISTER_IP: RateLimit;
  RL_REGISTER_IP_DEV: RateLimit;
  RL_FORGOT_PASSWORD_EMAIL: RateLimit;
  RL_RESEND_VERIFICATION_EMAIL: RateLimit;
  RL_SIGN_IN_LINK_EMAIL: RateLimit;
  RL_ACCESS_CHECK_EMAIL: RateLimit;
  RL_EMAIL_ACTION_IP: RateLimit;
  RL_EMAIL_ACTION_IP_DEV: RateLimit;
  RL_CHECKOUT_IP: RateLimit;
  RL_CHECKOUT_IP_DEV: RateLimit;
  RL_PAYMENT_LOOKUP_IP: RateLimit;
  RL_PAYMENT_LOOKUP_IP_DEV: RateLimit;

  ENVIRONMENT?: string;
  APP_ORIGIN?: string;
  PRICE_CENTS?: string;
  CURRENCY?: string;
  SUPPORT_EMAIL?: string;
  SOCIAL_URL?: string;
  EMAIL_FROM?: string;
  ADMIN_EMAILS?: string;

  SESSION_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  RESEND_API_KEY?: string;
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
}
