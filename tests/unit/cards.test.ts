import { describe, expect, it } from "vitest";
import {
  cardShareText,
  chooseTryItNowCard,
  displayReference,
  featuredCardIndex,
  formatTheme,
  passagesOf,
  versesOf,
} from "~/modules/cards/card";
import { resolveCategory } from "~/modules/cards/cards.schema";

describe("card presentation", () => {
  it("prints the theme badge from its label, punctuation kept, else reads the slug as words", () => {
    expect(formatTheme({ theme: "christs-peace", themeLabel: "Christ’s Peace" })).toBe("Christ’s Peace");
    expect(formatTheme({ theme: "new-mercies", themeLabel: null })).toBe("New Mercies");
    expect(formatTheme({ theme: "gratitude", themeLabel: null })).toBe("Gratitude");
    expect(formatTheme({ theme: null, themeLabel: null })).toBeNull();
  });

  it("shows a single psalm as 'Psalm', leaving other books and the stored form alone", () => {
    expect(displayReference("Psalms 118:24")).toBe("Psalm 118:24");
    expect(displayReference("Psalms 121:3-4")).toBe("Psalm 121:3-4");
    expect(displayReference("Psalms 23:1; Matthew 6:33; Philippians 4:19")).toBe("Psalm 23:1; Matthew 6:33; Philippians 4:19");
    expect(displayReference("Proverbs 3:24-26")).toBe("Proverbs 3:24-26");
    expect(displayReference("Song of Solomon 2:4")).toBe("Song of Solomon 2:4");
  });

  it("lists each verse with its reference, or the single quote", () => {
    const single = { scripture: "Jesus wept.", scriptureReference: "John 11:35", scriptureReferences: null };
    expect(versesOf(single)).toEqual([{ reference: "John 11:35", text: "Jesus wept." }]);
    const several = [
      { reference: "Psalms 23:1", text: "a" },
      { reference: "Matthew 6:33", text: "b" },
    ];
    expect(versesOf({ ...single, scriptureReferences: several })).toEqual(several);
  });

  const oneVerse = { title: "T", affirmation: "A", scripture: "S", scriptureReference: "R 1:1", scriptureReferences: null };

  it("shares title, affirmation, verse and reference", () => {
    const text = cardShareText({ ...oneVerse, wordNotes: [] });
    expect(text).toBe('T\n\nA\n\n"S"\n— R 1:1');
  });

  it("quotes verses that do not follow each other separately, each with its reference, and a range as one quote", () => {
    const card = {
      scripture: "a b c d",
      scriptureReference: "Psalm 23:1; Luke 6:36-37; Matthew 7:11",
      scriptureReferences: [
        { reference: "Psalm 23:1", text: "a" },
        { reference: "Luke 6:36", text: "b" },
        { reference: "Luke 6:37", text: "c" },
        { reference: "Matthew 7:11", text: "d" },
      ],
    };
    expect(passagesOf(card)).toEqual([
      { reference: "Psalm 23:1", text: "a" },
      { reference: "Luke 6:36-37", text: "b c" },
      { reference: "Matthew 7:11", text: "d" },
    ]);
    const text = cardShareText({ ...card, title: "T", affirmation: "A", wordNotes: [] });
    expect(text).toBe('T\n\nA\n\n"a"\n— Psalm 23:1\n\n"b c"\n— Luke 6:36-37\n\n"d"\n— Matthew 7:11');
    // A range alone stays one quote under its reference.
    const range = { scripture: "b c", scriptureReference: "Luke 6:36-37", scriptureReferences: card.scriptureReferences.slice(1, 3) };
    expect(passagesOf(range)).toEqual([{ reference: "Luke 6:36-37", text: "b c" }]);
  });

  it("carries the word notes into the shared text, one a line", () => {
    const text = cardShareText({
      ...oneVerse,
      wordNotes: [
        { word: "want", meaning: "lack" },
        { word: "careful", meaning: "anxious" },
      ],
    });
    expect(text).toBe('T\n\nA\n\n"S"\n— R 1:1\n\nWord notes:\nwant: lack\ncareful: anxious');
  });

  it("features card floor(now / 1 day) mod count, the same all UTC day", () => {
    const day = 20_000; // days since the epoch
    expect(featuredCardIndex(49, new Date(day * 86_400_000))).toBe(day % 49);
    expect(featuredCardIndex(49, new Date(day * 86_400_000 + 86_399_999))).toBe(day % 49);
    expect(featuredCardIndex(49, new Date((day + 1) * 86_400_000))).toBe((day + 1) % 49);
    expect(featuredCardIndex(0)).toBe(-1);
  });

  it("rotates 'Try It Now' by UTC day over the previews not shown elsewhere, null when none", () => {
    const previews = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
    const shown = ["a", "c"]; // the hero's sample card and the preview grid
    const day = 20_001; // day % 3 === 0
    const at = (offset: number) => new Date((day + offset) * 86_400_000 + 3_600_000);
    expect(chooseTryItNowCard(previews, shown, at(0))).toEqual({ id: "b" });
    expect(chooseTryItNowCard(previews, shown, new Date((day + 1) * 86_400_000 - 1))).toEqual({ id: "b" });
    expect(chooseTryItNowCard(previews, shown, at(1))).toEqual({ id: "d" });
    expect(chooseTryItNowCard(previews, shown, at(2))).toEqual({ id: "e" });
    expect(chooseTryItNowCard(previews, shown, at(3))).toEqual({ id: "b" });
    expect(chooseTryItNowCard(previews, new Set(["a", "b", "c", "d", "e"]), at(0))).toBeNull();
    expect(chooseTryItNowCard([], [], at(0))).toBeNull();
  });
});

describe("category selection", () => {
  const categories = [
    { slug: "morning", label: "Morning" },
    { slug: "evening", label: "Evening" },
  ];
  it("accepts 'all' and known slugs", () => {
    expect(resolveCategory("all", categories)).toEqual({ slug: "all", error: null });
    expect(resolveCategory("evening", categories)).toEqual({ slug: "evening", error: null });
  });
  it("falls back to all with a clear message for an unknown slug", () => {
    const result = resolveCategory("faith", categories);
    expect(result.slug).toBe("all");
    expect(result.error).toBe('There is no category called "faith". Choose one of: all, morning, evening.');
  });
});
