/**
 * The A/B event store (docs/decisions/020-ab-tests.md) as a stranger fills it: the beacon posted in a loop, a huge
 * Referer or query string, cookie-less requests that are a new visitor each time. D1 has a size cap after which every
 * write fails (sessions, purchases, the email outbox), so what one request can store must stay small and what one
 * visitor can store must stay bounded. And /admin's results stay exact when the daily clean-up folds the table.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { EXPERIMENTS } from "~/modules/experiments/experiments";
import { loadExperimentResults } from "~/modules/experiments/results.server";
import { readExperimentSettings } from "~/modules/experiments/settings.server";
import { CLEANUP_CRON } from "~/modules/maintenance/cleanup.server";
import { cookieFrom, fetchApp, ORIGIN, runSchedule } from "../helpers";
import { signedInUser } from "../library-support";

const HUGE = "a".repeat(60_000);

function beacon(cookie: string | null, referer = `${ORIGIN}/`) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: ORIGIN, Referer: referer };
  if (cookie) headers.Cookie = cookie;
  return fetchApp("/api/experiments/events", { method: "POST", headers, body: JSON.stringify({ event: "preview_click", target: "card" }) });
}

async function newVisitor(): Promise<{ cookie: string; visitorId: string }> {
  const landing = await fetchApp("/");
  await landing.text();
  const vid = cookieFrom(landing, "lc_vid");
  return { cookie: `${vid}; ${cookieFrom(landing, "lc_ab")}`, visitorId: vid.slice("lc_vid=".length).split(".")[0] ?? "" };
}

async function longestStoredUrl(): Promise<number> {
  return (await env.DB.prepare("SELECT coalesce(max(length(url)), 0) AS n FROM ab_events").first<{ n: number }>())?.n ?? 0;
}

async function eventRows(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM ab_events").first<{ n: number }>())?.n ?? 0;
}

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("the A/B event store against a stranger", () => {
  it("keeps the path only, at most 2,048 characters, whatever the URL or Referer", async () => {
    const longPath = `/${"p".repeat(5_000)}`;
    await (await fetchApp(`/?q=${HUGE}`)).text();
    const { cookie } = await newVisitor();
    expect((await beacon(cookie, `${ORIGIN}${longPath}?q=${HUGE}`)).status).toBe(204);
    await (await fetchApp(`/checkout?cta=hero&q=${HUGE}`, { headers: { Cookie: cookie } })).text();

    expect(await longestStoredUrl()).toBeLessThanOrEqual(2_048);
    const withQuery = await env.DB.prepare("SELECT count(*) AS n FROM ab_events WHERE url LIKE '%?%'").first<{ n: number }>();
    expect(withQuery?.n).toBe(0);
  });

  it("1,000 beacons from one visitor make one row per (test, event, placement, day), and the flood meets a 429", async () => {
    const { cookie, visitorId } = await newVisitor();
    const statuses = new Set<number>();
    for (let i = 0; i < 1_000; i++) statuses.add((await beacon(cookie)).status);
    const { results } = await env.DB.prepare(
      "SELECT test_name, event, placement, count(*) AS n FROM ab_events WHERE visitor_id = ? AND event = 'preview_click' GROUP BY 1, 2, 3",
    )
      .bind(visitorId)
      .all<{ n: number }>();
    expect(results.map((row) => row.n)).toEqual(EXPERIMENTS.map(() => 1));
    expect(statuses).toContain(429);
  }, 180_000);

  it("a cookie-less beacon is nobody the landing met, and stores nothing", async () => {
    const before = await eventRows();
    for (let i = 0; i < 20; i++) expect((await beacon(null)).status).toBe(204);
    expect(await eventRows()).toBe(before);
  });
});

describe("the daily clean-up of ab_events", () => {
  it("folds old clicks and visitors' page views into daily totals, keeps users' views, and /admin's results stay exactly the same", async () => {
    const db = createDb(env.DB);
    const now = Date.now();
    const old = now - 40 * 86_400_000;
    const user = await signedInUser("retention");
    const insert = env.DB.prepare(
      "INSERT INTO ab_events (id, test_name, variant, event, visitor_id, user_id, placement, dedupe_key, url, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '/', ?)",
    );
    const rows = [];
    for (const [test, variant] of [
      ["hero_messaging", "A"],
      ["pricing_copy", "B"],
    ] as const) {
      // A visitor's page view is one row per test; its clicks one per placement and day, here on five days.
      const visitor = `retention-visitor-${variant}-${crypto.randomUUID()}`;
      rows.push(insert.bind(crypto.randomUUID(), test, variant, "page_view", visitor, null, null, `pv:${test}:${visitor}`, old));
      rows.push(insert.bind(crypto.randomUUID(), test, variant, "page_view", visitor, user.id, null, `pv:${test}:${user.id}`, old));
      for (let day = 0; day < 5; day++) {
        const at = old + day * 86_400_000;
        rows.push(insert.bind(crypto.randomUUID(), test, variant, "cta_click", visitor, null, "hero", `cta:${test}:${visitor}:${day}`, at));
        rows.push(
          insert.bind(crypto.randomUUID(), test, variant, "preview_click", visitor, null, null, `pc:${test}:${visitor}:${day}`, at),
        );
      }
    }
    await env.DB.batch(rows);
    const settings = await readExperimentSettings(env.AB_KV);
    const before = await loadExperimentResults(db, settings);
    const rowsBefore = await eventRows();

    await runSchedule(CLEANUP_CRON, new Date(now));

    expect(await loadExperimentResults(db, settings)).toEqual(before);
    // 20 clicks and the 2 visitors' page views went into the totals; the user's 2 page views stay.
    expect(await eventRows()).toBe(rowsBefore - 22);
    const userViews = await env.DB.prepare("SELECT count(*) AS n FROM ab_events WHERE user_id = ?").bind(user.id).first<{ n: number }>();
    expect(userViews?.n).toBe(2);
  });
});
