import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { readConfig } from "~/modules/config/config.server";
import { DEFAULT_SETTINGS, EXPERIMENTS, LANDING_RETURN_PATH } from "~/modules/experiments/experiments";
import { createToastHeaders } from "~/modules/toast/toast.server";
import { cookieFrom, fetchApp, fetchAppWithEnv, postForm, visibleText } from "./helpers";
import { buyer, signedInUser } from "./library-support";

/** What the Worker says it did with the edge cache: hit, miss (rendered, and kept when fit) or bypass. */
function edgeStatus(response: Response): string | null {
  return /edge;desc="(\w+)"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? null;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetchApp(path, { headers });
  return { response, status: edgeStatus(response), html: await response.text() };
}

/** Every visitor gets A: one variant set, so any two visitors share the landing page's cache entry. */
async function everyoneSeesA() {
  const settings = Object.fromEntries(EXPERIMENTS.map((name) => [name, { ...DEFAULT_SETTINGS[name], splitB: 0 }]));
  await env.AB_KV.put("experiments:settings", JSON.stringify(settings));
}

beforeEach(async () => {
  await env.AB_KV.delete("experiments:settings");
});

describe("public pages from the edge cache", () => {
  it("serves a visitor's public page from the cache the second time, the same page", async () => {
    for (const path of [
      "/sample-card",
      "/login",
      "/register",
      "/checkout",
      `/share/${SAMPLE_CARD_ID}`,
      "/terms",
      "/privacy",
      "/refund-policy",
    ]) {
      const url = `${path}?edge=${crypto.randomUUID()}`;
      const first = await page(url);
      expect(first.response.status).toBe(200);
      expect(first.status).toBe("miss");
      const second = await page(url);
      expect(second.status).toBe("hit");
      expect(second.html).toBe(first.html);
    }
  });

  it("keeps no cookie: two new visitors share the cached landing page but get visitor ids of their own", async () => {
    await everyoneSeesA();
    const first = await page("/?category=peace");
    const second = await page("/?category=peace");
    expect(second.status).toBe("hit");
    expect(second.html).toBe(first.html);
    expect(cookieFrom(second.response, "lc_vid")).not.toBe(cookieFrom(first.response, "lc_vid"));
    expect(cookieFrom(second.response, "lc_ab")).toMatch(/^lc_ab=/);
  });

  it("answers a returning visitor from the cache with their own variants, setting no cookie again", async () => {
    const url = `/?returning=${crypto.randomUUID()}`;
    const splitB = async (percent: number) => {
      const settings = Object.fromEntries(EXPERIMENTS.map((name) => [name, { ...DEFAULT_SETTINGS[name], splitB: percent }]));
      await env.AB_KV.put("experiments:settings", JSON.stringify(settings));
    };
    await splitB(0);
    const seesA = await page(url);
    await splitB(100);
    const seesB = await page(url);
    expect(seesB.html).not.toBe(seesA.html);
    // As in production, the isolate keeps the public content a while, and answers a visit it can from its own copy.
    const kept = { PUBLIC_CONTENT_TTL_SECONDS: "30" };
    const visit = async (headers: Record<string, string> = {}) => {
      const response = await fetchAppWithEnv(kept, url, { headers });
      return { response, status: edgeStatus(response), html: await response.text() };
    };
    // Each browser loads the landing's image with the cookies it was given: its view is counted there, and its
    // assignment cookie records it, so nothing is left to count on its next visit.
    const browserOf = async (response: Response) => {
      const image = await fetchApp(LANDING_RETURN_PATH, {
        headers: { Cookie: `${cookieFrom(response, "lc_vid")}; ${cookieFrom(response, "lc_ab")}` },
      });
      return { cookie: `${cookieFrom(response, "lc_vid")}; ${cookieFrom(image, "lc_ab")}` };
    };
    const browsers = new Map([
      [seesA, await browserOf(seesA.response)],
      [seesB, await browserOf(seesB.response)],
    ]);
    for (let round = 0; round < 3; round++) {
      for (const visitor of [seesA, seesB]) {
        const again = await visit({ Cookie: browsers.get(visitor)!.cookie });
        expect(again.status).toBe("hit");
        expect(again.html).toBe(visitor.html);
        expect(again.response.headers.getSetCookie()).toEqual([]);
      }
      // A new visitor, and one whose assignment cookie is missing, still get theirs.
      const fresh = await visit();
      expect(cookieFrom(fresh.response, "lc_vid")).toMatch(/^lc_vid=/);
      expect(cookieFrom(fresh.response, "lc_ab")).toMatch(/^lc_ab=/);
      const withoutAssignment = await visit({ Cookie: cookieFrom(seesA.response, "lc_vid") });
      expect(cookieFrom(withoutAssignment.response, "lc_ab")).toMatch(/^lc_ab=/);
    }
  });

  it("never reads or fills the cache for a session, a flash message or a form post", async () => {
    const user = await signedInUser("edge");
    const path = `/sample-card?edge=${crypto.randomUUID()}`;
    for (let visit = 0; visit < 2; visit++) expect((await page(path, { Cookie: user.cookie })).status).toBe("bypass");

    const toast = (await createToastHeaders(readConfig(env), { type: "success", title: "Saved" })).get("Set-Cookie") ?? "";
    const flash = toast.split(";")[0] ?? "";
    expect(flash).toMatch(/^lc_toast=/);
    const flashed = await page(path, { Cookie: flash });
    expect(flashed.status).toBe("bypass");
    expect(visibleText(flashed.html)).toContain("Saved");

    const post = await postForm("/login", { email: "nobody@example.com", password: "wrong-password", intent: "password" });
    // A form post never meets the cache (and carries no timing that could tell accounts apart).
    expect(post.status).toBe(401);
    expect(edgeStatus(post)).toBeNull();
    // The visitor after them all renders the page afresh: nothing personal was kept.
    const visitor = await page(path);
    expect(visitor.status).toBe("miss");
    expect(visitor.html).not.toContain(user.email);
    expect(visibleText(visitor.html)).not.toContain("Saved");
  });

  it("versions a page away when the content it shows changes", async () => {
    const path = `/sample-card?edge=${crypto.randomUUID()}`;
    await page(path);
    expect((await page(path)).status).toBe("hit");
    const { title } = (await env.DB.prepare("SELECT title FROM affirmation_cards WHERE id = ?")
      .bind(SAMPLE_CARD_ID)
      .first<{ title: string }>())!;
    await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(`${title} (revised)`, SAMPLE_CARD_ID).run();
    try {
      const changed = await page(path);
      expect(changed.status).toBe("miss");
      expect(visibleText(changed.html)).toContain(`${title} (revised)`);
    } finally {
      await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(title, SAMPLE_CARD_ID).run();
    }
  });

  it("never keeps a page under a content version it was not drawn from, however long an isolate keeps the content", async () => {
    // As in production: each isolate keeps the public content for a while (here an hour) before reading D1 again.
    const keptAnHour = { PUBLIC_CONTENT_TTL_SECONDS: "3600" };
    const landing = async (headers: Record<string, string> = {}) => {
      const response = await fetchAppWithEnv(keptAnHour, "/", { headers });
      return { status: edgeStatus(response), text: visibleText(await response.text()) };
    };
    await everyoneSeesA();
    const preview = (await env.DB.prepare(
      "SELECT id, title FROM affirmation_cards WHERE is_preview = 1 ORDER BY order_index, id LIMIT 1",
    ).first<{
      id: string;
      title: string;
    }>())!;
    const revised = `${preview.title} (revised)`;
    // Someone the cache never serves (a flash message) has the landing drawn, and the isolate keeps its content.
    const toast = (await createToastHeaders(readConfig(env), { type: "success", title: "Saved" })).get("Set-Cookie") ?? "";
    expect((await landing({ Cookie: toast.split(";")[0] ?? "" })).text).toContain(preview.title);

    await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(revised, preview.id).run();
    try {
      // Within the hour a visitor may still see the old title: it is the content the isolate holds.
      expect((await landing()).text).toContain(preview.title);
      // Once the isolate reads D1 again, the new version's page shows the new title: no old page was kept under it.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 3_601_000);
      const later = await landing();
      expect(later.text).toContain(revised);
      expect(later.status).toBe("miss");
    } finally {
      vi.useRealTimers();
      await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(preview.title, preview.id).run();
    }
  });

  it("allows a cached page's inline scripts by hash: no nonce, no 'unsafe-inline', nothing else inline", async () => {
    const path = `/sample-card?edge=${crypto.randomUUID()}`;
    await page(path);
    const cached = await page(path);
    expect(cached.status).toBe("hit");
    const policy = cached.response.headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(cached.html).not.toMatch(/<script[^>]*\snonce=/);
    const inline = [...cached.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , content] of inline) {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
      expect(scriptSrc).toContain(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    }
  });
});

type CardsAnswer = { cards: { id: string; title: string }[]; isPreview: boolean; totalAvailable: number };

async function cardsAnswer(path: string, headers: Record<string, string> = {}) {
  const response = await fetchApp(path, { headers });
  return { response, status: edgeStatus(response), body: (await response.json()) as CardsAnswer };
}

describe("a new visitor's forms from the edge cache", () => {
  it("serves /login, /register and the checkout's first step to a new visitor from the cache, setting no cookie", async () => {
    for (const path of ["/login", "/register", "/checkout"]) {
      await page(path);
      const visitor = await page(path);
      expect(visitor.status).toBe("hit");
      expect(visitor.response.headers.getSetCookie()).toEqual([]);
      // The form is all there: the honeypot the actions check, and no token that would have been someone else's.
      expect(visitor.html).toContain('name="website"');
    }
  });

  it("shows a sign-in provider configured after the page was cached at once: the settings a page shows are in its key", async () => {
    const path = `/login?redirectTo=%2Fcards&provider-test=${crypto.randomUUID()}`;
    await fetchApp(path);
    expect((await fetchApp(path)).headers.get("Server-Timing")).toContain('edge;desc="hit"');
    // `wrangler secret put` of a provider's id and secret: a new version of the same build.
    const withGoogle = { GOOGLE_CLIENT_ID: "google-id", GOOGLE_CLIENT_SECRET: "google-secret" };
    expect(visibleText(await (await fetchAppWithEnv(withGoogle, path)).text())).toContain("Continue with Google");
    expect(visibleText(await (await fetchApp(path)).text())).not.toContain("Continue with Google");
  });

  it("never serves the checkout's cached first step to someone whose details it holds: their step is drawn for them", async () => {
    await page("/checkout");
    expect((await page("/checkout")).status).toBe("hit");
    const details = await postForm("/checkout", {
      intent: "details",
      name: "Ruth Example",
      email: "ruth@example.com",
      emailConfirmation: "ruth@example.com",
    });
    const checkoutCookie = cookieFrom(details, "lc_checkout");
    const own = await page("/checkout?step=payment", { Cookie: checkoutCookie });
    expect(own.status).toBe("bypass");
    expect(visibleText(own.html)).toContain("ruth@example.com");
    const firstStepAgain = await page("/checkout", { Cookie: checkoutCookie });
    expect(firstStepAgain.status).toBe("bypass");
    expect(firstStepAgain.html).toContain("Ruth Example");
  });
});

describe("a visitor's /api/cards from the edge cache", () => {
  it("answers a visitor from the cache the second time, the same preview cards, with or without a category", async () => {
    for (const path of [`/api/cards?edge=${crypto.randomUUID()}`, `/api/cards?category=peace&edge=${crypto.randomUUID()}`]) {
      const first = await cardsAnswer(path);
      expect(first.response.status).toBe(200);
      expect(first.status).toBe("miss");
      const second = await cardsAnswer(path);
      expect(second.status).toBe("hit");
      expect(second.body).toEqual(first.body);
      expect(second.body.isPreview).toBe(true);
      // Browsers still keep nothing: the edge's copy is the shared one.
      expect(second.response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(second.response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("follows a content change at once", async () => {
    const path = `/api/cards?edge=${crypto.randomUUID()}`;
    const before = await cardsAnswer(path);
    expect((await cardsAnswer(path)).status).toBe("hit");
    const card = before.body.cards[0]!;
    await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(`${card.title} (revised)`, card.id).run();
    try {
      const changed = await cardsAnswer(path);
      expect(changed.status).toBe("miss");
      expect(changed.body.cards[0]?.title).toBe(`${card.title} (revised)`);
    } finally {
      await env.DB.prepare("UPDATE affirmation_cards SET title = ? WHERE id = ?").bind(card.title, card.id).run();
    }
  });

  it("never lets a buyer's answer reach a visitor: a buyer's request neither fills nor reads the cache", async () => {
    const owner = await buyer("edge-api-buyer");
    const path = `/api/cards?edge=${crypto.randomUUID()}`;
    const asBuyer: Record<string, string>[] = [
      { Cookie: owner.cookie },
      { Authorization: `Bearer ${owner.token}` },
      { Cookie: owner.cookie },
    ];
    for (const headers of asBuyer) {
      const answer = await cardsAnswer(path, headers);
      expect(answer.status).toBe("bypass");
      expect(answer.body.isPreview).toBe(false);
    }
    const visitor = await cardsAnswer(path);
    expect(visitor.status).toBe("miss");
    expect(visitor.body.isPreview).toBe(true);
    expect(visitor.body.cards.length).toBeLessThanOrEqual(6);
  });

  it("never serves a visitor's cached answer to a buyer, by cookie or by bearer token", async () => {
    const owner = await buyer("edge-api-buyer");
    const path = `/api/cards?edge=${crypto.randomUUID()}`;
    await cardsAnswer(path);
    const cached = await cardsAnswer(path);
    expect(cached.status).toBe("hit");
    const asBuyer: Record<string, string>[] = [{ Cookie: owner.cookie }, { Authorization: `Bearer ${owner.token}` }];
    for (const headers of asBuyer) {
      const own = await cardsAnswer(path, headers);
      expect(own.status).toBe("bypass");
      expect(own.body.isPreview).toBe(false);
      expect(own.body.cards.length).toBeGreaterThan(cached.body.cards.length);
      expect(own.response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
