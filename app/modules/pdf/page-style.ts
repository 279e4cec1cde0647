/**
 * The collection PDF's page: A5 geometry, margins, the palette and the embedded fonts every page draws with
 * (docs/decisions/018-collection-pdf.md).
 */
import { type PDFFont, rgb } from "pdf-lib";

/** A5 in points: a page the size of a large card, prints two-up on A4 and reads well on a phone. */
export const PAGE_WIDTH = 419.53;
export const PAGE_HEIGHT = 595.28;
/** Bleed-safe margin on every side (print shops ask for at least 0.5 in, 36 pt). */
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const FOOTER_Y = 22;
/** The lowest baseline body text may use: above the footer. */
export const BODY_BOTTOM = MARGIN + 8;

export const INK = rgb(0.16, 0.18, 0.16);
export const MUTED = rgb(0.38, 0.42, 0.38);
export const ACCENT = rgb(0.29, 0.42, 0.33);
export const RULE = rgb(0.78, 0.8, 0.76);

export type Fonts = { serif: PDFFont; serifItalic: PDFFont; serifBold: PDFFont; sans: PDFFont; sansSemiBold: PDFFont; sansBold: PDFFont };
