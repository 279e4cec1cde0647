import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp, visibleText } from "./helpers";
import { signedInUser } from "./library-support";

/**
 * Every page that states how many cards are free tells the same number, and it is the data's: the cards the seed
 * flags `isPreview`. A free account opens at least every card a visitor can (docs/decisions/000-product-rules.md).
 */
async function count(where: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM affirmation_cards WHERE ${where}`).first<{ n: number }>();
  return row!.n;
}

async function text(path: string, cookie?: string): Promise<string> {
  const response = await fetchApp(path, cookie ? { headers: { Cookie: cookie } } : undefined);
  expect(response.status, path).toBe(200);
  return visibleText(await response.text());
}

describe("preview counts agree with the copy", () => {
  it("the register page, the landing page and a free account's dashboard state the data's preview count", async () => {
    const previews = await count("is_preview = 1");
    const total = await count("1 = 1");
    expect(previews).toBeGreaterThan(3);

    expect(await text("/register")).toContain(`Your free account opens all ${previews} preview cards.`);
    expect(await text("/")).toContain(`${previews} of the ${total} cards are free to read`);
    const member = await signedInUser("free");
    expect(await text("/dashboard", member.cookie)).toContain(`Preview ${previews} of ${total} available cards`);

    // Nothing states another number of free cards.
    for (const page of [await text("/register"), await text("/"), await text("/dashboard", member.cookie)]) {
      expect(page).not.toMatch(/\b3 (free|preview) cards/);
    }
  });

  it("a free account opens every preview card a visitor can, and its category chips count what it sees", async () => {
    const member = await signedInUser("free-chips");
    const { results } = await env.DB.prepare("SELECT id, title FROM affirmation_cards WHERE is_preview = 1").all<{
      id: string;
      title: string;
    }>();
    for (const card of results) {
      const page = await fetchApp(`/cards/${card.id}`, { headers: { Cookie: member.cookie } });
      expect(page.status, card.id).toBe(200);
      expect(visibleText(await page.text())).toContain(card.title);
    }

    const dashboard = await text("/dashboard", member.cookie);
    const { results: labels } = await env.DB.prepare("SELECT label FROM categories").all<{ label: string }>();
    for (const { label } of labels) expect(dashboard).not.toContain(`${label} (0)`);
    const { results: categories } = await env.DB.prepare(
      "SELECT c.label, count(a.id) AS n FROM categories c JOIN affirmation_cards a ON a.category = c.slug AND a.is_preview = 1 GROUP BY c.slug",
    ).all<{ label: string; n: number }>();
    for (const category of categories) expect(dashboard).toContain(`${category.label} (${category.n})`);
  });
});
