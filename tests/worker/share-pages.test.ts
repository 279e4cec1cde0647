/**
 * Share pages: a preview card's link is public, a paid card's link carries an HMAC token naming the buyer who shared
 * it, signed when they share. Whoever holds the link sees that one card (and the page unfurls with its image);
 * nobody can walk the collection by guessing ids.
 */
import { env } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { affirmationCards } from "#db/schema";
import { readConfig } from "~/modules/config/config.server";
import { shareTokenFor } from "~/modules/sharing/share-links.server";
import { fetchApp, visibleText } from "./helpers";
import { buyer, db, paidCard, previewCardIds, shareLinkOf, signedInUser } from "./library-support";

const config = readConfig(env);

async function page(path: string, cookie?: string) {
  const response = await fetchApp(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, text: visibleText(html) };
}

function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, "&") ?? null;
}

describe("a preview card's share page", () => {
  it("is public, shows the card in full without JavaScript and unfurls with the card's image", async () => {
    const [id] = await previewCardIds();
    const card = await env.DB.prepare("SELECT title, affirmation FROM affirmation_cards WHERE id = ?")
      .bind(id)
      .first<{ title: string; affirmation: string }>();
    const shared = await page(`/share/${id}`);
    expect(shared.status).toBe(200);
    expect(shared.text).toContain(card!.title);
    expect(shared.text).toContain(card!.affirmation);
    expect(shared.text).toContain("Who LIGHT Cards is for");
    expect(shared.text).toContain("Get the whole collection");
    expect(metaContent(shared.html, "og:image")).toBe(`${config.appOrigin}/cards/${id}/image.png?style=elegant`);
    expect(metaContent(shared.html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(shared.html, "og:title")).toBe(card!.title);
  });
});

describe("a paid card's share page", () => {
  it("with the card's token shows that card, unfurls with its image under the same token, and asks search engines not to list it", async () => {
    const paid = await paidCard();
    const { token } = await shareLinkOf(await buyer(), paid.id);
    const shared = await page(`/share/${paid.id}?t=${token}`);
    expect(shared.status).toBe(200);
    expect(shared.text).toContain(paid.secret);
    expect(metaContent(shared.html, "og:image")).toBe(`${config.appOrigin}/cards/${paid.id}/image.png?style=elegant&t=${token}`);
    expect(shared.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("with a forged, missing or another card's token answers 403 with the previews and the call to buy, never the paid text", async () => {
    const paid = await paidCard();
    const me = await buyer();
    const [other] = await db
      .select({ id: affirmationCards.id })
      .from(affirmationCards)
      .where(and(eq(affirmationCards.isPreview, false), ne(affirmationCards.id, paid.id)))
      .limit(1);
    const otherToken = (await shareLinkOf(me, other!.id)).token;
    const { token } = await shareLinkOf(me, paid.id);
    const forged = token.replace(/.$/, (c) => (c === "A" ? "Q" : "A"));
    for (const query of ["", "?t=", `?t=${forged}`, `?t=${otherToken}`, "?t=%3Cscript%3E", `?t=${"A".repeat(500)}`]) {
      for (const path of [`/share/${paid.id}${query}`, `/share/${paid.id}.data${query}`]) {
        const shared = await page(path);
        expect(shared.status, path).toBe(403);
        expect(shared.html, path).not.toContain(paid.secret);
        expect(shared.html, path).not.toContain(paid.title);
      }
      const html = (await page(`/share/${paid.id}${query}`)).text;
      expect(html).toContain("This share link has expired or is incomplete");
      expect(html).toContain("Get the whole collection");
    }
  });

  it("an id no card has is a 404", async () => {
    expect((await page("/share/no-such-card")).status).toBe(404);
    expect((await page(`/share/no-such-card?t=${await shareTokenFor(config, "no-such-card", crypto.randomUUID())}`)).status).toBe(404);
  });
});

describe("share links on the buyer's pages", () => {
  it("a paid card's page signs no link as it renders; its share menu's links get one signed for the buyer when they share", async () => {
    const me = await buyer();
    const paid = await paidCard();
    const cardPage = await page(`/cards/${paid.id}`, me.cookie);
    expect(cardPage.html).not.toContain("?t=");
    expect(cardPage.html).toContain(`/share-link/${paid.id}?via=whatsapp`);
    const viaWhatsApp = await fetchApp(`/share-link/${paid.id}?via=whatsapp`, { headers: { Cookie: me.cookie } });
    expect(viaWhatsApp.status).toBe(303);
    const intent = new URL(viaWhatsApp.headers.get("Location") ?? "");
    expect(intent.origin).toBe("https://wa.me");
    const link = /https?:\/\/\S+$/.exec(intent.searchParams.get("text") ?? "")?.[0] ?? "";
    expect((await page(new URL(link).pathname + new URL(link).search)).text).toContain(paid.secret);

    const collection = await page("/cards", me.cookie);
    expect(collection.html).not.toContain("?t=");
    const landing = await page("/?category=all");
    expect(landing.html).toContain(encodeURIComponent(`${config.appOrigin}/share/`));
    expect(landing.html).not.toContain(encodeURIComponent("?t="));
  });

  it("a visitor asking for a link is sent to sign in; a member without access gets none for a paid card", async () => {
    const paid = await paidCard();
    const visitor = await fetchApp(`/share-link/${paid.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/share-link/${paid.id}`)}`);
    const member = await signedInUser("no-link");
    expect((await fetchApp(`/share-link/${paid.id}`, { headers: { Cookie: member.cookie } })).status).toBe(404);
  });
});
