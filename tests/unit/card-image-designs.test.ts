import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Card } from "~/modules/cards/card";
import { cardImageElement, fitFontSize, IMAGE_FORMATS, IMAGE_STYLES, type TextBlock, wallpaperLayout } from "~/modules/images/designs";
import type { ImageElement } from "~/modules/images/engine";

const cards = JSON.parse(readFileSync(new URL("../../db/seed/cards.json", import.meta.url), "utf8")) as Card[];
const sample = cards.find((card) => card.id === "abundance-the-lord-is-my-shepherd");

/** Every string an element tree draws, in order. */
function texts(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === "object" && "props" in node) return texts((node as ImageElement).props.children);
  return [];
}

/** Every element with more than one child is display:flex (satori refuses anything else). */
function everyMultiChildIsFlex(node: unknown): boolean {
  if (!node || typeof node !== "object" || !("props" in node)) return true;
  const { style, children } = (node as ImageElement).props;
  if (Array.isArray(children) && children.length > 1 && style?.display !== "flex") return false;
  return (Array.isArray(children) ? children : [children]).every(everyMultiChildIsFlex);
}

describe("fitFontSize", () => {
  const box = { width: 960, height: 560 };
  const block = (chars: number): TextBlock => ({ chars, ratio: 1, lineHeight: 1.4, charWidth: 0.5 });

  it("gives short text the largest size and long text smaller sizes, never below the minimum", () => {
    expect(fitFontSize([block(20)], box, { min: 18, max: 40 })).toBe(40);
    const sizes = [100, 300, 600, 1200, 5000].map((chars) => fitFontSize([block(chars)], box, { min: 18, max: 40 }));
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1] ?? 0);
    expect(sizes.at(-1)).toBe(18);
  });

  it("chooses a size whose estimated height fits the box", () => {
    const blocks = [block(240), { ...block(340), ratio: 0.8 }];
    const size = fitFontSize(blocks, { ...box, fixed: 120 }, { min: 10, max: 100 });
    const height = blocks.reduce((sum, b) => {
      const s = size * b.ratio;
      return sum + Math.ceil((b.chars * b.charWidth * s) / box.width) * b.lineHeight * s;
    }, 120);
    expect(height).toBeLessThanOrEqual(box.height);
    expect(size).toBeGreaterThan(20);
  });

  it("falls back to the minimum when fixed parts take the whole box", () => {
    expect(fitFontSize([block(100)], { width: 500, height: 100, fixed: 200 }, { min: 16, max: 40 })).toBe(16);
  });
});

describe("cardImageElement", () => {
  it("draws the title, the affirmation, every verse with its reference and the mark, in every style and format", () => {
    expect(sample?.scriptureReferences).toHaveLength(3);
    if (!sample) return;
    for (const style of IMAGE_STYLES) {
      for (const format of IMAGE_FORMATS) {
        const element = cardImageElement(sample, style, format);
        const drawn = texts(element).join("\n").toLowerCase();
        expect(drawn).toContain(sample.title.toLowerCase());
        expect(drawn).toContain(sample.affirmation.toLowerCase());
        for (const verse of sample.scriptureReferences ?? []) {
          expect(drawn).toContain(verse.text.toLowerCase());
          expect(drawn).toContain(verse.reference.toLowerCase());
        }
        expect(drawn).toContain("light cards");
        expect(everyMultiChildIsFlex(element), `${style} ${format}`).toBe(true);
      }
    }
  });

  it("draws every word of the card in a wallpaper laid out for a phone's own proportions", () => {
    if (!sample) return;
    for (const style of IMAGE_STYLES) {
      const element = cardImageElement(sample, style, "wallpaper", wallpaperLayout({ width: 1179, height: 2556 }));
      const drawn = texts(element).join("\n").toLowerCase();
      for (const words of [sample.title, sample.affirmation, ...(sample.scriptureReferences ?? []).map((verse) => verse.text)]) {
        expect(drawn).toContain(words.toLowerCase());
      }
      expect(everyMultiChildIsFlex(element), style).toBe(true);
    }
  });

  it("draws a single-verse card's verse and reference", () => {
    const single = cards.find((card) => !card.scriptureReferences?.length);
    if (!single) return;
    const drawn = texts(cardImageElement(single, "warm", "card")).join("\n");
    expect(drawn).toContain(single.scripture);
    expect(drawn).toContain(single.scriptureReference);
  });
});
