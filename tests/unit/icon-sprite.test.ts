import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildIconSprite, NAMES_FILE, SPRITE_FILE } from "../../scripts/lib/icon-sprite";

describe("the icon sprite", () => {
  it("is what `npm run icons` draws from Phosphor today (edit scripts/lib/icon-sprite.ts, then run it)", () => {
    const { sprite, names } = buildIconSprite();
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(sprite);
    expect(readFileSync(NAMES_FILE, "utf8")).toBe(names);
  });

  it("holds one symbol per name, each with Phosphor's 256-unit view box and its paths", () => {
    const { sprite } = buildIconSprite();
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 256 256">(.*?)<\/symbol>/g)];
    const ids = symbols.map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["heart", "heart-fill", "hand-heart-duotone", "check-bold", "mountains-duotone"]));
    for (const [, , body] of symbols) expect(body).toMatch(/^<path d="M/);
  });
});
