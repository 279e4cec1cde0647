/**
 * Text layout for the collection PDF, pure arithmetic over the fonts' metrics: widths, word wrapping, and blocks of
 * text set from the top of a box down, scaled to fit it.
 */

import type { PDFFont, PDFPage, RGB } from "pdf-lib";
import type { Font as FontkitFont } from "pdf-lib/cjs/types/fontkit";
import { INK } from "./page-style";

/** A run of text to lay out: wrapped to the width, at `size` times the block's scale. */
export type TextBlock = {
  text: string;
  font: PDFFont;
  size: number;
  color?: RGB;
  /** Line height as a multiple of the size. */
  leading?: number;
  /** Space before the block, in points at scale 1. */
  spaceBefore?: number;
  align?: "left" | "center";
};

/**
 * Advance widths (per 1 pt of size) of each font's characters, read once from fontkit. pdf-lib's widthOfTextAtSize
 * shapes the whole string on every call and then sums the same advance widths (it draws no kerning either), which
 * made wrapping the collection take seconds; summing per character gives the same widths without shaping.
 */
const advanceWidths = new WeakMap<PDFFont, (codePoint: number) => number>();

export function registerAdvances(pdfFont: PDFFont, font: FontkitFont) {
  const cache = new Map<number, number>();
  advanceWidths.set(pdfFont, (codePoint) => {
    let width = cache.get(codePoint);
    if (width === undefined) {
      width = font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm;
      cache.set(codePoint, width);
    }
    return width;
  });
}

/** The width of `text` at `size` in `font` (as pdf-lib measures it, ligatures aside: those only make text narrower). */
export function textWidth(font: PDFFont, text: string, size: number): number {
  const advance = advanceWidths.get(font);
  if (!advance) return font.widthOfTextAtSize(text, size);
  let total = 0;
  for (const char of text) total += advance(char.codePointAt(0) ?? 0);
  return total * size;
}

/** Words wrapped into lines no wider than `width` (a word longer than a line is broken by characters). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(font, candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (textWidth(font, line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(font, line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

type LaidOutLine = { text: string; font: PDFFont; size: number; color: RGB; x: number; y: number };

/** Lays the blocks out from `top` downwards at `scale`; returns the lines and the lowest point used. */
function layoutBlocks(blocks: readonly TextBlock[], scale: number, top: number, left: number, width: number) {
  const lines: LaidOutLine[] = [];
  let y = top;
  blocks.forEach((block, index) => {
    const size = block.size * scale;
    const leading = size * (block.leading ?? 1.35);
    if (index > 0) y -= (block.spaceBefore ?? 0) * scale;
    for (const text of wrapText(block.text, block.font, size, width)) {
      // The first line's baseline sits one ascent below the top, later ones one leading apart.
      y -= leading;
      const x = block.align === "center" ? left + (width - textWidth(block.font, text, size)) / 2 : left;
      lines.push({ text, font: block.font, size, color: block.color ?? INK, x, y: y + (leading - size) });
    }
  });
  return { lines, bottom: y };
}

/**
 * Draws the blocks inside the box from `top` down to `bottom`, at full size when they fit, otherwise scaled down in
 * small steps until they do (never below half size). Returns the scale used.
 */
export function drawBlocksFitted(
  page: PDFPage,
  blocks: readonly TextBlock[],
  box: { top: number; bottom: number; left: number; width: number },
) {
  let scale = 1;
  let layout = layoutBlocks(blocks, scale, box.top, box.left, box.width);
  while (layout.bottom < box.bottom && scale > 0.5) {
    scale = Math.round((scale - 0.04) * 100) / 100;
    layout = layoutBlocks(blocks, scale, box.top, box.left, box.width);
  }
  for (const line of layout.lines) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font: line.font, color: line.color });
  return scale;
}
