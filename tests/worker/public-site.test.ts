import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectRedirect, fetchApp, visibleText } from "./helpers";

type CardsResponse = {
  cards: {
    id: string;
    category: string;
    isPreview: boolean;
    orderIndex: number;
    scripture: string;
    scriptureReference: string;
    scriptureReferences: { reference: string; text: string }[] | null;
    themeLabel: string | null;
    wordNotes: { word: string; meaning: string }[];
  }[];
  isPreview: boolean;
  totalAvailable: number;
};

async function totalCardsInDatabase(): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>();
  return row?.n ?? 0;
}

describe("GET /api/cards for a visitor", () => {
  it("answers { cards, isPreview, totalAvailable } with preview cards only, at most 6", async () => {
    const response = await fetchApp("/api/cards");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    const body = (await response.json()) as CardsResponse;

    expect(body.isPreview).toBe(true);
    expect(body.totalAvailable).toBe(await totalCardsInDatabase());
    expect(body.cards.length).toBeGreaterThan(0);
    expect(body.cards.length).toBeLessThanOrEqual(6);
    expect(body.cards.every((card) => card.isPreview)).toBe(true);
    const orders = body.cards.map((card) => card.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("filters previews by ?category=", async () => {
    const body = (await (await fetchApp("/api/cards?category=evening")).json()) as CardsResponse;
    expect(body.cards.length).toBeGreaterThan(0);
    expect(body.cards.every((card) => card.category === "evening" && card.isPreview)).toBe(true);
  });

  it("never returns a paid card, whatever the category", async () => {
    const { results } = await env.DB.prepare("SELECT slug FROM categories").all<{ slug: string }>();
    const paid = await env.DB.prepare("SELECT id FROM affirmation_cards WHERE is_preview = 0").all<{ id: string }>();
    const paidIds = new Set(paid.results.map((row) => row.id));
    expect(paidIds.size).toBeGreaterThan(0);
    for (const { slug } of [{ slug: "all" }, ...results]) {
      const body = (await (await fetchApp(`/api/cards?category=${slug}`)).json()) as CardsResponse;
      expect(body.cards.filter((card) => paidIds.has(card.id))).toEqual([]);
    }
  });

  it("carries each card's word notes and badge label; the sample card explains 'want', its verses in order", async () => {
    const body = (await (await fetchApp("/api/cards?category=abundance")).json()) as CardsResponse;
    expect(body.cards.every((card) => Array.isArray(card.wordNotes))).toBe(true);
    const sample = body.cards.find((card) => card.id === "abundance-the-lord-is-my-shepherd");
    expect(sample?.wordNotes[0]).toEqual({ word: "want", meaning: "lack, be in need" });
    expect(sample?.wordNotes.map((note) => note.word)).toEqual(["want", "restoreth", "paths of righteousness"]);
    expect(sample?.scriptureReference).toBe("Psalm 23:1-3");
    expect(sample?.scriptureReferences?.map((verse) => verse.reference)).toEqual(["Psalm 23:1", "Psalm 23:2", "Psalm 23:3"]);
    expect(sample?.themeLabel).toBe("The Shepherd’s Care");
  });

  it("answers 400 with a clear message for an unknown category", async () => {
    const response = await fetchApp("/api/cards?category=gratitude");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain('There is no category called "gratitude"');
    expect(body.error).toContain("morning");
  });
});

describe("the landing page", () => {
  it("is rendered on the server with every section of the spec", async () => {
    const response = await fetchApp("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    const text = visibleText(html);

    // Top bar
    for (const anchor of ['href="#preview"', 'href="#pricing"', 'href="#testimonials"', 'href="/checkout"']) {
      expect(html).toContain(anchor);
    }
    // A visitor has no journey: the menu offers none (it led to the sign-in page).
    expect(html).not.toContain('href="/dashboard');
    expect(text).toMatch(/Get Access\s+Now/);
    expect(html).toContain('href="/login"');
    expect(text).toContain("Sign in");
    expect(text).not.toContain("Journey");
    // Hero with the sample card and two buttons
    expect(html).toContain('data-card-id="abundance-the-lord-is-my-shepherd"');
    expect(html).toContain('href="/sample-card"');
    // Speaking aloud, Try It Now, the method and the feature tiles
    expect(text).toContain("Why Speak Your Affirmations Aloud?");
    expect(text).toContain("Try It Now");
    for (const step of ["Listen", "Internalize", "Ground", "Hear Again", "Transform"]) expect(text).toContain(step);
    for (const tile of [
      "Bible-Based Content",
      "Beautiful Design",
      "Mobile Optimized",
      "LIGHT Methodology",
      "Easy Sharing",
      "Instant Access",
    ]) {
      expect(text).toContain(tile);
    }
    // Preview, testimonials (Scripture until three consented testimonials exist), pricing, FAQ, final CTA, footer
    expect(html).toContain('id="preview"');
    expect(html).toContain('id="testimonials"');
    expect(text).toContain("What Scripture Says About Spoken Words");
    expect(text).toContain("Proverbs 18:21");
    expect(html).toContain('id="pricing"');
    expect(text).toContain("$27.00");
    expect((html.match(/<details[^>]*name="faq"/g) ?? []).length).toBe(6);
    expect(text).toContain("Start Speaking Truth Over Your Life Today");
    expect(html).toContain(`mailto:${env.SUPPORT_EMAIL}`);
    expect(html).toContain(`href="${env.SOCIAL_URL}"`);
  });

  it("computes every count in its copy from the data", async () => {
    const total = await totalCardsInDatabase();
    const categories = await env.DB.prepare("SELECT count(*) AS n FROM categories").first<{ n: number }>();
    const text = visibleText(await (await fetchApp("/")).text());
    expect(text).toContain(`Unlock All ${total} Cards`);
    expect(text).toContain(`All ${total} affirmation cards in ${categories!.n} categories`);
  });

  it("shows John 14:27 in the default preview grid, and not a second worry-into-prayer card beside Philippians 4:6-7", async () => {
    const html = await (await fetchApp("/")).text();
    const preview = html.slice(html.indexOf('data-testid="preview-cards"'));
    const ids = [...preview.matchAll(/data-card-id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toContain("peace-trading-worry-for-prayer");
    expect(ids).toContain("peace-not-as-the-world-gives");
    expect(ids).not.toContain("peace-he-cares-for-me");
  });

  it("switches the preview category with ?category= (no JavaScript needed)", async () => {
    const html = await (await fetchApp("/?category=identity")).text();
    const preview = html.slice(html.indexOf('data-testid="preview-cards"'));
    const ids = [...preview.matchAll(/data-card-id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id?.startsWith("identity-"))).toBe(true);
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/\?category=identity#preview"|href="\/\?category=identity#preview"[^>]*aria-current="page"/,
    );
  });

  it("shows real testimonials once three customers agreed to be quoted, never unconsented ones", async () => {
    const insert = env.DB.prepare(
      "INSERT INTO testimonials (id, display_name, quote, consented_at, is_published, order_index, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)",
    );
    const now = Date.now();
    await env.DB.batch([
      insert.bind("t1", "Grace M.", "Speaking these aloud changed my mornings.", now, 1, now),
      insert.bind("t2", "Daniel K.", "The verses are right there on the back.", now, 2, now),
    ]);
    // Two are not enough: Scripture still speaks.
    expect(visibleText(await (await fetchApp("/")).text())).toContain("What Scripture Says About Spoken Words");

    await env.DB.prepare(
      "INSERT INTO testimonials (id, display_name, quote, consented_at, is_published, order_index, created_at) VALUES ('t3', 'Ruth A.', 'My evening ritual now.', ?, 1, 3, ?)",
    )
      .bind(now, now)
      .run();
    const text = visibleText(await (await fetchApp("/")).text());
    expect(text).toContain("What Our Community Says");
    expect(text).toContain("Speaking these aloud changed my mornings.");
    expect(text).toContain("Ruth A.");
    await env.DB.prepare("DELETE FROM testimonials").run();
  });

  it("answers 400 for an unknown category but still shows the page with a clear message", async () => {
    const response = await fetchApp("/?category=nonsense");
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toContain('There is no category called "nonsense"');
    expect(text).toContain("Preview the Cards");
  });
});

describe("other public routes", () => {
  it("/sample-card shows 'The Lord Is My Shepherd' with its three verses, Psalm 23:1-3, from the data", async () => {
    const response = await fetchApp("/sample-card");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("The Lord Is My Shepherd");
    expect(text).toContain("The LORD is my shepherd; I shall not want.");
    expect(text).toContain("He gives me rest, leads me beside still waters, and restores my soul.");
    expect(text).toContain("He restoreth my soul: he leadeth me in the paths of righteousness for his name’s sake.");
    expect(text).toContain("Psalm 23:1-3");
    expect(text).not.toMatch(/Matthew|Philippians/);
    expect(text).not.toContain("Psalms 23:1");
    expect(text).toContain("The Shepherd’s Care");
    expect(text).toContain("Walk the Five Steps");
    expect(text).toContain("Get Instant Access - $27");
    expect(text).toContain("Back to Home");
    expect((html.match(/<li><blockquote/g) ?? []).length).toBe(3);
  });

  it("/sample-card shows the card's word notes on its back, in the server HTML", async () => {
    const html = await (await fetchApp("/sample-card")).text();
    const back = html.slice(html.indexOf('data-face="back"'));
    const notes = back.slice(back.indexOf('data-testid="word-notes"'));
    expect(back).toContain('data-testid="word-notes"');
    expect(visibleText(notes)).toMatch(/Word notes\s*want:\s*lack, be in need/);
  });

  it("the footer links Terms, Privacy and Refund policy; each page shows the owner's words with the price and support address", async () => {
    const landing = await (await fetchApp("/")).text();
    const policies = landing.slice(landing.indexOf('aria-label="Policies"'));
    for (const path of ["/terms", "/privacy", "/refund-policy"]) expect(policies).toContain(`href="${path}"`);

    const refunds = await fetchApp("/refund-policy");
    expect(refunds.status).toBe(200);
    const text = visibleText(await refunds.text());
    expect(text).toContain("Refund Policy");
    expect(text).toContain("you get your $27 back in full within 30 days of paying");
    expect(text).toContain(env.SUPPORT_EMAIL);
    expect(text).not.toMatch(/\{(price|supportEmail)\}/);

    const terms = visibleText(await (await fetchApp("/terms")).text());
    expect(terms).toContain("You pay $27 once and get lifetime access");
    const privacy = visibleText(await (await fetchApp("/privacy")).text());
    expect(privacy).toContain("Privacy Policy");
    expect(privacy).toContain("never sell or rent your address");
  });

  it("the checkout's details step shows the price, once and for life, the guarantee, a way in for buyers and the policies", async () => {
    const html = await (await fetchApp("/checkout")).text();
    const text = visibleText(html);
    expect(text).toContain("$27 one-time");
    expect(text).toContain("Lifetime access · no subscription");
    expect(text).toContain("30-day guarantee: a full refund if it is not for you.");
    expect(text).toContain("Already bought? Sign in");
    expect(html).toContain('href="/login?redirectTo=%2Fcards"');
    for (const path of ["/terms", "/privacy", "/refund-policy"]) expect(html).toContain(`href="${path}"`);
  });

  it("unknown routes answer 404 'Page Not Found'", async () => {
    const response = await fetchApp("/no-such-page");
    expect(response.status).toBe(404);
    expect(visibleText(await response.text())).toContain("Page Not Found");
  });

  it("/cards-old redirects to /cards", async () => {
    expectRedirect(await fetchApp("/cards-old"), "/cards", 301);
  });
});

describe("toasts queued by the server", () => {
  it("reach the next page through a flash cookie, readable without JavaScript, and are shown once", async () => {
    const { readConfig } = await import("~/modules/config/config.server");
    const { createToastHeaders } = await import("~/modules/toast/toast.server");
    const headers = await createToastHeaders(readConfig(env), { type: "success", title: "Access Granted!" });
    const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
    expect(headers.get("Set-Cookie")).toMatch(/HttpOnly/i);
    expect(headers.get("Set-Cookie")).toMatch(/SameSite=Lax/i);

    const response = await fetchApp("/sample-card", { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(html).toMatch(/data-testid="server-toast".*Access Granted!/s);
    // The cookie is cleared so the toast is not shown again.
    expect(response.headers.get("Set-Cookie")).toMatch(/lc_toast=;.*Expires=Thu, 01 Jan 1970/i);
  });

  it("ignores a forged (unsigned) toast cookie", async () => {
    const forged = `lc_toast=${btoa(JSON.stringify({ toast: { title: "You won a prize" } }))}`;
    const html = await (await fetchApp("/sample-card", { headers: { Cookie: forged } })).text();
    expect(html).not.toContain("You won a prize");
  });
});
