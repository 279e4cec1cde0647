import { z } from "zod";
import { IMAGE_STYLES, SCREEN_LIMITS } from "~/modules/images/styles";
import { isDrawableScreen, PREVIEW_SCREENS } from "./wallpaper";

/** The wallpaper's address and its settings page (docs/decisions/044-wallpaper-address.md). */

const { width, height, ratio } = SCREEN_LIMITS;
export const SCREEN_SIZE_MESSAGE =
  `Give the screen's size in pixels as whole numbers: w from ${width.min} to ${width.max}, h from ${height.min} to ` +
  `${height.max}, and h between ${ratio.min} and ${ratio.max} times w (a phone held upright), e.g. ?w=1179&h=2556.`;

const pixels = z
  .string()
  .regex(/^[1-9][0-9]{0,4}$/, SCREEN_SIZE_MESSAGE)
  .transform(Number);

/** `?w=&h=`: the phone's screen in pixels, both required. */
export const screenQuerySchema = z
  .object({ w: pixels, h: pixels }, { error: SCREEN_SIZE_MESSAGE })
  .transform(({ w, h }) => ({ width: w, height: h }))
  .refine(isDrawableScreen, SCREEN_SIZE_MESSAGE);

/** `/wallpaper/<token>.png`: a token as randomToken makes them (32 bytes, base64url). */
export const addressFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}\.png$/)
  .transform((file) => file.slice(0, -".png".length));

export const UNKNOWN_WALLPAPER_STYLE = `Choose one of the styles: ${IMAGE_STYLES.join(", ")}.`;
const style = z.enum(IMAGE_STYLES, { error: UNKNOWN_WALLPAPER_STYLE });

/** `/wallpaper/preview.png?style=&size=`: today's wallpaper for the signed-in buyer's settings page. */
export const previewQuerySchema = z.object({
  style: style.optional().default("elegant"),
  size: z
    .enum(Object.keys(PREVIEW_SCREENS) as [keyof typeof PREVIEW_SCREENS])
    .optional()
    .default("full"),
});

/** The settings page's forms. */
export const wallpaperActionSchema = z.discriminatedUnion("intent", [
  /** Makes the address (or a new one, if one exists: the old one stops working). */
  z.object({ intent: z.literal("turn-on"), style }),
  z.object({ intent: z.literal("replace") }),
  z.object({ intent: z.literal("style"), style }),
  z.object({ intent: z.literal("turn-off") }),
]);
