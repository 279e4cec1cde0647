import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { getCardsFor, listCategories, MEMBER_PREVIEW_LIMIT, VISITOR_PREVIEW_LIMIT } from "~/modules/cards/cards.server";

const db = createDb(env.DB);

describe("one cards module, three audiences", () => {
  it("gives a visitor at most 6 preview cards of the selected category", async () => {
    for (const category of ["all", ...(await listCategories(db)).map((c) => c.slug)]) {
      const result = await getCardsFor(db, "visitor", { category });
      expect(result.isPreview).toBe(true);
      expect(result.cards.length).toBeLessThanOrEqual(VISITOR_PREVIEW_LIMIT);
      expect(result.cards.every((card) => card.isPreview && (category === "all" || card.category === category))).toBe(true);
    }
  });

  it("gives a signed-in user without access 3 preview cards", async () => {
    const result = await getCardsFor(db, "member-without-access");
    expect(result.cards).toHaveLength(MEMBER_PREVIEW_LIMIT);
    expect(result.cards.every((card) => card.isPreview)).toBe(true);
    expect(result.isPreview).toBe(true);
  });

  it("gives a buyer every card, sorted by orderIndex, with the data's total", async () => {
    const result = await getCardsFor(db, "buyer");
    const row = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>();
    expect(result.isPreview).toBe(false);
    expect(result.cards).toHaveLength(row!.n);
    expect(result.totalAvailable).toBe(row!.n);
    const orders = result.cards.map((card) => card.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(result.cards.some((card) => !card.isPreview)).toBe(true);
  });

  it("counts cards per category from the data", async () => {
    const categories = await listCategories(db);
    const total = categories.reduce((sum, category) => sum + category.cardCount, 0);
    expect(total).toBe((await getCardsFor(db, "buyer")).totalAvailable);
    expect(categories.every((category) => category.cardCount > 0)).toBe(true);
  });
});
