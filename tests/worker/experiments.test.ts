import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { getLandingCopy } from "~/content/landing-copy";
import { subjectBucket, variantForBucket } from "~/modules/experiments/buckets";
import { DEFAULT_SETTINGS, EXPERIMENTS, type ExperimentName, LANDING_RETURN_PATH, type Variant } from "~/modules/experiments/experiments";
import { SPLIT_MESSAGE } from "~/modules/experiments/experiments.schema";
import worker from "../../worker/index";
import { checkoutMetadataAs, completed, fakeStripe, paidSession, webhook } from "../fakes/stripe";
import { uniqueEmail } from "../support/identities";
import { cookieFrom, fetchApp, fetchAppWith, fetchAppWithEnv, postForm, signInCookie, testEnv, visibleText } from "./helpers";
import { admin, signedInUser } from "./library-support";

const COPY_INPUT = { price: "$27", cardCount: 0, categoryCount: 0 };
const HEADLINE: Record<Variant, string> = {
  A: getLandingCopy({ hero_messaging: "A", pricing_copy: "A", cta_button: "A" }, COPY_INPUT).hero.headline,
  B: getLandingCopy({ hero_messaging: "B", pricing_copy: "A", cta_button: "A" }, COPY_INPUT).hero.headline,
};

/** Sets every test's settings in KV, as an admin's changes would. */
async function setSettings(change: Partial<Record<ExperimentName, Partial<(typeof DEFAULT_SETTINGS)[ExperimentName]>>>) {
  const settings = Object.fromEntries(EXPERIMENTS.map((name) => [name, { ...DEFAULT_SETTINGS[name], ...change[name] }]));
  await env.AB_KV.put("experiments:settings", JSON.stringify(settings));
}

/** The hero variant a landing page shows, read from its headline (the h1; the page title is not A/B tested). */
async function heroVariant(response: Response): Promise<Variant> {
  expect(response.status).toBe(200);
  const h1 = /<h1 id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? "";
  const shown = (["A", "B"] as const).filter((variant) => visibleText(h1).trim() === HEADLINE[variant]);
  expect(shown).toHaveLength(1);
  return shown[0]!;
}

function landing(headers: Record<string, string> = {}) {
  return fetchApp("/", { headers });
}

async function eventsOf(visitorOrUser: string, event?: string) {
  const { results } = await env.DB.prepare(
    `SELECT test_name AS test, variant, event, placement FROM ab_events WHERE (visitor_id = ?1 OR user_id = ?1) ${event ? "AND event = ?2" : ""} ORDER BY test_name`,
  )
    .bind(...(event ? [visitorOrUser, event] : [visitorOrUser]))
    .all<{ test: string; variant: string; event: string; placement: string | null }>();
  return results;
}

/** The id in a signed `lc_vid=<id>.<signature>` cookie. */
function visitorIdOf(cookie: string): string {
  return cookie.split("=")[1]!.split(".")[0]!;
}

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("A/B assignment on the landing page", () => {
  it("assigns a visitor once, from the hash of its signed id: the same variant on every visit, kept when the split changes", async () => {
    const first = await landing();
    const visitor = cookieFrom(first, "lc_vid");
    const assignment = cookieFrom(first, "lc_ab");
    const variant = await heroVariant(first);
    expect(variant).toBe(variantForBucket(await subjectBucket(visitorIdOf(visitor), "hero_messaging"), 50));

    for (let visit = 0; visit < 3; visit++) {
      const again = await landing({ Cookie: `${visitor}; ${assignment}` });
      expect(await heroVariant(again)).toBe(variant);
    }

    // The assignment cookie records the variant: a change of split moves nobody already assigned.
    await setSettings({ hero_messaging: { splitB: variant === "A" ? 100 : 0 } });
    expect(await heroVariant(await landing({ Cookie: `${visitor}; ${assignment}` }))).toBe(variant);
    // A new visitor meets the new split.
    expect(await heroVariant(await landing())).toBe(variant === "A" ? "B" : "A");
  });

  it("refuses a forged assignment cookie and keeps the real assignment", async () => {
    await setSettings({ hero_messaging: { splitB: 0 } });
    const first = await landing();
    const visitor = cookieFrom(first, "lc_vid");
    expect(await heroVariant(first)).toBe("A");
    const forged = `lc_ab=${btoa(JSON.stringify({ subject: `assign:visitor:${visitorIdOf(visitor)}`, assignment: { hero_messaging: "B" } }))}`;
    expect(await heroVariant(await landing({ Cookie: `${visitor}; ${forged}` }))).toBe("A");
  });

  it("gives a signed-in user the variant of the hash of user id and test name, on every device", async () => {
    const user = await signedInUser("ab-user");
    const expected = variantForBucket(await subjectBucket(user.id, "hero_messaging"), 50);
    expect(await heroVariant(await landing({ Cookie: user.cookie }))).toBe(expected);
    const otherDevice = await signInCookie(user.email);
    expect(await heroVariant(await landing({ Cookie: otherDevice }))).toBe(expected);
    expect((await eventsOf(user.id, "page_view")).map((row) => row.variant)).toContain(expected);
  });

  it("shows crawlers and visitors who opt out of tracking variant A, sets no cookie and counts nothing", async () => {
    await setSettings({ hero_messaging: { splitB: 100 } });
    const before = await env.DB.prepare("SELECT count(*) AS n FROM ab_events").first<{ n: number }>();
    const optedOut: Record<string, string>[] = [
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "Sec-GPC": "1" },
      { DNT: "1" },
    ];
    for (const headers of optedOut) {
      const response = await landing(headers);
      expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("lc_"))).toEqual([]);
      expect(await heroVariant(response)).toBe("A");
    }
    const after = await env.DB.prepare("SELECT count(*) AS n FROM ab_events").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    // Everyone else gets B at this split.
    expect(await heroVariant(await landing())).toBe("B");
  });
});

describe("A/B events", () => {
  it("counts a page view once per visitor and day, and a preview or CTA click once per visitor, placement and day", async () => {
    const first = await landing();
    const cookies = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(first, "lc_ab")}`;
    const visitorId = visitorIdOf(cookieFrom(first, "lc_vid"));
    await first.text();
    await (await landing({ Cookie: cookies })).text();
    expect(await eventsOf(visitorId, "page_view")).toHaveLength(EXPERIMENTS.length);

    const click = () =>
      fetchApp("/api/experiments/events", {
        method: "POST",
        headers: { Cookie: cookies, "Content-Type": "application/json", Origin: "http://localhost:8787" },
        body: JSON.stringify({ event: "preview_click", target: "card" }),
      });
    expect((await click()).status).toBe(204);
    expect((await click()).status).toBe(204);
    // A click repeated the same day counts no more (the beacon must not let anyone fill D1).
    expect(await eventsOf(visitorId, "preview_click")).toHaveLength(EXPERIMENTS.length);

    const cta = await fetchApp("/checkout?cta=pricing", { headers: { Cookie: cookies } });
    expect(cta.status).toBe(303);
    expect(cta.headers.get("Location")).toBe("/checkout");
    const clicks = await eventsOf(visitorId, "cta_click");
    expect(clicks.map((row) => row.placement)).toEqual(EXPERIMENTS.map(() => "pricing"));
    const pageViews = await eventsOf(visitorId, "page_view");
    expect(clicks.map((row) => row.variant)).toEqual(pageViews.map((row) => row.variant));

    // An unknown placement is dropped, not counted; a malformed beacon is a 400.
    expect((await fetchApp("/checkout?cta=banner", { headers: { Cookie: cookies } })).status).toBe(303);
    expect(await eventsOf(visitorId, "cta_click")).toHaveLength(EXPERIMENTS.length);
    const bad = await fetchApp("/api/experiments/events", {
      method: "POST",
      headers: { Cookie: cookies, "Content-Type": "application/json", Origin: "http://localhost:8787" },
      body: JSON.stringify({ event: "conversion" }),
    });
    expect(bad.status).toBe(400);
    expect(await eventsOf(visitorId, "conversion")).toHaveLength(0);
  });

  it("sends a new visitor's view to the events queue when the browser comes back with its cookie, once: later views send nothing", async () => {
    const vars = testEnv();
    const first = await fetchAppWith(vars, "/");
    const visitorId = visitorIdOf(cookieFrom(first, "lc_vid"));
    let cookies = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(first, "lc_ab")}`;
    const html = await first.text();
    // The landing mints the visitor and counts nothing yet: its image is the browser coming back.
    expect(vars.EVENTS_QUEUE.sent).toEqual([]);
    expect(html).toContain(`src="${LANDING_RETURN_PATH}"`);

    const image = await fetchAppWith(vars, LANDING_RETURN_PATH, { headers: { Cookie: cookies } });
    expect(image.headers.get("Content-Type")).toBe("image/gif");
    // One message: the view's row in each running test.
    expect(vars.EVENTS_QUEUE.sent.map(({ body }) => (body as { rows: unknown[] }).rows.length)).toEqual([EXPERIMENTS.length]);
    cookies = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(image, "lc_ab")}`;

    const again = await fetchAppWith(vars, "/", { headers: { Cookie: cookies } });
    expect(await heroVariant(again)).toBeDefined();
    await fetchAppWith(vars, LANDING_RETURN_PATH, { headers: { Cookie: cookies } });
    expect(vars.EVENTS_QUEUE.sent).toHaveLength(1);
    expect(await eventsOf(visitorId, "page_view")).toHaveLength(EXPERIMENTS.length);
  });

  it("writes a batch of queued events in statements of at most 100 rows, skipping rows D1 already holds", async () => {
    const visitors = Array.from({ length: 50 }, () => crypto.randomUUID());
    const rowsOf = (visitorId: string) =>
      EXPERIMENTS.map((test) => ({
        id: crypto.randomUUID(),
        testName: test,
        variant: "A",
        event: "page_view",
        visitorId,
        userId: null,
        placement: null,
        dedupeKey: `page_view:${test}:assign:visitor:${visitorId}:2026-11-24`,
        url: "/",
        timestamp: Date.now(),
      }));
    // 50 views (150 rows), and the first visitor's view again, as a redelivery or a second device would send it.
    const messages = [...visitors, visitors[0]!].map((visitorId) => ({
      id: crypto.randomUUID(),
      timestamp: new Date(),
      attempts: 1,
      body: { rows: rowsOf(visitorId) },
    }));
    const statements: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== "prepare" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return (query: string) => {
          statements.push(query);
          return value.call(target, query);
        };
      },
    });
    const batch = createMessageBatch("light-cards-events", messages);
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...testEnv(), DB: db }, ctx);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);

    expect(statements.filter((query) => /insert into ab_events/i.test(query))).toHaveLength(2);
    const written = await env.DB.prepare(
      `SELECT COUNT(*) AS rows FROM ab_events WHERE visitor_id IN (${visitors.map(() => "?").join(",")})`,
    )
      .bind(...visitors)
      .first<{ rows: number }>();
    expect(written?.rows).toBe(visitors.length * EXPERIMENTS.length);
  });

  it("counts a purchase as one conversion per test for the variant the buyer saw, carried through Stripe, however often the webhook is replayed", async () => {
    fakeStripe();
    const first = await landing();
    const visitorId = visitorIdOf(cookieFrom(first, "lc_vid"));
    const variant = await heroVariant(first);
    // The browser loads the landing's image with its new cookies: its view is counted, and its cookie records it.
    const image = await fetchApp(LANDING_RETURN_PATH, {
      headers: { Cookie: `${cookieFrom(first, "lc_vid")}; ${cookieFrom(first, "lc_ab")}` },
    });
    const browser = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(image, "lc_ab")}`;
    // The checkout the visitor starts carries their assignment in the Checkout Session's metadata (no KV holds it).
    const email = uniqueEmail("ab-buyer");
    const metadata = await checkoutMetadataAs(browser, email);
    expect(metadata.visitorId).toBe(visitorId);

    const event = completed(paidSession(email, { metadata }));
    for (let delivery = 0; delivery < 3; delivery++) expect((await webhook(event)).status).toBe(200);
    const conversions = await eventsOf(visitorId, "conversion");
    expect(conversions).toHaveLength(EXPERIMENTS.length);
    expect(conversions.find((row) => row.test === "hero_messaging")?.variant).toBe(variant);
  });
});

describe("Experiments on /admin", () => {
  it("shows each test's counts and verdict, and refuses a bad split with the reason and a 400", async () => {
    const { cookie, vars } = await admin();
    await (await landing()).text();
    const page = await fetchAppWithEnv(vars, "/admin", { headers: { Cookie: cookie } });
    const text = visibleText(await page.text());
    expect(text).toContain("Experiments");
    for (const name of EXPERIMENTS) expect(text).toContain(name);
    expect(text).toMatch(/Lift of B over A/);

    const bad = await postForm("/admin", { intent: "experiment-split", experiment: "hero_messaging", splitB: "" }, { cookie, env: vars });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain(SPLIT_MESSAGE);
    expect(await env.AB_KV.get("experiments:settings")).toBeNull();
  });

  it("lets only admins change a test", async () => {
    const user = await signedInUser("not-admin");
    const response = await postForm(
      "/admin",
      { intent: "experiment-end", experiment: "hero_messaging", winner: "B" },
      { cookie: user.cookie },
    );
    expect(response.status).toBe(403);
    expect(await env.AB_KV.get("experiments:settings")).toBeNull();
  });

  it("a split changed on /admin reaches the next new visitor at once, though the landing keeps its settings a while", async () => {
    // As in production: the landing keeps the settings it read (here for an hour) instead of reading KV on every view.
    const keptAnHour = { PUBLIC_CONTENT_TTL_SECONDS: "3600" };
    const { cookie, vars } = await admin();
    const setSplit = (splitB: string) =>
      postForm("/admin", { intent: "experiment-split", experiment: "hero_messaging", splitB }, { cookie, env: { ...vars, ...keptAnHour } });
    expect((await setSplit("0")).status).toBe(302);
    expect(await heroVariant(await fetchAppWithEnv(keptAnHour, "/"))).toBe("A");

    expect((await setSplit("100")).status).toBe(302);
    for (let visitor = 0; visitor < 3; visitor++) expect(await heroVariant(await fetchAppWithEnv(keptAnHour, "/"))).toBe("B");
  });

  it("ending a test shows its winner to a visitor who had the other variant, counts nothing more, and is audited", async () => {
    const { cookie, vars } = await admin();
    const auditedBefore = (await env.DB.prepare("SELECT COALESCE(MAX(rowid), 0) AS last FROM admin_audit_log").first<{ last: number }>())!
      .last;
    const split = await postForm(
      "/admin",
      { intent: "experiment-split", experiment: "hero_messaging", splitB: "100" },
      { cookie, env: vars },
    );
    expect(split.status).toBe(302);
    const first = await landing();
    const cookies = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(first, "lc_ab")}`;
    const visitorId = visitorIdOf(cookieFrom(first, "lc_vid"));
    expect(await heroVariant(first)).toBe("B");

    const end = await postForm(
      "/admin",
      { intent: "experiment-end", experiment: "hero_messaging", winner: "A", confirmed: "yes" },
      { cookie, env: vars },
    );
    expect(end.status).toBe(302);
    expect(await heroVariant(await landing({ Cookie: cookies }))).toBe("A");
    expect(await heroVariant(await landing())).toBe("A");
    await env.DB.prepare("DELETE FROM ab_events WHERE visitor_id = ?").bind(visitorId).run();
    await (await fetchApp("/checkout?cta=hero", { headers: { Cookie: cookies } })).text();
    expect((await eventsOf(visitorId)).filter((row) => row.test === "hero_messaging")).toEqual([]);

    const audit = await env.DB.prepare(
      "SELECT action, detail FROM admin_audit_log WHERE action = 'experiment' AND rowid > ? ORDER BY created_at, rowid",
    )
      .bind(auditedBefore)
      .all<{
        detail: string;
      }>();
    expect(audit.results.map((row) => JSON.parse(row.detail).change)).toEqual([
      "split set to 0% A / 100% B",
      "ended: A wins and everyone sees it",
    ]);
  });

  it("ending asks first: the End button's POST changes nothing and shows the confirmation, its Yes ends the test", async () => {
    const { cookie, vars } = await admin();
    const auditCount = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'experiment'").first<{ n: number }>())!.n;
    const audited = await auditCount();
    const ask = await postForm("/admin", { intent: "experiment-end", experiment: "cta_button", winner: "B" }, { cookie, env: vars });
    expect(ask.status).toBe(200);
    const question = visibleText(await ask.text());
    expect(question).toContain("End “Buy button label” with B as the winner?");
    expect(question).toContain("Yes, end the test and show B to everyone");
    expect(question).toContain("Cancel");
    expect(await env.AB_KV.get("experiments:settings")).toBeNull();
    expect(await auditCount()).toBe(audited);

    const yes = await postForm(
      "/admin",
      { intent: "experiment-end", experiment: "cta_button", winner: "B", confirmed: "yes" },
      { cookie, env: vars },
    );
    expect(yes.status).toBe(302);
    const settings = JSON.parse((await env.AB_KV.get("experiments:settings"))!) as Record<
      ExperimentName,
      { status: string; winner: string }
    >;
    expect(settings.cta_button).toMatchObject({ status: "ended", winner: "B" });
    // A forged confirmation is refused, not read as "yes".
    const forged = await postForm(
      "/admin",
      { intent: "experiment-end", experiment: "hero_messaging", winner: "A", confirmed: "sure" },
      { cookie, env: vars },
    );
    expect(forged.status).toBe(400);
  });

  it("an ended test offers only Restart; the results show what A and B say on the landing page", async () => {
    const { cookie, vars } = await admin();
    await setSettings({ cta_button: { status: "ended", winner: "B" } });
    const html = await (await fetchAppWithEnv(vars, "/admin", { headers: { Cookie: cookie } })).text();
    const card = (name: ExperimentName) => {
      const start = html.indexOf(`data-testid="experiment-${name}"`);
      return visibleText(html.slice(start, html.indexOf("</article>", start)));
    };
    const ended = card("cta_button");
    expect(ended).toContain("Ended: B won");
    expect(ended).toContain("Restart");
    expect(ended).not.toContain("Save split");
    expect(ended).not.toContain("End: A wins");
    const running = card("hero_messaging");
    expect(running).toContain("Save split");
    expect(running).toContain("End: B wins");

    const cardCount = (await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>())!.n;
    const categoryCount = (await env.DB.prepare("SELECT count(*) AS n FROM categories").first<{ n: number }>())!.n;
    for (const variant of ["A", "B"] as const) {
      const copy = getLandingCopy(
        { hero_messaging: variant, pricing_copy: variant, cta_button: variant },
        { price: "$27", cardCount, categoryCount },
      );
      expect(running).toContain(`${variant} “${copy.hero.headline}” “${copy.hero.subheadline}”`);
      expect(card("pricing_copy")).toContain(`“${copy.pricing.headline}” “${copy.pricing.note}”`);
      expect(ended).toContain(`${variant} “${copy.ctaLabel}”`);
    }
  });

  it("a paused test shows everyone A and counts nothing, and resuming restores each visitor's variant", async () => {
    await setSettings({ hero_messaging: { splitB: 100 } });
    const first = await landing();
    const cookies = `${cookieFrom(first, "lc_vid")}; ${cookieFrom(first, "lc_ab")}`;
    const visitorId = visitorIdOf(cookieFrom(first, "lc_vid"));
    expect(await heroVariant(first)).toBe("B");
    await setSettings({ hero_messaging: { splitB: 100, status: "paused" } });
    await env.DB.prepare("DELETE FROM ab_events WHERE visitor_id = ?").bind(visitorId).run();
    expect(await heroVariant(await landing({ Cookie: cookies }))).toBe("A");
    expect((await eventsOf(visitorId)).filter((row) => row.test === "hero_messaging")).toEqual([]);
    await setSettings({ hero_messaging: { splitB: 0 } });
    expect(await heroVariant(await landing({ Cookie: cookies }))).toBe("B");
  });
});
