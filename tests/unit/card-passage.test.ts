import { describe, expect, it } from "vitest";
import { onlyTranslationChanged, passageSpan, readPassageTranslation, translationSearch } from "~/modules/cards/passage";

describe("a card page's passage translation, read from its URL", () => {
  it("shows the WEB only for ?translation=web, and the KJV for anything else", () => {
    expect(readPassageTranslation(new URLSearchParams("translation=web"))).toBe("web");
    expect(readPassageTranslation(new URLSearchParams(""))).toBe("kjv");
    expect(readPassageTranslation(new URLSearchParams("translation=WEB"))).toBe("kjv");
    expect(readPassageTranslation(new URLSearchParams("translation=niv"))).toBe("kjv");
  });

  it("keeps the filter the reader came from in the switch's links, and leaves the default out", () => {
    expect(translationSearch("?q=peace&category=morning", "web")).toBe("?q=peace&category=morning&translation=web");
    expect(translationSearch("?q=peace&translation=web", "kjv")).toBe("?q=peace");
    expect(translationSearch("", "kjv")).toBe("");
  });

  it("needs no new data when only the translation changes", () => {
    const at = (path: string) => new URL(path, "https://light.example");
    expect(onlyTranslationChanged(at("/cards/a?q=x"), at("/cards/a?q=x&translation=web"))).toBe(true);
    expect(onlyTranslationChanged(at("/cards/a?translation=web"), at("/cards/a"))).toBe(true);
    expect(onlyTranslationChanged(at("/cards/a"), at("/cards/b?translation=web"))).toBe(false);
    expect(onlyTranslationChanged(at("/cards/a?q=x"), at("/cards/a?q=y&translation=web"))).toBe(false);
    // The page reloading its own data (after a saved recording) is not a change of translation.
    expect(onlyTranslationChanged(at("/today?translation=web"), at("/today?translation=web"))).toBe(false);
    expect(onlyTranslationChanged(at("/today"), at("/today"))).toBe(false);
  });

  it("names the span a passage covers", () => {
    expect(passageSpan([{ reference: "Psalm 23:1" }, { reference: "Psalm 23:4" }])).toBe("Psalm 23:1-4");
    expect(passageSpan([{ reference: "Romans 8:37" }])).toBe("Romans 8:37");
  });
});
