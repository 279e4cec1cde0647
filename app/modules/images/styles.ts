/**
 * Card images as the pages link to them (client-safe): four styles, two formats, the file name a download gets
 * (docs/decisions/000-product-rules.md: 1200x800 in four styles, a 1080x1920 phone wallpaper, `<card id>-<style>.png`).
 */
export const IMAGE_STYLES = ["elegant", "modern", "peaceful", "warm"] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export const IMAGE_FORMATS = ["card", "wallpaper"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const DEFAULT_IMAGE_STYLE: ImageStyle = "elegant";
/** `full` is the image itself; `thumb` the same drawing, scaled to fit a 240 px square, for the menu's previews. */
export const IMAGE_SIZE_OPTIONS = ["full", "thumb"] as const;
export type ImageSize = (typeof IMAGE_SIZE_OPTIONS)[number];
/** The thumbnails' pixel sizes (the full images': designs.ts). The menu shows them at a fifth, crisp up to 3x. */
export const THUMBNAIL_SIZES: Record<ImageFormat, { width: number; height: number }> = {
  card: { width: 240, height: 160 },
  wallpaper: { width: 135, height: 240 },
};

/** A screen's own size in pixels: a phone wallpaper drawn for it (docs/decisions/044-wallpaper-address.md). */
export type ScreenSize = { width: number; height: number };

/**
 * The screens a wallpaper is drawn for: whole pixels within these bounds, held upright, from a tablet's 4:3 (with a
 * little to spare) to the tallest phones' 21:9. Outside them the layout would either not fit the words or be a sliver.
 */
export const SCREEN_LIMITS = {
  width: { min: 320, max: 2048 },
  height: { min: 480, max: 2796 },
  /** Height over width. */
  ratio: { min: 1.25, max: 2.4 },
} as const;

export const IMAGE_STYLE_LABELS: Record<ImageStyle, string> = {
  elegant: "Elegant",
  modern: "Modern",
  peaceful: "Peaceful",
  warm: "Warm",
};

/** `<card id>-<style>.png`, and `<card id>-<style>-wallpaper.png` for the phone format. */
export function imageFileName(cardId: string, style: ImageStyle, format: ImageFormat = "card"): string {
  return format === "wallpaper" ? `${cardId}-${style}-wallpaper.png` : `${cardId}-${style}.png`;
}

/** The image's URL path; `download` asks for an attachment, `token` is a share link's token (paid cards). */
export function cardImagePath(
  cardId: string,
  options: { style?: ImageStyle; format?: ImageFormat; size?: ImageSize; download?: boolean; token?: string | null } = {},
): string {
  const params = new URLSearchParams({ style: options.style ?? DEFAULT_IMAGE_STYLE });
  if (options.format && options.format !== "card") params.set("format", options.format);
  if (options.size === "thumb") params.set("size", "thumb");
  if (options.download) params.set("download", "1");
  if (options.token) params.set("t", options.token);
  return `/cards/${encodeURIComponent(cardId)}/image.png?${params}`;
}
