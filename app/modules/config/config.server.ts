import { z } from "zod";

/** PBKDF2 iterations for passwords in production: the most production Workers accept (auth/passwords.server.ts). */
export const PASSWORD_ITERATIONS = 100_000;

/**
 * Typed app settings read from the Worker's vars. Anything but an explicit
 * ENVIRONMENT=development is production, so a forgotten setting fails closed
 * (no test payments, no dev outbox, no dev-only buttons).
 */
const configSchema = z.object({
  ENVIRONMENT: z
    .string()
    .optional()
    .transform((value) => (value === "development" ? "development" : "production")),
  APP_ORIGIN: z.url({ message: "APP_ORIGIN must be an absolute URL" }),
  PRICE_CENTS: z.coerce
    .number({ message: "PRICE_CENTS must be a whole number of cents" })
    .int({ message: "PRICE_CENTS must be a whole number of cents" })
    .positive({ message: "PRICE_CENTS must be positive" }),
  CURRENCY: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, { message: "CURRENCY must be a 3-letter ISO code" })
    .transform((code) => code.toLowerCase()),
  SUPPORT_EMAIL: z.email({ message: "SUPPORT_EMAIL must be an email address" }),
  SOCIAL_URL: z.url({ message: "SOCIAL_URL must be an absolute URL" }),
  EMAIL_FROM: z.string().min(3),
  SESSION_SECRET: z.string().optional(),
  SHARE_LINK_SECRETS: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  PUBLIC_CONTENT_TTL_SECONDS: z.coerce
    .number({ message: "PUBLIC_CONTENT_TTL_SECONDS must be a whole number of seconds" })
    .int({ message: "PUBLIC_CONTENT_TTL_SECONDS must be a whole number of seconds" })
    .min(0)
    .default(30),
  PASSWORD_HASH_ITERATIONS: z.coerce
    .number({ message: "PASSWORD_HASH_ITERATIONS must be a whole number" })
    .int({ message: "PASSWORD_HASH_ITERATIONS must be a whole number" })
    .min(1)
    .max(100_000)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** "on" once the owner has set up Stripe Tax (README): Checkout computes tax inside the price. */
  STRIPE_AUTOMATIC_TAX: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((list) =>
      (list ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type AppConfig = {
  environment: "development" | "production";
  isDevelopment: boolean;
  appOrigin: string;
  price: { cents: number; currency: string };
  supportEmail: string;
  socialUrl: string;
  emailFrom: string;
  adminEmails: string[];
  /** Stripe Tax on the Checkout Session (payments/checkout-session-settings.server.ts). */
  stripeAutomaticTax: boolean;
  /** Signs cookies; several comma-separated values allow rotation (the first signs). */
  sessionSecrets: string[];
  /**
   * Signs share links (docs/decisions/019-share-links.md): `<key id>:<secret>` pairs, comma-separated; the first signs,
   * every one listed still verifies the links it signed. Empty in production without SHARE_LINK_SECRETS: then no paid
   * card's link is issued or opens (fails closed, the rest of the site unaffected).
   */
  shareLinkKeys: ShareLinkKey[];
  /**
   * The VAPID key pair Web Push messages are signed with (docs/decisions/046-web-push.md), base64url: the public key
   * as the 65-byte uncompressed point browsers subscribe with, the private key as its 32-byte scalar. Null without
   * both secrets: then no device is offered notifications (the rest of the site works).
   */
  webPush: { publicKey: string; privateKey: string } | null;
  /** How long an isolate keeps the public collection before reading D1 again (0: every request, as the tests run). */
  publicContentTtlMs: number;
  /**
   * PBKDF2 iterations for new password hashes: always 100,000 in production; development may lower it
   * (PASSWORD_HASH_ITERATIONS, which the tests set to stay fast: docs/decisions/028-test-harness.md).
   */
  passwordHashIterations: number;
};

type ShareLinkKey = { id: string; secret: string };

// Only ever used when ENVIRONMENT=development, so local runs need no secrets.
const DEVELOPMENT_SESSION_SECRET = "light-cards-development-only-secret";
const DEVELOPMENT_SHARE_LINK_KEY: ShareLinkKey = { id: "dev", secret: "light-cards-development-only-share-links" };

/** A key id names the key in every link it signs: short, URL-safe, no separator of the token. */
const SHARE_LINK_KEY = /^([a-z0-9]{1,16}):(.{16,})$/;

/** base64url of a P-256 public point (65 bytes: 87 characters) and of its private scalar (32 bytes: 43). */
const VAPID_PUBLIC = /^[A-Za-z0-9_-]{87}$/;
const VAPID_PRIVATE = /^[A-Za-z0-9_-]{43}$/;

function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): AppConfig["webPush"] {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey || !VAPID_PUBLIC.test(publicKey) || !VAPID_PRIVATE.test(privateKey)) {
    throw new Error("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, as `npm run vapid:keys` prints them");
  }
  return { publicKey, privateKey };
}

function parseShareLinkKeys(value: string | undefined): ShareLinkKey[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const match = SHARE_LINK_KEY.exec(entry);
    if (!match?.[1] || !match[2]) {
      throw new Error("Invalid configuration: SHARE_LINK_SECRETS must be <key id>:<secret of 16+ characters>, comma-separated");
    }
    return { id: match[1], secret: match[2] };
  });
}

const cache = new WeakMap<object, AppConfig>();

/** Parses the vars once per env object; a misconfigured deployment fails loudly with the field named. */
export function readConfig(env: Env): AppConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const vars = parsed.data;
  const sessionSecrets = (vars.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (sessionSecrets.length === 0) {
    if (vars.ENVIRONMENT !== "development") {
      throw new Error("Invalid configuration: SESSION_SECRET is required (wrangler secret put SESSION_SECRET)");
    }
    sessionSecrets.push(DEVELOPMENT_SESSION_SECRET);
  }
  const shareLinkKeys = parseShareLinkKeys(vars.SHARE_LINK_SECRETS);
  if (shareLinkKeys.length === 0 && vars.ENVIRONMENT === "development") shareLinkKeys.push(DEVELOPMENT_SHARE_LINK_KEY);
  const config: AppConfig = {
    environment: vars.ENVIRONMENT,
    isDevelopment: vars.ENVIRONMENT === "development",
    appOrigin: vars.APP_ORIGIN.replace(/\/$/, ""),
    price: { cents: vars.PRICE_CENTS, currency: vars.CURRENCY },
    supportEmail: vars.SUPPORT_EMAIL,
    socialUrl: vars.SOCIAL_URL,
    emailFrom: vars.EMAIL_FROM,
    adminEmails: vars.ADMIN_EMAILS,
    stripeAutomaticTax: vars.STRIPE_AUTOMATIC_TAX,
    sessionSecrets,
    shareLinkKeys,
    webPush: parseVapidKeys(vars.VAPID_PUBLIC_KEY, vars.VAPID_PRIVATE_KEY),
    publicContentTtlMs: vars.PUBLIC_CONTENT_TTL_SECONDS * 1000,
    // Production ignores the variable: a stray test setting can never weaken real accounts' hashes.
    passwordHashIterations: (vars.ENVIRONMENT === "development" && vars.PASSWORD_HASH_ITERATIONS) || PASSWORD_ITERATIONS,
  };
  cache.set(env, config);
  return config;
}
