/**
 * What the four card designs share (designs.ts): the image sizes, the fields a design may draw, font sizes that fit,
 * and the element helpers. Client-safe and pure. Every element with more than one child is `display: flex` (satori
 * lays out with flexbox only).
 */
import { type Card, versesOf } from "~/modules/cards/card";
import type { ImageElement } from "./engine";
import type { ImageFormat } from "./styles";

/** Pixel sizes: a landscape card to share, a phone wallpaper. */
export const IMAGE_SIZES: Record<ImageFormat, { width: number; height: number }> = {
  card: { width: 1200, height: 800 },
  wallpaper: { width: 1080, height: 1920 },
};

/** The box a design lays itself out in: its format, and IMAGE_SIZES[format] or a phone screen's proportions. */
export type ImageFrame = { format: ImageFormat; width: number; height: number };

/**
 * The layout of a wallpaper for a screen of `screen` pixels: the proportions of the screen, the area of the 1080x1920
 * wallpaper, so the words fit as they do there (fitFontSize) on any phone; the engine then draws it at the screen's
 * own size. 1080x1920 is laid out as itself. Width and height are whole pixels, so the proportions are the screen's to
 * within a pixel.
 */
export function wallpaperLayout(screen: { width: number; height: number }): { width: number; height: number } {
  const { width, height } = IMAGE_SIZES.wallpaper;
  const laidOutWidth = Math.round(Math.sqrt((width * height * screen.width) / screen.height));
  return { width: laidOutWidth, height: Math.round((laidOutWidth * screen.height) / screen.width) };
}

/** The card fields an image draws, and so the fields its cache key hashes: the designs can read no other. */
export const DRAWN_FIELDS = ["title", "affirmation", "scripture", "scriptureReference", "scriptureReferences"] as const;
export type DrawnCard = Pick<Card, (typeof DRAWN_FIELDS)[number]>;

// ---------------------------------------------------------------------------------------------------------------
// Text that fits: font sizes from character counts
// ---------------------------------------------------------------------------------------------------------------

/** A paragraph to fit: its length, its size relative to the base size, its line height and average glyph width (em). */
export type TextBlock = { chars: number; ratio: number; lineHeight: number; charWidth: number };

/**
 * The largest base font size (px, whole, within [min, max]) at which the blocks, stacked, fit a box of `width` x
 * `height` px after `fixed` px of other things (gaps, rules, fixed lines). A block of n characters at size s takes
 * about n·charWidth·s / width lines of lineHeight·s each, plus most of a line for the ragged last line; solving the
 * quadratic for s gives the size. Pure, so tests/unit/card-image-designs.test.ts checks it directly.
 */
export function fitFontSize(
  blocks: readonly TextBlock[],
  box: { width: number; height: number; fixed?: number },
  limits: { min: number; max: number },
): number {
  // 8% of the box is kept back: glyph widths vary, and a word that does not fit moves to the next line whole.
  const available = box.height * 0.92 - (box.fixed ?? 0);
  let a = 0;
  let b = 0;
  for (const block of blocks) {
    const scaled = block.ratio;
    a += (block.chars * block.charWidth * scaled * scaled * block.lineHeight) / box.width;
    b += 0.7 * block.lineHeight * scaled;
  }
  if (available <= 0) return limits.min;
  const size = a === 0 ? (b === 0 ? limits.max : available / b) : (-b + Math.sqrt(b * b + 4 * a * available)) / (2 * a);
  return Math.max(limits.min, Math.min(limits.max, Math.floor(size)));
}

// ---------------------------------------------------------------------------------------------------------------
// Element helpers
// ---------------------------------------------------------------------------------------------------------------

export type Css = Record<string, unknown>;
type Child = ImageElement | string | null;

export function box(style: Css, ...children: Child[]): ImageElement {
  const kept = children.filter((child): child is ImageElement | string => child !== null);
  return { type: "div", props: { style: { display: "flex", ...style }, children: kept.length === 1 ? kept[0] : kept } };
}

export function text(style: Css, content: string): ImageElement {
  return { type: "div", props: { style: { display: "flex", flexShrink: 0, ...style }, children: content } };
}

/** A thin circle as inline SVG: resvg strokes it cheaply, where a CSS border would cost a mask. */
export function ring(options: { size: number; stroke: string; strokeWidth: number; opacity: number; style?: Css }): ImageElement {
  const { size, stroke, strokeWidth, opacity } = options;
  const circle = {
    type: "circle",
    props: { cx: size / 2, cy: size / 2, r: (size - strokeWidth) / 2, fill: "none", stroke, strokeWidth, strokeOpacity: opacity },
  };
  return {
    type: "svg",
    props: {
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
      style: { display: "flex", flexShrink: 0, ...options.style },
      children: circle,
    },
  };
}

export const quoted = (verse: string) => `\u201C${verse}\u201D`;

/** What every design draws: the title, the affirmation, each verse with its reference. */
export function contentOf(card: DrawnCard) {
  const verses = versesOf(card);
  return {
    title: card.title,
    affirmation: card.affirmation,
    verses,
    verseChars: verses.reduce((sum, verse) => sum + verse.text.length + 2, 0),
  };
}

export const MARK = "LIGHT Cards";

/**
 * A phone wallpaper keeps its top 28% (9/32) clear: the lock screen's clock and date sit there (1920 px: the first 540).
 * Each design starts its words below it.
 */
export function lockScreenClear(height: number): number {
  return Math.round((height * 9) / 32);
}

/**
 * ...and its bottom 13% (1920 px: the last 250) free of words: iOS puts the torch and camera buttons in its corners.
 * Only the small centred mark, or a mark below the buttons, may sit there.
 */
export function lockScreenBottom(height: number): number {
  return Math.round(height * 0.13);
}
