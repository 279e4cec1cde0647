/**
 * Minting A/B visitors (docs/decisions/020-ab-tests.md) as a stranger does it: every cookie-less landing was a new
 * visitor whose view was queued at once, a page view per running test, kept for good (60 landings: 180 rows), and a
 * script that dropped the visitors drawn into A and kept those drawn into B raised B's clicks per visitor at will.
 * Now a client address mints at most `new_visitor_ip` visitors a minute (in development too), past it a landing is a
 * non-participant's (the control, no cookie, counted nowhere); a first view counts only when the browser comes back
 * with its cookie; and the daily clean-up folds old events into daily totals without moving /admin's results.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { getLandingCopy } from "~/content/landing-copy";
import { readConfig } from "~/modules/config/config.server";
import { DEFAULT_SETTINGS, EXPERIMENTS, type Variant } from "~/modules/experiments/experiments";
import { loadExperimentResults } from "~/modules/experiments/results.server";
import { readExperimentSettings } from "~/modules/experiments/settings.server";
import { newVisitorCookie } from "~/modules/experiments/visitor.server";
import { CLEANUP_CRON } from "~/modules/maintenance/cleanup.server";
import { RATE_LIMIT_RULES } from "~/modules/ratelimit/rules";
import { rateLimitClock } from "../../fakes/ratelimits";
import { fetchApp, ORIGIN, runSchedule, visibleText } from "../helpers";
import { signedInUser } from "../library-support";

const LIMIT = RATE_LIMIT_RULES.new_visitor_ip.limit;
const DAY_MS = 86_400_000;
const COPY_INPUT = { price: "$27", cardCount: 0, categoryCount: 0 };
const HEADLINE: Record<Variant, string> = {
  A: getLandingCopy({ hero_messaging: "A", pricing_copy: "A", cta_button: "A" }, COPY_INPUT).hero.headline,
  B: getLandingCopy({ hero_messaging: "B", pricing_copy: "A", cta_button: "A" }, COPY_INPUT).hero.headline,
};

async function eventRows(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM ab_events").first<{ n: number }>())?.n ?? 0;
}

/** The `name=value` pairs of the lc_ cookies an answer sets, as a browser sends them back ("" when none). */
function visitorCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith("lc_"))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Cookies kept as a browser keeps them: a newer value of a cookie replaces the older. */
function merge(cookie: string, newer: string): string {
  const jar = new Map<string, string>();
  for (const pair of [...cookie.split("; "), ...newer.split("; ")].filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  return [...jar.values()].join("; ");
}

function heroVariant(html: string): Variant {
  const h1 = /<h1 id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
  const shown = (["A", "B"] as const).filter((variant) => visibleText(h1).trim() === HEADLINE[variant]);
  expect(shown).toHaveLength(1);
  return shown[0]!;
}

/** The same-origin images a landing page links, which a browser fetches with its cookies whether or not it runs scripts. */
function sameOriginImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*\bsrc="(\/[^"/][^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

/** A browser at `ip` opening the landing page: the page, then its images with the cookies the page set. */
async function browse(ip: string, cookie = ""): Promise<{ variant: Variant; cookie: string }> {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  if (cookie) headers.Cookie = cookie;
  const page = await fetchApp("/", { headers });
  expect(page.status).toBe(200);
  const html = await page.text();
  let kept = merge(cookie, visitorCookies(page));
  for (const src of sameOriginImages(html)) {
    const image = await fetchApp(src, { headers: kept ? { ...headers, Cookie: kept } : headers });
    await image.arrayBuffer();
    kept = merge(kept, visitorCookies(image));
  }
  return { variant: heroVariant(html), cookie: kept };
}

async function results() {
  return loadExperimentResults(createDb(env.DB), await readExperimentSettings(env.AB_KV));
}

async function heroCounts() {
  const hero = (await results()).find((result) => result.name === "hero_messaging")!;
  const [a, b] = hero.variants;
  return { visitorsA: a!.visitors, visitorsB: b!.visitors, clicksA: a!.ctaClicks.hero, clicksB: b!.ctaClicks.hero };
}

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("minting visitors from one address", () => {
  it(`60 cookie-less landings (and what each page fetches) add at most the rows of ${LIMIT} visitors; the rest are non-participants`, async () => {
    // Everyone new is drawn into B, so a non-participant (who sees A) is told apart by the page alone.
    await env.AB_KV.put(
      "experiments:settings",
      JSON.stringify({ ...DEFAULT_SETTINGS, hero_messaging: { status: "running", splitB: 100, winner: null } }),
    );
    const before = await eventRows();
    const outcomes: { variant: Variant; cookie: string }[] = [];
    for (let i = 0; i < 60; i++) outcomes.push(await browse("198.51.100.7"));

    expect(await eventRows()).toBeLessThanOrEqual(before + LIMIT * EXPERIMENTS.length);
    expect(outcomes.slice(0, LIMIT).every((outcome) => outcome.variant === "B" && outcome.cookie.includes("lc_vid="))).toBe(true);
    // Past the limit: the control, no cookie at all, nothing counted.
    expect(outcomes.slice(LIMIT).map((outcome) => `${outcome.variant} ${outcome.cookie}`)).toEqual(Array(60 - LIMIT).fill("A "));

    // Another address is not held back, and the same address mints again in the next window.
    expect((await browse("198.51.100.8")).cookie).toContain("lc_vid=");
    rateLimitClock.advance(RATE_LIMIT_RULES.new_visitor_ip.windowSeconds * 1000);
    expect((await browse("198.51.100.7")).cookie).toContain("lc_vid=");
  });

  it("a visitor whose browser never comes back with its cookie is counted nowhere; one that does is counted once", async () => {
    const before = await eventRows();
    const landing = await fetchApp("/", { headers: { "CF-Connecting-IP": "198.51.100.9" } });
    await landing.text();
    expect(visitorCookies(landing)).toContain("lc_vid=");
    expect(await eventRows()).toBe(before);

    const { cookie } = await browse("198.51.100.9");
    expect(await eventRows()).toBe(before + EXPERIMENTS.length);
    await browse("198.51.100.9", cookie);
    await browse("198.51.100.9", cookie);
    expect(await eventRows()).toBe(before + EXPERIMENTS.length);
  });

  it("a script keeping only the visitors drawn into B cannot count the ones it drops, nor click as more than the limit's visitors", async () => {
    const start = await heroCounts();
    let keptB = 0;
    for (let i = 0; i < 60; i++) {
      const page = await fetchApp("/", { headers: { "CF-Connecting-IP": "198.51.100.10" } });
      const html = await page.text();
      const cookie = visitorCookies(page);
      // Dropped: a visitor drawn into A, and a landing that got no visitor at all.
      if (heroVariant(html) !== "B" || !cookie) continue;
      keptB++;
      const click = await fetchApp("/checkout?cta=hero", { headers: { "CF-Connecting-IP": "198.51.100.10", Cookie: cookie } });
      expect(click.status).toBe(303);
    }
    const end = await heroCounts();
    expect(keptB).toBeLessThanOrEqual(LIMIT);
    // The dropped visitors count nowhere: A's results do not move.
    expect({ visitors: end.visitorsA - start.visitorsA, clicks: end.clicksA - start.clicksA }).toEqual({ visitors: 0, clicks: 0 });
    // B gains only the visitors that came back, each a visitor and a click: at most the limit's, never a click alone.
    expect(end.visitorsB - start.visitorsB).toBe(keptB);
    expect(end.clicksB - start.clicksB).toBe(keptB);
  });

  it("a visitor id more than a day old counts no new page view, with or without its assignment cookie", async () => {
    const config = readConfig(env as unknown as Env);
    const request = new Request(`${ORIGIN}/`);
    const old = await newVisitorCookie(config, request, Date.now() - DAY_MS - 60_000);
    const before = await eventRows();
    const { cookie } = await browse("198.51.100.11", old.setCookie.split(";")[0]);
    await browse("198.51.100.11", cookie);
    expect(await eventRows()).toBe(before);
  });
});

describe("folding old events into daily totals", () => {
  it("leaves /admin's results exactly as they were, and leaves only what must stay (users' first views)", async () => {
    const visitors: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { cookie } = await browse(`192.0.2.${i + 1}`);
      visitors.push(cookie);
      if (i % 2 === 0) await fetchApp("/checkout?cta=pricing", { headers: { Cookie: cookie } });
      if (i % 3 === 0) {
        await fetchApp("/api/experiments/events", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN },
          body: JSON.stringify({ event: "preview_click", target: "card" }),
        });
      }
    }
    const user = await signedInUser("fold");
    await (await fetchApp("/", { headers: { Cookie: user.cookie } })).text();

    const before = await results();
    expect(before.every((result) => result.variants.reduce((sum, variant) => sum + variant.visitors, 0) >= 7)).toBe(true);

    await runSchedule(CLEANUP_CRON, new Date(Date.now() + 3 * DAY_MS));

    expect(await results()).toEqual(before);
    const left = await env.DB.prepare(
      "SELECT event, user_id IS NOT NULL AS user, count(*) AS n FROM ab_events WHERE event <> 'conversion' GROUP BY 1, 2 ORDER BY 1, 2",
    ).all<{ event: string; user: number; n: number }>();
    expect(left.results.filter((row) => !(row.event === "page_view" && row.user === 1))).toEqual([]);
    const totals = await env.DB.prepare("SELECT DISTINCT day FROM ab_event_totals WHERE event = 'page_view'").all<{ day: string }>();
    expect(totals.results.map((row) => row.day)).toContain(new Date().toISOString().slice(0, 10));

    // A folded visitor coming back is not counted again.
    for (const cookie of visitors) await browse("192.0.2.100", cookie);
    expect(await results()).toEqual(before);
  });
});
