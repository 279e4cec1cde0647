import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { retiredCardIds, seedCards } from "#db/seed/content";
import { seedCollection } from "#db/seed/seed";
import { getCardsFor, listCategories, VISITOR_PREVIEW_LIMIT } from "~/modules/cards/cards.server";

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

  it("gives a signed-in user without access every preview card: as many as the data flags", async () => {
    const result = await getCardsFor(db, "member-without-access");
    const row = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards WHERE is_preview = 1").first<{ n: number }>();
    expect(row!.n).toBeGreaterThan(3);
    expect(result.cards).toHaveLength(row!.n);
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

describe("the seed", () => {
  it("writes each card's word notes to D1 as JSON", async () => {
    const row = await env.DB.prepare("SELECT word_notes FROM affirmation_cards WHERE id = ?")
      .bind("abundance-the-lord-is-my-shepherd")
      .first<{ word_notes: string }>();
    const sample = seedCards.find((card) => card.id === "abundance-the-lord-is-my-shepherd")!;
    expect(JSON.parse(row!.word_notes)).toEqual(sample.wordNotes);
    expect(sample.wordNotes[0]).toEqual({ word: "want", meaning: "lack, be in need" });
    const empty = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards WHERE word_notes = '[]'").first<{ n: number }>();
    expect(empty!.n).toBe(seedCards.filter((card) => card.wordNotes.length === 0).length);
  });

  it("writes each theme badge's label, punctuation and all, beside its slug", async () => {
    const row = await env.DB.prepare("SELECT theme, theme_label FROM affirmation_cards WHERE id = ?")
      .bind("peace-not-as-the-world-gives")
      .first<{ theme: string; theme_label: string }>();
    expect(row).toEqual({ theme: "christs-peace", theme_label: "Christ’s Peace" });
    const unlabelled = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards WHERE theme_label IS NULL").first<{ n: number }>();
    expect(unlabelled!.n).toBe(0);
  });

  it("removes a retired card (and its favourites) from a database seeded before it was replaced", async () => {
    const [retired] = retiredCardIds;
    expect(retired).toBeDefined();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO affirmation_cards (id, category, title, affirmation, scripture_reference, scripture, created_at, updated_at) VALUES (?, 'abundance', 'Old card', 'I am an old card.', 'James 1:17', 'text', ?, ?)",
      ).bind(retired, now, now),
      env.DB.prepare(
        "INSERT INTO users (id, email, email_verified, remember_login, newsletter_subscribed, created_at, updated_at) VALUES ('u-retired', 'retired@example.com', 1, 0, 0, ?, ?)",
      ).bind(now, now),
      env.DB.prepare("INSERT INTO user_favorites (id, user_id, card_id, created_at) VALUES ('f-retired', 'u-retired', ?, ?)").bind(
        retired,
        now,
      ),
    ]);

    await seedCollection(db);

    const card = await env.DB.prepare("SELECT id FROM affirmation_cards WHERE id = ?").bind(retired).first();
    expect(card).toBeNull();
    const favourite = await env.DB.prepare("SELECT id FROM user_favorites WHERE id = 'f-retired'").first();
    expect(favourite).toBeNull();
    const count = await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>();
    expect(count!.n).toBe(seedCards.length);
    await env.DB.prepare("DELETE FROM users WHERE id = 'u-retired'").run();
  });
});
