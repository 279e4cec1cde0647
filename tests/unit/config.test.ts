import { describe, expect, it } from "vitest";
import { readConfig } from "~/modules/config/config.server";
import { formatPrice, formatPriceShort } from "~/modules/config/money";

const productionVars = {
  APP_ORIGIN: "https://lightcards.app",
  PRICE_CENTS: "2700",
  CURRENCY: "usd",
  SUPPORT_EMAIL: "support@lightcards.app",
  SOCIAL_URL: "https://www.instagram.com/lightcards",
  EMAIL_FROM: "LIGHT Cards <hello@lightcards.app>",
  SESSION_SECRET: "a-long-random-production-secret",
} as unknown as Env;

describe("configuration", () => {
  it("is production unless ENVIRONMENT is exactly 'development' (fails closed)", () => {
    expect(readConfig({ ...productionVars }).environment).toBe("production");
    expect(readConfig({ ...productionVars, ENVIRONMENT: "dev" }).environment).toBe("production");
    expect(readConfig({ ...productionVars, ENVIRONMENT: "development" }).isDevelopment).toBe(true);
  });

  it("requires a session secret in production but not in development", () => {
    const { SESSION_SECRET: _omitted, ...withoutSecret } = productionVars;
    expect(() => readConfig({ ...(withoutSecret as Env) })).toThrow("SESSION_SECRET is required");
    expect(readConfig({ ...(withoutSecret as Env), ENVIRONMENT: "development" }).sessionSecrets).toHaveLength(1);
  });

  it("names the setting that is wrong", () => {
    expect(() => readConfig({ ...productionVars, PRICE_CENTS: "27.5" })).toThrow("PRICE_CENTS");
    expect(() => readConfig({ ...productionVars, CURRENCY: "dollars" })).toThrow("CURRENCY");
  });

  it("hashes new passwords at 100,000 PBKDF2 iterations in production, whatever PASSWORD_HASH_ITERATIONS says", () => {
    expect(readConfig({ ...productionVars }).passwordHashIterations).toBe(100_000);
    expect(readConfig({ ...productionVars, PASSWORD_HASH_ITERATIONS: "1000" } as Env).passwordHashIterations).toBe(100_000);
    // Development (and the tests, which set it) may lower the cost; never raise it past what Workers accept.
    const development = { ...productionVars, ENVIRONMENT: "development" };
    expect(readConfig({ ...development }).passwordHashIterations).toBe(100_000);
    expect(readConfig({ ...development, PASSWORD_HASH_ITERATIONS: "1000" } as Env).passwordHashIterations).toBe(1_000);
    expect(() => readConfig({ ...development, PASSWORD_HASH_ITERATIONS: "200000" } as Env)).toThrow("PASSWORD_HASH_ITERATIONS");
  });

  it("reads the price and the admin list from the vars", () => {
    const config = readConfig({ ...productionVars, ADMIN_EMAILS: " Admin@LightCards.app, ops@lightcards.app " });
    expect(config.price).toEqual({ cents: 2700, currency: "usd" });
    expect(config.adminEmails).toEqual(["admin@lightcards.app", "ops@lightcards.app"]);
  });
});

describe("price formatting", () => {
  it("shows cents in totals and whole amounts in headlines", () => {
    expect(formatPrice({ cents: 2700, currency: "usd" })).toBe("$27.00");
    expect(formatPriceShort({ cents: 2700, currency: "usd" })).toBe("$27");
    expect(formatPriceShort({ cents: 2750, currency: "usd" })).toBe("$27.50");
  });
});
