/**
 * The card images as satori elements (plain data, no JSX): four designs, each drawn in two formats, one module each in
 * designs/. Client-safe and pure: the Worker's engine (worker/image-engine.ts) rasterises what these return
 * (docs/decisions/017-card-images.md).
 */
import { type DrawnCard, IMAGE_SIZES, type ImageFrame } from "./design-kit";
import { elegant } from "./designs/elegant";
import { modern } from "./designs/modern";
import { peaceful } from "./designs/peaceful";
import { warm } from "./designs/warm";
import type { ImageElement } from "./engine";
import type { ImageFormat, ImageStyle } from "./styles";

export { DRAWN_FIELDS, type DrawnCard, fitFontSize, IMAGE_SIZES, type TextBlock, wallpaperLayout } from "./design-kit";
export { IMAGE_FORMATS, IMAGE_STYLES, type ImageFormat, type ImageStyle } from "./styles";

const DESIGNS: Record<ImageStyle, (card: DrawnCard, frame: ImageFrame) => ImageElement> = { elegant, modern, peaceful, warm };

/**
 * The satori element for a card in a style and format, laid out at IMAGE_SIZES[format] or, for a wallpaper drawn at a
 * phone's own size, at `layout` (wallpaperLayout).
 */
export function cardImageElement(
  card: DrawnCard,
  style: ImageStyle,
  format: ImageFormat,
  layout: { width: number; height: number } = IMAGE_SIZES[format],
): ImageElement {
  return DESIGNS[style](card, { format, ...layout });
}
