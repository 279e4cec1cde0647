/**
 * The A/B visitor id (docs/decisions/020-ab-tests.md) as someone pumping a variant plays it: a counted buy button is
 * a plain link, so any site's image tag could request `/checkout?cta=hero` (the browser sends no cookie with it),
 * and the unsigned `lc_vid` could be made up at will; each request counted as a new visitor's click, 25 of 25. Now
 * only a visitor id this app signed counts, a click counts once per visitor, placement and day, and a request
 * without one counts nothing: /admin's click counts move only for visitors who really saw the landing.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { EXPERIMENTS } from "~/modules/experiments/experiments";
import { cookieFrom, fetchApp } from "../helpers";

async function ctaClicks(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM ab_events WHERE event = 'cta_click'").first<{ n: number }>())?.n ?? 0;
}

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("pumping CTA clicks", () => {
  it("25 cookie-less requests (another site's image tag) and 25 made-up visitor ids count nothing", async () => {
    const before = await ctaClicks();
    for (let i = 0; i < 25; i++) expect((await fetchApp("/checkout?cta=hero")).status).toBe(303);
    for (let i = 0; i < 25; i++) {
      const forged = await fetchApp("/checkout?cta=hero", { headers: { Cookie: `lc_vid=${crypto.randomUUID()}` } });
      expect(forged.status).toBe(303);
    }
    expect(await ctaClicks()).toBe(before);
  });

  it("25 clicks from one real visitor count once per test", async () => {
    const landing = await fetchApp("/");
    await landing.text();
    const cookie = `${cookieFrom(landing, "lc_vid")}; ${cookieFrom(landing, "lc_ab")}`;
    const before = await ctaClicks();
    for (let i = 0; i < 25; i++) await fetchApp("/checkout?cta=hero", { headers: { Cookie: cookie } });
    expect(await ctaClicks()).toBe(before + EXPERIMENTS.length);
  });
});
