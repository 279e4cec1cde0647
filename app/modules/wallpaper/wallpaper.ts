/**
 * Today's card on the lock screen (docs/decisions/044-wallpaper-address.md): the private address a phone fetches each
 * morning, and the sizes its pictures are drawn at. Client-safe: the settings page builds the same address.
 */
import { SCREEN_LIMITS, type ScreenSize } from "~/modules/images/styles";

export const WALLPAPER_PAGE = "/wallpaper";

/** The size an address asks for unless the page knows the phone: an iPhone 14 Pro to 16's screen (393x852 points, 3x). */
export const DEFAULT_SCREEN: ScreenSize = { width: 1179, height: 2556 };

/** The settings page's pictures of today's wallpaper: the preview (shown 220 px wide, sharp at 2x) and the style choices. */
export const PREVIEW_SCREENS = {
  full: { width: 440, height: 952 },
  thumb: { width: 144, height: 312 },
} as const satisfies Record<string, ScreenSize>;
export type PreviewSize = keyof typeof PREVIEW_SCREENS;

/** Whether a phone of this many pixels may ask for its own size (SCREEN_LIMITS). */
export function isDrawableScreen({ width, height }: ScreenSize): boolean {
  const { width: w, height: h, ratio } = SCREEN_LIMITS;
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    width >= w.min &&
    width <= w.max &&
    height >= h.min &&
    height <= h.max &&
    height / width >= ratio.min &&
    height / width <= ratio.max
  );
}

/** The address itself: `<origin>/wallpaper/<token>.png?w=&h=`. */
export function wallpaperAddress(origin: string, token: string, screen: ScreenSize = DEFAULT_SCREEN): string {
  const params = new URLSearchParams({ w: String(screen.width), h: String(screen.height) });
  return `${origin}/wallpaper/${token}.png?${params}`;
}

/** The same address for another screen size (the page's script fills in the phone's own). */
export function withScreen(address: string, screen: ScreenSize): string {
  const url = new URL(address);
  url.searchParams.set("w", String(screen.width));
  url.searchParams.set("h", String(screen.height));
  return url.href;
}

/** The signed-in buyer's pictures of today's wallpaper on the settings page. */
export function wallpaperPreviewPath(style: string, size: PreviewSize = "full"): string {
  const params = new URLSearchParams({ style });
  if (size === "thumb") params.set("size", "thumb");
  return `/wallpaper/preview.png?${params}`;
}

/** Phones are at most this many CSS pixels across (tablets and computers are wider). */
const PHONE_MAX_CSS_WIDTH = 600;

/**
 * The phone this browser runs on, its screen in pixels held upright, when a wallpaper can be drawn for it; otherwise
 * null (a computer or a tablet, whose screen is not the phone's the address is for), and the address keeps
 * DEFAULT_SCREEN.
 */
export function thisScreen(screen: { width: number; height: number }, devicePixelRatio: number): ScreenSize | null {
  const short = Math.min(screen.width, screen.height);
  const long = Math.max(screen.width, screen.height);
  if (short > PHONE_MAX_CSS_WIDTH) return null;
  const size = { width: Math.round(short * devicePixelRatio), height: Math.round(long * devicePixelRatio) };
  return isDrawableScreen(size) ? size : null;
}
