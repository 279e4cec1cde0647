/**
 * The buyers' collection as a printable PDF (docs/decisions/018-collection-pdf.md): A5 pages, the product's fonts
 * embedded (subset) from the bytes the Worker hands over, real selectable text laid out with the fonts' metrics.
 *
 * Pages: a cover, the contents (one or more pages), then per category a section title page followed by its cards,
 * one card per page: the front (theme, title, affirmation) in the top half, the back (verses, word notes, the
 * reflection prompt, the anchor) in the bottom half. Every page but the cover has its number in the footer.
 */
import fontkit from "@pdf-lib/fontkit";
import type { Font as FontkitFont } from "pdf-lib/cjs/types/fontkit";
import { PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFFont, type PDFPage, type PDFRef, rgb, type RGB } from "pdf-lib";
import { ANCHOR_FALLBACK, type Card, type CategorySummary, formatTheme, formatWordNote, slugToWords, versesOf } from "~/modules/cards/card";
import type { FontFiles } from "~/modules/images/engine";
import { woffToSfnt } from "~/modules/pdf/woff";

/** A5 in points: a page the size of a large card, prints two-up on A4 and reads well on a phone. */
export const PAGE_WIDTH = 419.53;
export const PAGE_HEIGHT = 595.28;
/** Bleed-safe margin on every side (print shops ask for at least 0.5 in, 36 pt). */
export const MARGIN = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 22;
/** The lowest baseline body text may use: above the footer. */
const BODY_BOTTOM = MARGIN + 8;

export type CollectionPdfOptions = { productName: string; appOrigin: string; generatedAt: Date };

/** The card fields the PDF draws (what the cache key hashes, so any change to them makes a new PDF). */
export type PdfCard = Pick<
  Card,
  | "id"
  | "category"
  | "title"
  | "affirmation"
  | "scriptureReference"
  | "scripture"
  | "scriptureReferences"
  | "translation"
  | "wordNotes"
  | "prompt"
  | "anchor"
  | "theme"
  | "themeLabel"
  | "orderIndex"
>;
export type PdfCategory = Pick<CategorySummary, "slug" | "label" | "tagline">;

const INK = rgb(0.16, 0.18, 0.16);
const MUTED = rgb(0.38, 0.42, 0.38);
const ACCENT = rgb(0.29, 0.42, 0.33);
const RULE = rgb(0.78, 0.8, 0.76);

type Fonts = { serif: PDFFont; serifItalic: PDFFont; serifBold: PDFFont; sans: PDFFont; sansSemiBold: PDFFont; sansBold: PDFFont };

/** A run of text to lay out: wrapped to the width, at `size` times the block's scale. */
type TextBlock = {
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

/** A section of the collection: a category and its cards, in order. */
type Section = { label: string; tagline: string; cards: PdfCard[] };

export async function buildCollectionPdf(
  cards: readonly PdfCard[],
  categories: readonly PdfCategory[],
  fontFiles: FontFiles,
  options: CollectionPdfOptions,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const embed = async (bytes: ArrayBuffer) => {
    const sfnt = await sfntOf(bytes);
    const font = await pdf.embedFont(sfnt, { subset: true, features: SHAPING });
    registerAdvances(font, fontkit.create(sfnt));
    return font;
  };
  const [serif, serifItalic, serifBold, sans, sansSemiBold, sansBold] = await Promise.all([
    embed(fontFiles.loraRegular),
    embed(fontFiles.loraItalic),
    embed(fontFiles.loraBold),
    embed(fontFiles.interRegular),
    embed(fontFiles.interSemiBold),
    embed(fontFiles.interBold),
  ]);
  const fonts: Fonts = { serif, serifItalic, serifBold, sans, sansSemiBold, sansBold };

  const title = `${options.productName}: The Collection`;
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setAuthor("LIGHT Cards");
  pdf.setSubject("Scripture-based affirmations to speak aloud");
  pdf.setCreator(options.productName);
  pdf.setProducer(options.productName);
  pdf.setCreationDate(options.generatedAt);
  pdf.setModificationDate(options.generatedAt);
  pdf.setLanguage("en");

  const sections = sectionsOf(cards, categories);

  // Page numbers first: the contents page(s) need them, and their own count depends on the contents' length.
  const contentsLines = contentsEntries(sections);
  const contentsPages = paginateContents(contentsLines);
  let pageNumber = 2 + contentsPages.length;
  const sectionPages = sections.map((section) => {
    const start = pageNumber;
    pageNumber += 1 + section.cards.length;
    return { section, start, cardPages: section.cards.map((_, index) => start + 1 + index) };
  });

  drawCover(pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), fonts, options, cards.length, sections.length);

  const pageOf = new Map<string, number>();
  sectionPages.forEach(({ section, start, cardPages }, index) => {
    pageOf.set(`section:${index}`, start);
    section.cards.forEach((card, cardIndex) => {
      pageOf.set(`card:${card.id}`, cardPages[cardIndex] ?? start);
    });
  });
  contentsPages.forEach((lines, index) => {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    drawContentsPage(page, fonts, lines, pageOf, index === 0);
    drawFooter(page, fonts, 2 + index, options.productName);
  });

  const outline: OutlineEntry[] = [{ title: "Contents", page: 1, children: [] }];
  for (const { section, start } of sectionPages) {
    const sectionPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    drawSectionPage(sectionPage, fonts, section);
    drawFooter(sectionPage, fonts, start, options.productName);
    const entry: OutlineEntry = { title: section.label, page: start - 1, children: [] };
    outline.push(entry);
    for (const card of section.cards) {
      const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      drawCardPage(page, fonts, card, section.label);
      const number = pdf.getPageCount();
      drawFooter(page, fonts, number, options.productName);
      entry.children.push({ title: card.title, page: number - 1, children: [] });
    }
  }
  addOutline(pdf, outline);

  return pdf.save();
}

/**
 * OpenType features for shaping: kerning and ligatures stay; contextual alternates (Inter's `calt`, arrows and
 * case-sensitive forms this text never needs) go, as they cost most of the shaping time.
 */
const SHAPING = { calt: false, kern: false, mark: false, mkmk: false };

/** The fonts unwrapped from WOFF once per isolate (the font files are the same bytes for every request). */
const sfntCache = new WeakMap<ArrayBuffer, Promise<Uint8Array>>();
function sfntOf(bytes: ArrayBuffer): Promise<Uint8Array> {
  let sfnt = sfntCache.get(bytes);
  if (!sfnt) {
    sfnt = woffToSfnt(new Uint8Array(bytes));
    sfntCache.set(bytes, sfnt);
    sfnt.catch(() => sfntCache.delete(bytes));
  }
  return sfnt;
}

/** Cards grouped by category in the categories' order; cards of an unknown category (none in the seed) come last. */
function sectionsOf(cards: readonly PdfCard[], categories: readonly PdfCategory[]): Section[] {
  const ordered = [...cards].sort((a, b) => a.orderIndex - b.orderIndex || a.id.localeCompare(b.id));
  const sections: Section[] = categories.map((category) => ({
    label: category.label,
    tagline: category.tagline,
    cards: ordered.filter((card) => card.category === category.slug),
  }));
  const known = new Set(categories.map((category) => category.slug));
  for (const slug of [...new Set(ordered.map((card) => card.category))].filter((slug) => !known.has(slug))) {
    sections.push({ label: slugToWords(slug) ?? slug, tagline: "", cards: ordered.filter((card) => card.category === slug) });
  }
  return sections;
}

// --- text layout ------------------------------------------------------------------------------------------------

/**
 * Advance widths (per 1 pt of size) of each font's characters, read once from fontkit. pdf-lib's widthOfTextAtSize
 * shapes the whole string on every call and then sums the same advance widths (it draws no kerning either), which
 * made wrapping the collection take seconds; summing per character gives the same widths without shaping.
 */
const advanceWidths = new WeakMap<PDFFont, (codePoint: number) => number>();

function registerAdvances(pdfFont: PDFFont, font: FontkitFont) {
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
function drawBlocksFitted(page: PDFPage, blocks: readonly TextBlock[], box: { top: number; bottom: number; left: number; width: number }) {
  let scale = 1;
  let layout = layoutBlocks(blocks, scale, box.top, box.left, box.width);
  while (layout.bottom < box.bottom && scale > 0.5) {
    scale = Math.round((scale - 0.04) * 100) / 100;
    layout = layoutBlocks(blocks, scale, box.top, box.left, box.width);
  }
  for (const line of layout.lines) page.drawText(line.text, { x: line.x, y: line.y, size: line.size, font: line.font, color: line.color });
  return scale;
}

// --- pages ------------------------------------------------------------------------------------------------------

function drawCover(page: PDFPage, fonts: Fonts, options: CollectionPdfOptions, cardCount: number, categoryCount: number) {
  page.drawRectangle({
    x: MARGIN,
    y: MARGIN,
    width: CONTENT_WIDTH,
    height: PAGE_HEIGHT - 2 * MARGIN,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(options.generatedAt);
  const cardWord = cardCount === 1 ? "card" : "cards";
  const categoryWord = categoryCount === 1 ? "category" : "categories";
  drawBlocksFitted(
    page,
    [
      { text: options.productName, font: fonts.serifBold, size: 34, color: INK, align: "center" },
      {
        text: "Scripture-based affirmations to speak aloud",
        font: fonts.serifItalic,
        size: 15,
        color: ACCENT,
        align: "center",
        spaceBefore: 14,
      },
      {
        text: `${cardCount} ${cardWord} in ${categoryCount} ${categoryWord}`,
        font: fonts.sansSemiBold,
        size: 11,
        color: MUTED,
        align: "center",
        spaceBefore: 36,
      },
      { text: date, font: fonts.sans, size: 10, color: MUTED, align: "center", spaceBefore: 6 },
    ],
    { top: PAGE_HEIGHT * 0.68, bottom: PAGE_HEIGHT * 0.3, left: MARGIN + 16, width: CONTENT_WIDTH - 32 },
  );
  const origin = options.appOrigin.replace(/^https?:\/\//, "");
  const width = textWidth(fonts.sans, origin, 9);
  page.drawText(origin, { x: (PAGE_WIDTH - width) / 2, y: MARGIN + 22, size: 9, font: fonts.sans, color: MUTED });
}

type ContentsEntry = { kind: "section"; key: string; label: string; tagline: string } | { kind: "card"; key: string; title: string };

function contentsEntries(sections: readonly Section[]): ContentsEntry[] {
  return sections.flatMap((section, index) => [
    { kind: "section" as const, key: `section:${index}`, label: section.label, tagline: section.tagline },
    ...section.cards.map((card) => ({ kind: "card" as const, key: `card:${card.id}`, title: card.title })),
  ]);
}

const CONTENTS_HEADING_HEIGHT = 44;
const SECTION_ENTRY = { label: 12.5, tagline: 9, before: 10 };
const CARD_ENTRY = { size: 9.5, leading: 14 };

function entryHeight(entry: ContentsEntry, first: boolean): number {
  if (entry.kind === "card") return CARD_ENTRY.leading;
  return (first ? 0 : SECTION_ENTRY.before) + SECTION_ENTRY.label * 1.4 + (entry.tagline ? SECTION_ENTRY.tagline * 1.5 : 0);
}

/** Splits the contents into pages; a section heading never ends a page without its first card under it. */
function paginateContents(entries: readonly ContentsEntry[]): ContentsEntry[][] {
  const pages: ContentsEntry[][] = [[]];
  let available = PAGE_HEIGHT - MARGIN - CONTENTS_HEADING_HEIGHT - BODY_BOTTOM;
  entries.forEach((entry, index) => {
    const current = pages[pages.length - 1] ?? [];
    const height = entryHeight(entry, current.length === 0);
    const next = entries[index + 1];
    const needed = entry.kind === "section" && next?.kind === "card" ? height + CARD_ENTRY.leading : height;
    if (needed > available && current.length > 0) {
      pages.push([entry]);
      available = PAGE_HEIGHT - MARGIN - BODY_BOTTOM - entryHeight(entry, true);
      return;
    }
    current.push(entry);
    available -= height;
  });
  return pages;
}

function drawContentsPage(page: PDFPage, fonts: Fonts, entries: readonly ContentsEntry[], pageOf: Map<string, number>, first: boolean) {
  let y = PAGE_HEIGHT - MARGIN;
  if (first) {
    y -= 22;
    page.drawText("Contents", { x: MARGIN, y, size: 22, font: fonts.serifBold, color: INK });
    y -= CONTENTS_HEADING_HEIGHT - 22;
  }
  const right = PAGE_WIDTH - MARGIN;
  entries.forEach((entry, index) => {
    const number = String(pageOf.get(entry.key) ?? "");
    if (entry.kind === "section") {
      if (index > 0) y -= SECTION_ENTRY.before;
      y -= SECTION_ENTRY.label * 1.4;
      const numberWidth = textWidth(fonts.serifBold, number, SECTION_ENTRY.label);
      page.drawText(entry.label, { x: MARGIN, y, size: SECTION_ENTRY.label, font: fonts.serifBold, color: ACCENT });
      page.drawText(number, { x: right - numberWidth, y, size: SECTION_ENTRY.label, font: fonts.serifBold, color: ACCENT });
      if (entry.tagline) {
        y -= SECTION_ENTRY.tagline * 1.5;
        page.drawText(entry.tagline, { x: MARGIN, y, size: SECTION_ENTRY.tagline, font: fonts.serifItalic, color: MUTED });
      }
      return;
    }
    y -= CARD_ENTRY.leading;
    const numberWidth = textWidth(fonts.sans, number, CARD_ENTRY.size);
    const indent = MARGIN + 12;
    const titleWidth = right - numberWidth - 12 - indent;
    const [title = ""] = wrapText(entry.title, fonts.sans, CARD_ENTRY.size, titleWidth);
    const shown = title === entry.title ? title : `${title.replace(/\s*\S*$/, "")}…`;
    page.drawText(shown, { x: indent, y, size: CARD_ENTRY.size, font: fonts.sans, color: INK });
    // Dot leader from the title to its page number.
    const from = indent + textWidth(fonts.sans, shown, CARD_ENTRY.size) + 6;
    const to = right - numberWidth - 6;
    if (to > from)
      page.drawLine({ start: { x: from, y: y + 1 }, end: { x: to, y: y + 1 }, thickness: 0.6, color: RULE, dashArray: [0.6, 2.4] });
    page.drawText(number, { x: right - numberWidth, y, size: CARD_ENTRY.size, font: fonts.sans, color: INK });
  });
}

function drawSectionPage(page: PDFPage, fonts: Fonts, section: Section) {
  const blocks: TextBlock[] = [{ text: section.label, font: fonts.serifBold, size: 30, align: "center", color: INK }];
  if (section.tagline)
    blocks.push({ text: section.tagline, font: fonts.serifItalic, size: 15, align: "center", color: ACCENT, spaceBefore: 10 });
  const count = section.cards.length;
  blocks.push({
    text: `${count} ${count === 1 ? "card" : "cards"}`,
    font: fonts.sans,
    size: 10,
    color: MUTED,
    align: "center",
    spaceBefore: 18,
  });
  page.drawLine({
    start: { x: PAGE_WIDTH / 2 - 30, y: PAGE_HEIGHT * 0.62 },
    end: { x: PAGE_WIDTH / 2 + 30, y: PAGE_HEIGHT * 0.62 },
    thickness: 1,
    color: ACCENT,
  });
  drawBlocksFitted(page, blocks, { top: PAGE_HEIGHT * 0.6, bottom: PAGE_HEIGHT * 0.3, left: MARGIN, width: CONTENT_WIDTH });
}

/** The front in the top half, a fold line, the back in the bottom half. */
function drawCardPage(page: PDFPage, fonts: Fonts, card: PdfCard, categoryLabel: string) {
  const middle = PAGE_HEIGHT / 2;
  const theme = formatTheme(card);
  const front: TextBlock[] = [
    { text: [categoryLabel, theme].filter(Boolean).join("  ·  ").toUpperCase(), font: fonts.sansSemiBold, size: 8.5, color: ACCENT },
    { text: card.title, font: fonts.serifBold, size: 21, color: INK, leading: 1.2, spaceBefore: 10 },
    { text: card.affirmation, font: fonts.serifItalic, size: 14, color: INK, leading: 1.45, spaceBefore: 14 },
  ];
  drawBlocksFitted(page, front, { top: PAGE_HEIGHT - MARGIN, bottom: middle + 16, left: MARGIN, width: CONTENT_WIDTH });

  page.drawLine({
    start: { x: MARGIN, y: middle },
    end: { x: PAGE_WIDTH - MARGIN, y: middle },
    thickness: 0.6,
    color: RULE,
    dashArray: [3, 3],
  });

  const back: TextBlock[] = [];
  versesOf(card).forEach((verse, index) => {
    back.push({ text: `“${verse.text}”`, font: fonts.serif, size: 10.5, leading: 1.4, color: INK, spaceBefore: index === 0 ? 0 : 7 });
    back.push({ text: `${verse.reference} (${card.translation})`, font: fonts.sansSemiBold, size: 8.5, color: ACCENT, spaceBefore: 2 });
  });
  if (card.wordNotes.length > 0) {
    back.push({ text: "Word notes", font: fonts.sansBold, size: 8, color: MUTED, spaceBefore: 8 });
    for (const note of card.wordNotes) back.push({ text: formatWordNote(note), font: fonts.sans, size: 8.5, color: MUTED, spaceBefore: 1 });
  }
  if (card.prompt) {
    back.push({ text: "Today's Reflection", font: fonts.sansBold, size: 8.5, color: ACCENT, spaceBefore: 10 });
    back.push({ text: card.prompt, font: fonts.serifItalic, size: 10, leading: 1.4, color: INK, spaceBefore: 1 });
  }
  back.push({ text: "Anchor", font: fonts.sansBold, size: 8.5, color: ACCENT, spaceBefore: 10 });
  back.push({ text: card.anchor ?? ANCHOR_FALLBACK, font: fonts.sans, size: 9.5, leading: 1.4, color: INK, spaceBefore: 1 });
  drawBlocksFitted(page, back, { top: middle - 14, bottom: BODY_BOTTOM, left: MARGIN, width: CONTENT_WIDTH });
}

function drawFooter(page: PDFPage, fonts: Fonts, number: number, productName: string) {
  const text = String(number);
  const size = 8.5;
  const y = Math.max(FOOTER_Y, MARGIN - 16);
  page.drawText(text, { x: PAGE_WIDTH - MARGIN - textWidth(fonts.sans, text, size), y, size, font: fonts.sans, color: MUTED });
  page.drawText(productName, { x: MARGIN, y, size, font: fonts.sans, color: MUTED });
}

// --- outline (bookmarks) ----------------------------------------------------------------------------------------

type OutlineEntry = { title: string; page: number; children: OutlineEntry[] };

/** The PDF outline (the viewer's bookmarks pane): contents, each category, its cards under it. */
function addOutline(pdf: PDFDocument, entries: readonly OutlineEntry[]) {
  const { context } = pdf;
  const pages = pdf.getPages();
  const rootRef = context.nextRef();

  const addLevel = (items: readonly OutlineEntry[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } | null => {
    const refs = items.map(() => context.nextRef());
    let count = 0;
    items.forEach((item, index) => {
      const ref = refs[index] as PDFRef;
      const page = pages[item.page];
      const dict = context.obj({});
      dict.set(PDFName.of("Title"), PDFHexString.fromText(item.title));
      dict.set(PDFName.of("Parent"), parent);
      if (page) dict.set(PDFName.of("Dest"), context.obj([page.ref, PDFName.of("Fit")]));
      const previous = refs[index - 1];
      const next = refs[index + 1];
      if (previous) dict.set(PDFName.of("Prev"), previous);
      if (next) dict.set(PDFName.of("Next"), next);
      const children = addLevel(item.children, ref);
      if (children) {
        dict.set(PDFName.of("First"), children.first);
        dict.set(PDFName.of("Last"), children.last);
        // Negative: the category starts closed in the bookmarks pane.
        dict.set(PDFName.of("Count"), PDFNumber.of(-children.count));
      }
      context.assign(ref, dict);
      count += 1;
    });
    const first = refs[0];
    const last = refs[refs.length - 1];
    return first && last ? { first, last, count } : null;
  };

  const top = addLevel(entries, rootRef);
  const root = context.obj({ Type: "Outlines" });
  if (top) {
    root.set(PDFName.of("First"), top.first);
    root.set(PDFName.of("Last"), top.last);
    root.set(PDFName.of("Count"), PDFNumber.of(top.count));
  }
  context.assign(rootRef, root);
  pdf.catalog.set(PDFName.of("Outlines"), rootRef);
  pdf.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}
