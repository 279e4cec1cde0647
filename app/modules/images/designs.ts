/**
 * The card images as satori elements (plain data, no JSX): four designs, each drawn in two formats. Client-safe and
 * pure: the Worker's engine (worker/image-engine.ts) rasterises what these return (docs/decisions/017-card-images.md).
 * Every element with more than one child is `display: flex` (satori lays out with flexbox only).
 */
import { type Card, versesOf } from "~/modules/cards/card";
import type { ImageElement } from "./engine";
import type { ImageFormat, ImageStyle } from "./styles";

export { IMAGE_FORMATS, IMAGE_STYLES, type ImageFormat, type ImageStyle } from "./styles";

/** Pixel sizes: a landscape card to share, a phone wallpaper. */
export const IMAGE_SIZES: Record<ImageFormat, { width: number; height: number }> = {
  card: { width: 1200, height: 800 },
  wallpaper: { width: 1080, height: 1920 },
};

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

type Css = Record<string, unknown>;
type Child = ImageElement | string | null;

function box(style: Css, ...children: Child[]): ImageElement {
  const kept = children.filter((child): child is ImageElement | string => child !== null);
  return { type: "div", props: { style: { display: "flex", ...style }, children: kept.length === 1 ? kept[0] : kept } };
}

function text(style: Css, content: string): ImageElement {
  return { type: "div", props: { style: { display: "flex", flexShrink: 0, ...style }, children: content } };
}

/** A thin circle as inline SVG: resvg strokes it cheaply, where a CSS border would cost a mask. */
function ring(options: { size: number; stroke: string; strokeWidth: number; opacity: number; style?: Css }): ImageElement {
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

const quoted = (verse: string) => `\u201C${verse}\u201D`;

/** What every design draws: the title, the affirmation, each verse with its reference. */
function contentOf(card: DrawnCard) {
  const verses = versesOf(card);
  return {
    title: card.title,
    affirmation: card.affirmation,
    verses,
    verseChars: verses.reduce((sum, verse) => sum + verse.text.length + 2, 0),
  };
}

const MARK = "LIGHT Cards";

/**
 * A phone wallpaper keeps its top 28% clear: the lock screen's clock and date sit there (1920 px: the first 540).
 * Each design starts its words below it.
 */
const LOCK_SCREEN_CLEAR = 540;

// ---------------------------------------------------------------------------------------------------------------
// Elegant: cream paper, Lora centred, a thin gold double rule
// ---------------------------------------------------------------------------------------------------------------

function elegant(card: DrawnCard, format: ImageFormat): ImageElement {
  const { width, height } = IMAGE_SIZES[format];
  const c = contentOf(card);
  const gold = "#B08D43";
  const ink = "#3B2F25";
  const paper = "#FBF6EC";
  const wide = format === "card";
  const inset = wide ? 34 : 44;
  const padX = wide ? 110 : 110;
  const padY = wide ? 70 : 170;
  // The frame's own width (2 + 8 + 1) and the inset lie above the words, inside the clear band.
  const padTop = wide ? padY : LOCK_SCREEN_CLEAR - inset - 11;
  const textWidth = width - 2 * inset - 2 * padX;
  const titleSize = fitFontSize(
    [{ chars: c.title.length, ratio: 1, lineHeight: 1.2, charWidth: 0.55 }],
    { width: textWidth, height: wide ? 60 : 140 },
    { min: 30, max: wide ? 46 : 64 },
  );
  const refLine = wide ? 34 : 48;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.4, charWidth: 0.5 },
      { chars: c.verseChars, ratio: 0.82, lineHeight: 1.4, charWidth: 0.48 },
    ],
    {
      width: textWidth,
      height: height - 2 * inset - padTop - padY,
      fixed: titleSize * 1.3 + 60 + 40 + 30 + c.verses.length * (refLine + 14),
    },
    { min: wide ? 17 : 24, max: wide ? 34 : 52 },
  );
  const ornament = box(
    { alignItems: "center", justifyContent: "center", marginTop: 18, marginBottom: 22 },
    box({ width: 70, height: 1, backgroundColor: gold }),
    box({ width: 10, height: 10, backgroundColor: gold, transform: "rotate(45deg)", marginLeft: 14, marginRight: 14 }),
    box({ width: 70, height: 1, backgroundColor: gold }),
  );
  const verses = c.verses.map((verse) =>
    box(
      { flexDirection: "column", alignItems: "center", marginTop: 14 },
      text(
        { fontFamily: "Lora", fontStyle: "italic", fontSize: Math.round(base * 0.82), lineHeight: 1.4, textAlign: "center", color: ink },
        quoted(verse.text),
      ),
      text(
        {
          fontFamily: "Inter",
          fontWeight: 600,
          fontSize: Math.max(14, Math.round(base * 0.5)),
          letterSpacing: 3,
          color: gold,
          marginTop: 6,
        },
        verse.reference.toUpperCase(),
      ),
    ),
  );
  return box(
    { width, height, backgroundColor: paper, padding: inset, fontFamily: "Lora" },
    // The double rule as nested fills, not borders (a border costs resvg a mask: several times a fill).
    box(
      { flex: 1, backgroundColor: gold, padding: 2 },
      box(
        { flex: 1, backgroundColor: paper, padding: 8 },
        box(
          { flex: 1, backgroundColor: gold, padding: 1 },
          box(
            {
              flex: 1,
              flexDirection: "column",
              alignItems: "center",
              justifyContent: "center",
              backgroundColor: paper,
              padding: `${padTop - 11}px ${padX - 11}px ${padY - 11}px`,
            },
            text({ fontFamily: "Lora", fontWeight: 700, fontSize: titleSize, color: ink, textAlign: "center", lineHeight: 1.2 }, c.title),
            ornament,
            text({ fontFamily: "Lora", fontSize: base, lineHeight: 1.4, color: ink, textAlign: "center" }, c.affirmation),
            box({ flexDirection: "column", alignItems: "center", marginTop: 20 }, ...verses),
            text(
              { fontFamily: "Inter", fontWeight: 600, fontSize: wide ? 14 : 20, letterSpacing: 4, color: gold, marginTop: wide ? 24 : 48 },
              MARK.toUpperCase(),
            ),
          ),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Modern: bold Inter, left-aligned on a deep colour block with a strong accent bar
// ---------------------------------------------------------------------------------------------------------------

function modern(card: DrawnCard, format: ImageFormat): ImageElement {
  const { width, height } = IMAGE_SIZES[format];
  const c = contentOf(card);
  const navy = "#101B3F";
  const panel = "#1C2A5C";
  const accent = "#FF6A3D";
  const wide = format === "card";
  const bar = wide ? 18 : 22;
  const pad = wide ? 64 : 90;
  // Wide: statement on the left, scripture in its own block on the right. Tall: stacked.
  const leftWidth = wide ? Math.round((width - bar) * 0.56) : width - bar;
  const rightWidth = wide ? width - bar - leftWidth : width - bar;
  const titleSize = wide ? 24 : 34;
  // Tall: the statement and the scripture share what lies below the lock screen's clear band, half each.
  const tallHalf = (height - LOCK_SCREEN_CLEAR) / 2 - 2 * pad;
  const affirmationSize = fitFontSize(
    [{ chars: c.affirmation.length, ratio: 1, lineHeight: 1.2, charWidth: 0.58 }],
    { width: leftWidth - 2 * pad, height: wide ? height - 2 * pad : tallHalf, fixed: titleSize * 1.3 + 30 + 12 + 40 },
    { min: wide ? 24 : 34, max: wide ? 52 : 76 },
  );
  const refSize = wide ? 17 : 26;
  const verseSize = fitFontSize(
    [{ chars: c.verseChars, ratio: 1, lineHeight: 1.45, charWidth: 0.52 }],
    { width: rightWidth - 2 * pad, height: wide ? height - 2 * pad : tallHalf, fixed: c.verses.length * (refSize * 1.4 + 26) + 60 },
    { min: wide ? 16 : 24, max: wide ? 28 : 40 },
  );
  const statement = box(
    { flexDirection: "column", justifyContent: wide ? "center" : "flex-end", width: leftWidth, padding: pad, ...(wide ? {} : { flex: 1 }) },
    text({ fontFamily: "Inter", fontWeight: 700, fontSize: titleSize, letterSpacing: 2, color: accent }, c.title.toUpperCase()),
    box({ width: 84, height: 6, backgroundColor: accent, marginTop: 18, marginBottom: 28 }),
    text({ fontFamily: "Inter", fontWeight: 700, fontSize: affirmationSize, lineHeight: 1.2, color: "#FFFFFF" }, c.affirmation),
  );
  const scripture = box(
    {
      flexDirection: "column",
      justifyContent: "center",
      width: rightWidth,
      padding: pad,
      backgroundColor: panel,
      ...(wide ? {} : { flex: 1 }),
    },
    ...c.verses.map((verse, index) =>
      box(
        { flexDirection: "column", marginTop: index === 0 ? 0 : 26 },
        text({ fontFamily: "Inter", fontWeight: 400, fontSize: verseSize, lineHeight: 1.45, color: "#D9E0F5" }, quoted(verse.text)),
        text({ fontFamily: "Inter", fontWeight: 700, fontSize: refSize, color: accent, marginTop: 8 }, verse.reference),
      ),
    ),
    text(
      { fontFamily: "Inter", fontWeight: 700, fontSize: wide ? 15 : 22, letterSpacing: 3, color: "#8C9AC8", marginTop: wide ? 32 : 60 },
      MARK.toUpperCase(),
    ),
  );
  return box(
    { width, height, backgroundColor: navy },
    box({ width: bar, height, backgroundColor: accent }),
    box(
      { flexDirection: wide ? "row" : "column", width: width - bar, height, ...(wide ? {} : { paddingTop: LOCK_SCREEN_CLEAR }) },
      statement,
      scripture,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Peaceful: soft sage-to-lavender, lots of space, a rounded inner panel
// ---------------------------------------------------------------------------------------------------------------

function peaceful(card: DrawnCard, format: ImageFormat): ImageElement {
  const { width, height } = IMAGE_SIZES[format];
  const c = contentOf(card);
  const slate = "#3E4A45";
  const sage = "#6F8F7A";
  const lavender = "#8A7BA8";
  const wide = format === "card";
  const margin = wide ? 70 : 90;
  const pad = wide ? 56 : 80;
  const textWidth = width - 2 * margin - 2 * pad;
  const titleSize = wide ? 18 : 26;
  const refSize = wide ? 16 : 24;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.5, charWidth: 0.52 },
      { chars: c.verseChars, ratio: 0.78, lineHeight: 1.55, charWidth: 0.53 },
    ],
    {
      width: textWidth,
      // The mark sits below the panel; the wallpaper's panel starts below the lock screen's clear band.
      height: height - 2 * margin - 2 * pad - (wide ? 34 : 50) - (wide ? 0 : LOCK_SCREEN_CLEAR - margin - pad),
      fixed: titleSize * 1.4 + 36 + 36 + c.verses.length * (refSize * 1.4 + 18),
    },
    { min: wide ? 16 : 24, max: wide ? 32 : 46 },
  );
  return box(
    {
      width,
      height,
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "center",
      backgroundImage: "linear-gradient(160deg, #DCE9DD 0%, #E6E4EE 55%, #DDD3EC 100%)",
      padding: wide ? margin : `${LOCK_SCREEN_CLEAR - pad}px ${margin}px ${margin}px`,
    },
    box(
      {
        flex: 1,
        width: "100%",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        backgroundColor: "rgba(255, 255, 255, 0.55)",
        borderRadius: wide ? 36 : 48,
        padding: pad,
      },
      text(
        { fontFamily: "Inter", fontWeight: 600, fontSize: titleSize, letterSpacing: 5, color: sage, textAlign: "center" },
        c.title.toUpperCase(),
      ),
      ring({ size: 36, stroke: lavender, strokeWidth: 2, opacity: 0.6, style: { marginTop: 18, marginBottom: 18 } }),
      text({ fontFamily: "Lora", fontSize: base, lineHeight: 1.5, color: slate, textAlign: "center" }, c.affirmation),
      box(
        { flexDirection: "column", alignItems: "center", marginTop: 36 },
        ...c.verses.map((verse, index) =>
          box(
            { flexDirection: "column", alignItems: "center", marginTop: index === 0 ? 0 : 18 },
            text(
              { fontFamily: "Inter", fontSize: Math.round(base * 0.78), lineHeight: 1.55, color: slate, textAlign: "center" },
              quoted(verse.text),
            ),
            text({ fontFamily: "Inter", fontWeight: 600, fontSize: refSize, color: lavender, marginTop: 6 }, verse.reference),
          ),
        ),
      ),
    ),
    text(
      { fontFamily: "Inter", fontWeight: 600, fontSize: wide ? 14 : 20, letterSpacing: 4, color: sage, marginTop: wide ? 18 : 30 },
      MARK.toUpperCase(),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Warm: golden-hour gradient, a sun-like circle, italic verse
// ---------------------------------------------------------------------------------------------------------------

function warm(card: DrawnCard, format: ImageFormat): ImageElement {
  const { width, height } = IMAGE_SIZES[format];
  const c = contentOf(card);
  const ink = "#3A1A0C";
  const ember = "#7A2E12";
  const wide = format === "card";
  const padX = wide ? 90 : 90;
  const padTop = wide ? 80 : LOCK_SCREEN_CLEAR + 20;
  const padBottom = wide ? 70 : 140;
  const textWidth = width - 2 * padX - (wide ? 160 : 0);
  const titleSize = fitFontSize(
    [{ chars: c.title.length, ratio: 1, lineHeight: 1.15, charWidth: 0.55 }],
    { width: textWidth, height: wide ? 60 : 150 },
    { min: 28, max: wide ? 44 : 66 },
  );
  const refSize = wide ? 17 : 25;
  const base = fitFontSize(
    [
      { chars: c.affirmation.length, ratio: 1, lineHeight: 1.35, charWidth: 0.53 },
      { chars: c.verseChars, ratio: 0.8, lineHeight: 1.45, charWidth: 0.47 },
    ],
    {
      width: textWidth,
      height: height - padTop - padBottom,
      fixed: titleSize * 1.2 + 24 + 30 + 40 + c.verses.length * (refSize * 1.4 + 14),
    },
    { min: wide ? 17 : 24, max: wide ? 34 : 50 },
  );
  const sun = wide ? { size: 420, right: -110, top: -130 } : { size: 560, right: 260, top: 0 };
  return box(
    {
      width,
      height,
      position: "relative",
      flexDirection: "column",
      justifyContent: wide ? "center" : "flex-start",
      backgroundImage: "linear-gradient(165deg, #FCD77F 0%, #F6A662 48%, #E07357 100%)",
      padding: `${padTop}px ${padX}px ${padBottom}px ${padX}px`,
    },
    // The sun: a glowing disc in soft halos (solid translucent discs: a radial gradient costs resvg a mask), and a
    // faint ring, behind the words.
    ...[1, 0.8, 0.62, 0.46].map((scale, index) =>
      box({
        position: "absolute",
        right: sun.right + (sun.size * (1 - scale)) / 2,
        top: sun.top + (sun.size * (1 - scale)) / 2,
        width: sun.size * scale,
        height: sun.size * scale,
        borderRadius: (sun.size * scale) / 2,
        backgroundColor: `rgba(255, 244, 214, ${[0.18, 0.22, 0.3, 0.75][index]})`,
      }),
    ),
    ring({
      size: sun.size * 0.76,
      stroke: "#FFFAEB",
      strokeWidth: 2,
      opacity: 0.7,
      style: { position: "absolute", right: sun.right + sun.size * 0.12, top: sun.top + sun.size * 0.12 },
    }),
    text({ fontFamily: "Lora", fontWeight: 700, fontSize: titleSize, lineHeight: 1.15, color: ember, width: textWidth }, c.title),
    box({ width: 56, height: 3, backgroundColor: ember, borderRadius: 2, marginTop: 18, marginBottom: 24 }),
    text({ fontFamily: "Lora", fontWeight: 700, fontSize: base, lineHeight: 1.35, color: ink, width: textWidth }, c.affirmation),
    box(
      { flexDirection: "column", marginTop: 30, width: textWidth },
      ...c.verses.map((verse, index) =>
        box(
          { flexDirection: "column", marginTop: index === 0 ? 0 : 14 },
          text(
            { fontFamily: "Lora", fontStyle: "italic", fontSize: Math.round(base * 0.8), lineHeight: 1.45, color: ink },
            quoted(verse.text),
          ),
          text({ fontFamily: "Inter", fontWeight: 600, fontSize: refSize, color: ember, marginTop: 4 }, `\u2014 ${verse.reference}`),
        ),
      ),
    ),
    text(
      {
        position: "absolute",
        left: padX,
        bottom: wide ? 30 : 70,
        fontFamily: "Inter",
        fontWeight: 700,
        fontSize: wide ? 15 : 22,
        letterSpacing: 4,
        color: ember,
      },
      MARK.toUpperCase(),
    ),
  );
}

const DESIGNS: Record<ImageStyle, (card: DrawnCard, format: ImageFormat) => ImageElement> = { elegant, modern, peaceful, warm };

/** The satori element for a card in a style and format (its size is IMAGE_SIZES[format]). */
export function cardImageElement(card: DrawnCard, style: ImageStyle, format: ImageFormat): ImageElement {
  return DESIGNS[style](card, format);
}
