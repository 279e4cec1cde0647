import { describe, expect, it } from "vitest";
import { cardShareText, chooseTryItNowCard, featuredCardIndex, formatTheme, versesOf } from "~/modules/cards/card";
import { resolveCategory } from "~/validation/cards";

describe("card presentation", () => {
  it("splits the theme on hyphens and capitalises each word", () => {
    expect(formatTheme("new-mercies")).toBe("New Mercies");
    expect(formatTheme("gratitude")).toBe("Gratitude");
    expect(formatTheme(null)).toBeNull();
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

  it("shares title, affirmation, verse and reference", () => {
    const text = cardShareText({ title: "T", affirmation: "A", scripture: "S", scriptureReference: "R 1:1", wordNotes: [] });
    expect(text).toBe('T\n\nA\n\n"S"\n— R 1:1');
  });

  it("carries the word notes into the shared text, one a line", () => {
    const text = cardShareText({
      title: "T",
      affirmation: "A",
      scripture: "S",
      scriptureReference: "R 1:1",
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
