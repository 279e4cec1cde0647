/**
 * The buyers' collection as a printable PDF (docs/decisions/018-collection-pdf.md): A5 pages, the product's fonts
 * embedded (subset) from the bytes the Worker hands over, real selectable text laid out with the fonts' metrics.
 *
 * Pages: a cover, the contents (one or more pages), then per category a section title page followed by its cards,
 * one card per page: the front (theme, title, affirmation) in the top half, the back (verses, word notes, the
 * reflection prompt, the anchor) in the bottom half. Every page but the cover has its number in the footer.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import type { FontFiles } from "~/modules/images/engine";
import { addOutline, type OutlineEntry } from "./outline";
import { type Fonts, PAGE_HEIGHT, PAGE_WIDTH } from "./page-style";
import {
  type CollectionPdfOptions,
  contentsEntries,
  drawCardPage,
  drawContentsPage,
  drawCover,
  drawFooter,
  drawSectionPage,
  type PdfCard,
  type PdfCategory,
  paginateContents,
  sectionsOf,
} from "./pages";
import { registerAdvances } from "./text-layout";
import { woffToSfnt } from "./woff";

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
 * OpenType features for shaping: ligatures stay, the rest goes. Kerning is off: pdf-lib writes each glyph at its
 * advance width and no kerning adjustments, so shaping for it would cost time and change nothing drawn (and the
 * widths text-layout.ts measures are those advance widths). Contextual alternates (Inter's `calt`: arrows and
 * case-sensitive forms this text never needs) go as they cost most of the shaping time, and mark positioning with them.
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
