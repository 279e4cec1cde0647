/**
 * The buyer's library pages through the real Worker: /cards filters from the URL (what a browser without
 * JavaScript gets), the page per card and its gate rules, the dashboard, and no paid card text for anyone
 * without access through any of them, their single-fetch `.data` URLs included.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp, fetchAppWithEnv, visibleText } from "./helpers";
import { api, buyer, paidCard, previewCardIds, signedInUser } from "./library-support";

async function page(path: string, cookie?: string) {
  const response = await fetchApp(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  return { status: response.status, location: response.headers.get("Location"), text: visibleText(await response.text()) };
}

type PassageVerse = { reference: string; own: boolean; kjv: string; web: string };

/** A card's passage as the seed stored it, split into the card's verses and the context around them. */
async function passageOf(id: string): Promise<{ own: PassageVerse[]; context: PassageVerse[] }> {
  const row = await env.DB.prepare("SELECT passage FROM affirmation_cards WHERE id = ?").bind(id).first<{ passage: string }>();
  const verses: PassageVerse[] = JSON.parse(row?.passage ?? "[]");
  return { own: verses.filter((verse) => verse.own), context: verses.filter((verse) => !verse.own) };
}

async function cardCount(where = "1 = 1", ...binds: string[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM affirmation_cards WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("/cards: filters are query parameters", () => {
  it("narrows by category, by search text and to favourites, with the spec's titles and counts", async () => {
    const me = await buyer();
    const total = await cardCount();
    const morning = await cardCount("category = ?", "morning");

    const all = await page("/cards", me.cookie);
    expect(all.text).toContain(`${total} Cards Available`);
    expect(all.text).toContain("All Affirmation Cards");
    expect(all.text).toContain(`Showing ${total} of ${total} cards`);
    // Results come first: today's card lives on the dashboard (Today), not above the results.
    expect(all.text).not.toContain("Today's Featured Affirmation");

    const byCategory = await page("/cards?category=morning", me.cookie);
    expect(byCategory.text).toContain("Morning Cards");
    expect(byCategory.text).toContain(`Showing ${morning} of ${total} cards`);

    // Search covers the verse text and the reference, not only the title.
    const byVerse = await page(`/cards?q=${encodeURIComponent("lovingkindness in the morning")}`, me.cookie);
    expect(byVerse.text).toContain('(matching "lovingkindness in the morning")');
    expect(byVerse.text).toContain("Psalm 143:8");
    expect(byVerse.text).not.toContain("Psalms 143:8");
    expect(byVerse.text).toMatch(/Showing [1-9]\d* of/);
    const byReference = await page("/cards?q=psalm+143", me.cookie);
    expect(byReference.text).toContain("Psalm 143:8");
    // The KJV's book name finds the same card.
    const byBookName = await page("/cards?q=psalms+143", me.cookie);
    expect(byBookName.text).toContain("Psalm 143:8");

    const none = await page("/cards?q=zzzz-no-such-words", me.cookie);
    expect(none.text).toContain("No Cards Found");
    expect(none.text).toContain("Clear Filters");
    expect(none.text).toContain(`Showing 0 of ${total} cards (matching "zzzz-no-such-words")`);

    const favourites = await page("/cards?favorites=1", me.cookie);
    expect(favourites.text).toContain("Your Favorite Cards");
    expect(favourites.text).toContain(`Showing 0 of ${total} cards (favorites only)`);
  });

  it("an unknown category or an overlong search is a 400 with a clear message, and the page still works", async () => {
    const me = await buyer();
    const unknown = await page("/cards?category=gratitude", me.cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('There is no category called "gratitude"');
    expect(unknown.text).toContain("All Affirmation Cards");

    const long = await page(`/cards?q=${"a".repeat(101)}`, me.cookie);
    expect(long.status).toBe(400);
    expect(long.text).toContain("Search text is at most 100 characters");
  });
});

describe("/cards/{cardId}: a page per card", () => {
  it("shows a buyer the whole card with previous and next inside the filter they came from, and records the view", async () => {
    const me = await buyer();
    const { results } = await env.DB.prepare(
      "SELECT id, title FROM affirmation_cards WHERE category = 'evening' ORDER BY order_index, id",
    ).all<{
      id: string;
      title: string;
    }>();
    const [first, second, third] = results;
    const opened = await page(`/cards/${second!.id}?category=evening`, me.cookie);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(second!.title);
    expect(opened.text).toContain(`Card 2 of ${results.length}`);
    expect(opened.text).toContain(`Previous: ${first!.title}`);
    expect(opened.text).toContain(`Next: ${third!.title}`);
    expect(opened.text).toContain("Today's Reflection");

    const stats = (await (await fetchApp(`/api/user/${me.id}/stats`, { headers: { Cookie: me.cookie } })).json()) as {
      totalCardsViewed: number;
    };
    expect(stats.totalCardsViewed).toBe(1);
    // A reload within minutes is the same visit: it adds no second view row.
    await page(`/cards/${second!.id}?category=evening`, me.cookie);
    const views = await env.DB.prepare("SELECT count(*) AS n FROM user_activity WHERE user_id = ? AND activity_type = 'view'")
      .bind(me.id)
      .first<{ n: number }>();
    expect(views?.n).toBe(1);
  });

  it("reads the verse in its passage, the verses around it lighter, with the WEB one link away (without JavaScript)", async () => {
    const me = await buyer();
    const { id } = await paidCard();
    const { own, context } = await passageOf(id);
    const [before] = context;
    if (!before || !own[0]) throw new Error(`the seed gave ${id} no passage`);

    const html = await (await fetchApp(`/cards/${id}?category=morning`, { headers: { Cookie: me.cookie } })).text();
    const kjvPage = visibleText(html);
    for (const verse of [...context, ...own]) expect(kjvPage).toContain(verse.kjv);
    expect(kjvPage).not.toContain(before.web);
    expect(html).toMatch(/<span data-context="" class="text-ink-muted">/);
    // The switch is a link to this page that keeps the filter, landing on the passage after the reload.
    expect(html).toContain(`href="/cards/${id}?category=morning&amp;translation=web#passage"`);
    expect(html).toMatch(/aria-current="true"[^>]*>King James \(KJV\)</);

    const webPage = await page(`/cards/${id}?category=morning&translation=web`, me.cookie);
    expect(webPage.status).toBe(200);
    for (const verse of [...context, ...own]) expect(webPage.text).toContain(verse.web);
    // The context in the KJV is gone; the card itself still quotes its KJV verse.
    expect(webPage.text).not.toContain(before.kjv);
    expect(webPage.text).toContain(own[0].kjv);
    expect(webPage.text).toContain("World English Bible");
    expect(webPage.text).toContain("Today's Reflection");
  });

  it("keeps the reader's translation on the way to the previous and next card, and word notes beside the KJV only", async () => {
    const me = await buyer();
    const id = "abundance-the-lord-is-my-shepherd";
    const steps = (html: string) =>
      [...html.matchAll(/<a [^>]*rel="(prev|next)"[^>]*>/g)].map((link) => link[0].match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&"));
    // The verse panel beside the card (the card's own back quotes the KJV, its notes with it).
    const panel = (html: string) => visibleText(html.slice(html.indexOf('id="verse-title"'), html.indexOf("Today's Reflection")));

    const web = await (await fetchApp(`/cards/${id}?category=abundance&translation=web`, { headers: { Cookie: me.cookie } })).text();
    const webSteps = steps(web);
    expect(webSteps.length).toBeGreaterThan(0);
    for (const href of webSteps) expect(href).toMatch(/^\/cards\/[a-z0-9-]+\?category=abundance&translation=web$/);
    expect(panel(web)).toContain("World English Bible");
    expect(panel(web)).not.toContain("Word notes");

    const kjv = await (await fetchApp(`/cards/${id}?category=abundance`, { headers: { Cookie: me.cookie } })).text();
    for (const href of steps(kjv)) expect(href).toMatch(/^\/cards\/[a-z0-9-]+\?category=abundance$/);
    expect(panel(kjv)).toContain("Word notes: want: lack, be in need");
  });

  it("gives a user without access the passage of a preview card, and no list or API the passages at all", async () => {
    const member = await signedInUser("member");
    const [preview] = await previewCardIds();
    const { context } = await passageOf(preview!);
    expect((await page(`/cards/${preview}?translation=web`, member.cookie)).text).toContain(context[0]!.web);
    // The lists carry cards without their passages (about 1 KB each): only a card's page reads one.
    const me = await buyer();
    for (const path of ["/cards", "/dashboard", "/api/cards", "/"]) {
      const body = await (await fetchApp(path, { headers: { Cookie: me.cookie } })).text();
      expect(body, path).not.toContain(context[0]!.web);
      expect(body, path).not.toContain('"passage"');
    }
  });

  it("the first card opened earns 'First Light', shown on that page", async () => {
    const me = await buyer();
    const { id } = await paidCard();
    expect((await page(`/cards/${id}`, me.cookie)).text).toContain("New badge: First Light");
  });

  it("an unknown card id is a 404 page", async () => {
    const me = await buyer();
    const missing = await page("/cards/no-such-card", me.cookie);
    expect(missing.status).toBe(404);
    // A signed-in reader stays in the app: its tab bar, and the way back to their cards.
    expect(missing.text).toContain("Card Not Found");
    expect(missing.text).toContain("Back to your cards");
    expect(missing.text).toMatch(/Today\s+Cards\s+Favorites\s+Journal\s+Journey/);
    expect(missing.text).not.toContain("Return to Home");
    expect((await page("/cards/%3Cscript%3E", me.cookie)).status).toBe(404);
    // For a visitor too: a mistyped bookmark is not a gate onto a card that does not exist.
    const visitorMissing = await page("/cards/no-such-card");
    expect(visitorMissing.status).toBe(404);
    expect(visitorMissing.text).toContain("Page Not Found");
  });

  it("follows the gate rules of /cards: visitors see the gate, a user without access opens only their previews", async () => {
    const paid = await paidCard();
    const visitor = await page(`/cards/${paid.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.text).toContain("Access Your Collection");
    expect(visitor.text).not.toContain(paid.secret);
    // A signed-out buyer's bookmark has a way home and a password sign-in that comes back to the card.
    const gateHtml = await (await fetchApp(`/cards/${paid.id}`)).text();
    expect(gateHtml).toContain(`href="/login?redirectTo=${encodeURIComponent(`/cards/${paid.id}`)}"`);
    expect(visibleText(gateHtml)).toContain("Sign in with your password");
    expect(visibleText(gateHtml)).toContain("Sign in");

    const member = await signedInUser("member");
    const denied = await page(`/cards/${paid.id}`, member.cookie);
    expect(denied.status).toBe(302);
    expect(denied.location).toBe("/checkout");

    const [preview] = await previewCardIds();
    const allowed = await page(`/cards/${preview}`, member.cookie);
    expect(allowed.status).toBe(200);
    expect(allowed.text).not.toContain(paid.secret);
  });
});

describe("no paid card text without access, on any new path", () => {
  it("neither the documents nor their .data URLs carry a paid card to a visitor or a user without access", async () => {
    const paid = await paidCard();
    const member = await signedInUser("member");
    const [preview] = await previewCardIds();
    // The paid card's passage in modern English: text no other card's page holds.
    const paidPassage = (await passageOf(paid.id)).context.map((verse) => verse.web);
    const paths = [
      "/cards",
      "/cards.data",
      `/cards/${paid.id}`,
      `/cards/${paid.id}.data`,
      `/cards/${preview}.data`,
      "/dashboard",
      "/dashboard.data",
      "/dashboard?tab=favorites",
      "/dashboard.data?category=morning",
      "/api/user/favorites",
      `/cards/${paid.id}?translation=web`,
    ];
    for (const cookie of [undefined, member.cookie]) {
      for (const path of paths) {
        const response = await fetchApp(path, cookie ? { headers: { Cookie: cookie } } : undefined);
        const body = await response.text();
        expect(body, `${cookie ? "member" : "visitor"} ${path}`).not.toContain(paid.secret);
        expect(body, `${cookie ? "member" : "visitor"} ${path}`).not.toContain(paid.title);
        for (const verse of paidPassage) expect(body, `${cookie ? "member" : "visitor"} ${path}`).not.toContain(verse);
      }
    }
  });
});

describe("/dashboard: the account home", () => {
  it("a user without access sees every preview card, the upgrade banner and an empty progress panel", async () => {
    const member = await signedInUser("member");
    const total = await cardCount();
    const dashboard = await page("/dashboard", member.cookie);
    expect(dashboard.text).toContain("Preview Mode");
    expect(dashboard.text).toContain(`Unlock All ${total} Affirmation Cards`);
    expect(dashboard.text).toContain(`Preview ${(await previewCardIds()).length} of ${total} available cards`);
    expect(dashboard.text).toContain("Cards viewed 0");
    expect(dashboard.text).toContain("Current streak: 0 days");
    const favourites = await page("/dashboard?tab=favorites", member.cookie);
    expect(favourites.text).toContain("No favorites yet");
    expect(favourites.text).toContain("Browse All Cards");
  });

  it("a buyer's dashboard counts their favourites and progress after they open and favourite cards", async () => {
    const me = await buyer();
    const { id, title } = await paidCard();
    await page(`/cards/${id}`, me.cookie);
    const favourite = await fetchApp(`/api/user/${me.id}/favorites`, {
      method: "POST",
      headers: { Authorization: `Bearer ${me.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ cardId: id }),
    });
    expect(favourite.status).toBe(201);
    const dashboard = await page("/dashboard", me.cookie);
    expect(dashboard.text).toContain("Full Access");
    expect(dashboard.text).toContain("Cards viewed 1");
    expect(dashboard.text).toContain("Favorites 1");
    // Opening and favouriting cards is progress, not practice: the streak waits for today's practice.
    expect(dashboard.text).toContain("Current streak: 0 days");
    expect(dashboard.text).toContain("First Light");
    expect(dashboard.text).toContain(`Viewed ${title}`);
    expect(dashboard.text).toContain(`Added to favorites: ${title}`);
  });

  it("a buyer's dashboard is their progress, not the library: the cards are on /cards, the favourites at /cards?favorites=1", async () => {
    const me = await buyer();
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: me.cookie } })).text();
    expect(visibleText(html)).toContain("Your Progress");
    expect(html).not.toContain("data-card-id");
    for (const gone of ["Your Cards", "Browse Cards", "Today's Featured Affirmation", "Your Profile", "Send me the daily card by email"]) {
      expect(visibleText(html)).not.toContain(gone);
    }
    // Its tabs: Today is the practice, the favourites live in the library, and this page is the Journey.
    const tab = (label: string) => new RegExp(`<a ([^>]*)><svg[^>]*><use[^>]*></use></svg>${label}</a>`).exec(html)?.[1] ?? "";
    expect(tab("Today")).toContain('href="/today"');
    expect(tab("Favorites")).toContain('href="/cards?favorites=1"');
    expect(tab("Journey")).toContain('href="/dashboard"');
    expect(tab("Journey")).toContain('aria-current="page"');
    expect(tab("Today")).not.toContain("aria-current");
  });
});

describe("the marketing pages know who is looking", () => {
  it("a buyer sees My cards where a visitor sees Sign in and the buy buttons; the shared page cache never holds the buyer's", async () => {
    const visitorHtml = await (await fetchApp("/")).text();
    expect(visibleText(visitorHtml)).toContain("Sign in");
    expect(visitorHtml).toContain('href="/checkout"');
    expect(visibleText(visitorHtml)).not.toContain("My cards");

    const me = await buyer();
    for (const path of ["/", "/sample-card"]) {
      const html = await (await fetchApp(path, { headers: { Cookie: me.cookie } })).text();
      expect(visibleText(html), path).toContain("My cards");
      expect(html, path).toContain('href="/cards"');
      expect(html, path).not.toContain('href="/checkout');
      expect(visibleText(html), path).not.toContain("Sign in");
      expect(html, path).not.toContain(me.email);
    }
    // A visitor after the buyer still gets the visitor's page.
    expect(visibleText(await (await fetchApp("/")).text())).not.toContain("My cards");
  });
});

describe("/sample-card", () => {
  it("gives a buyer the saved favourite form and a visitor none (their favourite stays in the browser)", async () => {
    const me = await buyer();
    const asBuyer = await fetchApp("/sample-card", { headers: { Cookie: me.cookie } });
    expect(await asBuyer.text()).toContain('aria-label="Add The Lord Is My Shepherd to favorites"');
    const asVisitor = await fetchApp("/sample-card");
    expect(await asVisitor.text()).not.toContain('action="/favorites"');
  });
});

describe("the library shared by every buyer (attack: one buyer's favourites on another's page)", () => {
  it("shows each of two buyers only their own favourites, on /cards, a card's page and the dashboard's Journey, from the same content", async () => {
    // As in production: the isolate keeps the collection for a while, so both buyers' pages come from one snapshot.
    const keptAnHour = { PUBLIC_CONTENT_TTL_SECONDS: "3600" };
    const { results } = await env.DB.prepare(
      "SELECT id, title FROM affirmation_cards WHERE is_preview = 0 ORDER BY order_index, id LIMIT 2",
    ).all<{
      id: string;
      title: string;
    }>();
    const [ruthsCard, naomisCard] = results;
    if (!ruthsCard || !naomisCard) throw new Error("the seed has fewer than two paid cards");
    const ruth = await buyer("ruth");
    const naomi = await buyer("naomi");
    for (const [owner, card] of [
      [ruth, ruthsCard],
      [naomi, naomisCard],
    ] as const) {
      const added = await api(`/api/user/${owner.id}/favorites`, {
        token: owner.token,
        method: "POST",
        body: JSON.stringify({ cardId: card.id }),
      });
      expect(added.status).toBeLessThan(300);
    }
    const html = async (path: string, cookie: string) => (await fetchAppWithEnv(keptAnHour, path, { headers: { Cookie: cookie } })).text();
    const favourite = (card: { title: string }) => `aria-label="Remove ${card.title} from favorites"`;
    const notFavourite = (card: { title: string }) => `aria-label="Add ${card.title} to favorites"`;

    for (const [owner, own, theirs] of [
      [ruth, ruthsCard, naomisCard],
      [naomi, naomisCard, ruthsCard],
    ] as const) {
      for (const path of ["/cards", "/cards?favorites=1"]) {
        const page = await html(path, owner.cookie);
        expect(page, `${owner.email} ${path}`).toContain(favourite(own));
        expect(page, `${owner.email} ${path}`).not.toContain(favourite(theirs));
      }
      expect(await html("/cards", owner.cookie)).toContain(notFavourite(theirs));
      expect(await html(`/cards/${theirs.id}`, owner.cookie)).toContain(notFavourite(theirs));
      expect(await html(`/cards/${own.id}`, owner.cookie)).toContain(favourite(own));
      // The dashboard's Journey names the cards each one favourited: their own only.
      const journey = visibleText(await html("/dashboard", owner.cookie));
      expect(journey, owner.email).toContain(`Added to favorites: ${own.title}`);
      expect(journey, owner.email).not.toContain(`Added to favorites: ${theirs.title}`);
    }
  });
});
