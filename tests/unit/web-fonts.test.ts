import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildWebFonts, coreCodePoints, FONTS_CSS, FONTS_DIR } from "../../scripts/lib/web-fonts";

describe("the web fonts", () => {
  it("are what `npm run fonts` cuts from Fontsource today (edit scripts/lib/web-fonts.ts, then run it)", async () => {
    const { files, css } = await buildWebFonts();
    expect(readFileSync(join(FONTS_DIR, FONTS_CSS), "utf8")).toBe(css);
    expect(
      readdirSync(FONTS_DIR)
        .filter((name) => name.endsWith(".woff2"))
        .sort(),
    ).toEqual(files.map((file) => file.name).sort());
    for (const { name, bytes } of files) expect(new Uint8Array(readFileSync(join(FONTS_DIR, name))), name).toEqual(bytes);
  });

  it("draw Lora's two weights from one variable face: a core file and a file for the rest of Latin, each under its own unicode-range", async () => {
    const { css } = await buildWebFonts();
    const rules = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => body ?? "");
    expect(rules).toHaveLength(2);
    const faces = new Set(
      rules.map((rule) => /font-family: (\w+);[\s\S]*font-style: (\w+);[\s\S]*font-weight: ([\d ]+);/.exec(rule)?.slice(1).join(" ")),
    );
    expect([...faces]).toEqual(["Lora normal 400 700"]);
    for (const rule of rules) {
      expect(rule).toContain("font-display: swap;");
      expect(rule).toMatch(/unicode-range: U\+/);
    }
    expect(rules.filter((rule) => rule.includes("-core.woff2")).every((rule) => rule.includes("unicode-range: U+0020-007E,"))).toBe(true);
  });

  it("hold every character of the cards and their categories in the core files, so no card page fetches the rest", () => {
    const core = coreCodePoints();
    const strings = (value: unknown): string[] =>
      typeof value === "string" ? [value] : typeof value === "object" && value ? Object.values(value).flatMap(strings) : [];
    const text = ["cards.json", "categories.json"].flatMap((file) => strings(JSON.parse(readFileSync(join("db", "seed", file), "utf8"))));
    expect(text.length).toBeGreaterThan(100);
    const missing = new Set([...text.join("")].filter((character) => !core.has(character.codePointAt(0)!) && character !== "\n"));
    expect([...missing]).toEqual([]);
  });
});
