import { describe, expect, it } from "vitest";
import type { Card } from "~/modules/cards/card";
import { parseCardFilters } from "~/modules/cards/cards.schema";
import {
  collectionTitle,
  DEFAULT_FILTERS,
  filterCards,
  filterSearch,
  matchesSearch,
  neighbours,
  readCardFilters,
  showingText,
} from "~/modules/cards/filter";

const categories = [
  { slug: "morning", label: "Morning" },
  { slug: "evening", label: "Evening" },
];

function card(id: string, category: string, fields: Partial<Card> = {}): Card {
  return {
    id,
    category,
    title: id,
    affirmation: "",
    scriptureReference: "",
    scripture: "",
    scriptureReferences: null,
    translation: "KJV",
    wordNotes: [],
    prompt: null,
    anchor: null,
    icon: "sun",
    gradient: "sage-to-lavender",
    theme: null,
    themeLabel: null,
    orderIndex: 0,
    isPreview: false,
    ...fields,
  };
}

describe("the card browser's search", () => {
  const shepherd = card("shepherd", "abundance", {
    title: "The Lord Is My Shepherd",
    affirmation: "I am in His care.",
    scripture: "The LORD is my shepherd; I shall not want.",
    scriptureReference: "Psalm 23:1",
  });

  it("matches the title, the affirmation, the verse text and the reference, every word anywhere", () => {
    expect(matchesSearch(shepherd, "shepherd")).toBe(true);
    expect(matchesSearch(shepherd, "his care")).toBe(true);
    expect(matchesSearch(shepherd, "shall not want")).toBe(true);
    expect(matchesSearch(shepherd, "psalm 23")).toBe(true);
    // The reference reads "Psalm 23:1" on screen; the KJV's book name "Psalms" still finds it.
    expect(matchesSearch(shepherd, "psalms 23")).toBe(true);
    expect(matchesSearch(shepherd, "shepherd ocean")).toBe(false);
  });

  it("ignores case, accents and punctuation", () => {
    expect(matchesSearch(shepherd, "shepherd;")).toBe(true);
    expect(matchesSearch(shepherd, "  lórd,  SHEPHERD ")).toBe(true);
    expect(matchesSearch(shepherd, "23:1")).toBe(true);
  });

  it("searches each verse of a multi-verse card", () => {
    const multi = card("multi", "abundance", { scriptureReferences: [{ reference: "Psalms 23:4", text: "thy rod and thy staff" }] });
    expect(matchesSearch(multi, "rod staff")).toBe(true);
  });
});

describe("filterCards, titles and counts", () => {
  const cards = [card("a", "morning"), card("b", "evening"), card("c", "morning")];

  it("combines category, favourites and search, keeping the collection's order", () => {
    const favorites = new Set(["c", "b"]);
    expect(filterCards(cards, { ...DEFAULT_FILTERS, category: "morning" }, favorites).map((c) => c.id)).toEqual(["a", "c"]);
    expect(filterCards(cards, { ...DEFAULT_FILTERS, favoritesOnly: true }, favorites).map((c) => c.id)).toEqual(["b", "c"]);
    expect(filterCards(cards, { ...DEFAULT_FILTERS, category: "morning", favoritesOnly: true }, favorites).map((c) => c.id)).toEqual(["c"]);
  });

  it("words the title and the count as the spec does", () => {
    expect(collectionTitle({ ...DEFAULT_FILTERS, favoritesOnly: true, category: "morning" }, "Morning")).toBe("Your Favorite Cards");
    expect(collectionTitle({ ...DEFAULT_FILTERS, category: "morning" }, "Morning")).toBe("Morning Cards");
    expect(collectionTitle(DEFAULT_FILTERS, undefined)).toBe("All Affirmation Cards");
    expect(showingText(2, 49, { ...DEFAULT_FILTERS, favoritesOnly: true, q: " peace " })).toBe(
      'Showing 2 of 49 cards (favorites only, matching "peace")',
    );
  });

  it("steps previous and next within a list", () => {
    expect(neighbours(cards, "b")).toEqual({ previous: "a", next: "c", position: 1 });
    expect(neighbours(cards, "a")).toEqual({ previous: null, next: "b", position: 0 });
    expect(neighbours(cards, "zzz").position).toBe(-1);
  });

  it("writes only what differs from the defaults into the URL", () => {
    expect(filterSearch(DEFAULT_FILTERS)).toBe("");
    expect(filterSearch(DEFAULT_FILTERS, { category: "evening", favoritesOnly: true, view: "list", q: "peace" })).toBe(
      "?q=peace&category=evening&favorites=1&view=list",
    );
  });
});

describe("the browser and the server read a filter URL alike", () => {
  const urls = [
    "",
    "?category=evening",
    "?category=EVENING&q=%20peace%20",
    "?category=gratitude",
    "?favorites=1&view=list",
    "?favorites=yes&view=table",
    "?favorites=true",
    `?q=${"a".repeat(100)}`,
    `?q=${"a".repeat(101)}`,
    `?category=${"x".repeat(65)}`,
    "?q=first&q=second&category=morning&category=evening",
  ];
  for (const search of urls) {
    it(`reads "${search || "(no query)"}" the same way`, () => {
      const params = new URLSearchParams(search);
      expect(readCardFilters(params, categories)).toEqual(parseCardFilters(params, categories));
    });
  }

  it("reads an unknown category as 'all' with a message naming the real ones", () => {
    const { filters, error } = readCardFilters(new URLSearchParams("?category=gratitude"), categories);
    expect(filters.category).toBe("all");
    expect(error).toContain("all, morning, evening");
  });
});
