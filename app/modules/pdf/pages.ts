/**
 * The collection PDF's pages: the cover, the contents (split over pages), a title page per section and a page per card,
 * each with its footer. Every function draws one page from data; page numbers are worked out by the caller.
 */
import type { PDFPage } from "pdf-lib";
import { ANCHOR_FALLBACK, type Card, type CategorySummary, formatTheme, formatWordNote, slugToWords, versesOf } from "~/modules/cards/card";
import { ACCENT, BODY_BOTTOM, CONTENT_WIDTH, FOOTER_Y, type Fonts, INK, MARGIN, MUTED, PAGE_HEIGHT, PAGE_WIDTH, RULE } from "./page-style";
import { drawBlocksFitted, type TextBlock, textWidth, wrapText } from "./text-layout";

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

/** A section of the collection: a category and its cards, in order. */
type Section = { label: string; tagline: string; cards: PdfCard[] };

/** Cards grouped by category in the categories' order; cards of an unknown category (none in the seed) come last. */
export function sectionsOf(cards: readonly PdfCard[], categories: readonly PdfCategory[]): Section[] {
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

export function drawCover(page: PDFPage, fonts: Fonts, options: CollectionPdfOptions, cardCount: number, categoryCount: number) {
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

export function contentsEntries(sections: readonly Section[]): ContentsEntry[] {
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
export function paginateContents(entries: readonly ContentsEntry[]): ContentsEntry[][] {
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

export function drawContentsPage(
  page: PDFPage,
  fonts: Fonts,
  entries: readonly ContentsEntry[],
  pageOf: Map<string, number>,
  first: boolean,
) {
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

export function drawSectionPage(page: PDFPage, fonts: Fonts, section: Section) {
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
export function drawCardPage(page: PDFPage, fonts: Fonts, card: PdfCard, categoryLabel: string) {
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

export function drawFooter(page: PDFPage, fonts: Fonts, number: number, productName: string) {
  const text = String(number);
  const size = 8.5;
  const y = Math.max(FOOTER_Y, MARGIN - 16);
  page.drawText(text, { x: PAGE_WIDTH - MARGIN - textWidth(fonts.sans, text, size), y, size, font: fonts.sans, color: MUTED });
  page.drawText(productName, { x: MARGIN, y, size, font: fonts.sans, color: MUTED });
}
