/**
 * The card images as satori elements (plain data, no JSX): four designs, each drawn in two formats, one module each in
 * designs/. Client-safe and pure: the Worker's engine (worker/image-engine.ts) rasterises what these return
 * (docs/decisions/017-card-images.md).
 */
import type { DrawnCard } from "./design-kit";
import { elegant } from "./designs/elegant";
import { modern } from "./designs/modern";
import { peaceful } from "./designs/peaceful";
import { warm } from "./designs/warm";
import type { ImageElement } from "./engine";
import type { ImageFormat, ImageStyle } from "./styles";

export { DRAWN_FIELDS, type DrawnCard, fitFontSize, IMAGE_SIZES, type TextBlock } from "./design-kit";
export { IMAGE_FORMATS, IMAGE_STYLES, type ImageFormat, type ImageStyle } from "./styles";

const DESIGNS: Record<ImageStyle, (card: DrawnCard, format: ImageFormat) => ImageElement> = { elegant, modern, peaceful, warm };

/** The satori element for a card in a style and format (its size is IMAGE_SIZES[format]). */
export function cardImageElement(card: DrawnCard, style: ImageStyle, format: ImageFormat): ImageElement {
  return DESIGNS[style](card, format);
}
