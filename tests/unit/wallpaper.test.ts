/**
 * The wallpaper's sizes and its day (docs/decisions/044-wallpaper-address.md): which screens an address may ask for,
 * the layout a screen's picture is drawn from, the phone's own size found by the page, and when the buyer's day ends.
 */
import { describe, expect, it } from "vitest";
import { IMAGE_SIZES, wallpaperLayout } from "~/modules/images/designs";
import { secondsUntilDayEnds } from "~/modules/users/time-zone";
import { DEFAULT_SCREEN, thisScreen, wallpaperAddress, withScreen } from "~/modules/wallpaper/wallpaper";
import { screenQuerySchema } from "~/modules/wallpaper/wallpaper.schema";

const parse = (w: string, h: string) => screenQuerySchema.safeParse({ w, h });

describe("the screen sizes an address may ask for", () => {
  it("takes whole pixels within the bounds, held upright", () => {
    for (const [w, h] of [
      ["1179", "2556"],
      ["320", "480"],
      ["2048", "2732"],
      ["1080", "2400"],
      ["750", "1334"],
    ]) {
      expect(parse(w!, h!).data, `${w}x${h}`).toEqual({ width: Number(w), height: Number(h) });
    }
  });

  it("refuses sizes out of bounds, sideways, too thin, or not whole numbers", () => {
    for (const [w, h] of [
      ["319", "2556"],
      ["2049", "2732"],
      ["1179", "2797"],
      ["1179", "479"],
      ["2556", "1179"],
      ["1000", "1000"],
      ["1000", "2500"],
      ["1179.0", "2556"],
      ["01179", "2556"],
      ["1e3", "2556"],
      ["", "2556"],
    ]) {
      expect(parse(w!, h!).success, `${w}x${h}`).toBe(false);
    }
    expect(screenQuerySchema.safeParse({ w: "1179" }).success).toBe(false);
  });
});

describe("wallpaperLayout", () => {
  it("lays a 1080x1920 wallpaper out as itself, and any screen in its proportions with about the same area", () => {
    expect(wallpaperLayout(IMAGE_SIZES.wallpaper)).toEqual(IMAGE_SIZES.wallpaper);
    for (const screen of [DEFAULT_SCREEN, { width: 320, height: 480 }, { width: 2048, height: 2732 }, { width: 1000, height: 2400 }]) {
      const layout = wallpaperLayout(screen);
      expect(Math.abs(layout.height / layout.width - screen.height / screen.width)).toBeLessThan(1 / layout.width);
      expect(Math.abs(layout.width * layout.height - 1080 * 1920) / (1080 * 1920)).toBeLessThan(0.01);
    }
  });
});

describe("the address", () => {
  it("carries the token and the screen, and takes this phone's size when the page finds one", () => {
    const address = wallpaperAddress("https://lightcards.app", "t".repeat(43));
    expect(address).toBe(`https://lightcards.app/wallpaper/${"t".repeat(43)}.png?w=1179&h=2556`);
    expect(withScreen(address, { width: 1080, height: 2400 })).toBe(`https://lightcards.app/wallpaper/${"t".repeat(43)}.png?w=1080&h=2400`);
  });

  it("finds a phone's screen in pixels held upright, and no size for a computer's or a tablet's screen", () => {
    expect(thisScreen({ width: 393, height: 852 }, 3)).toEqual({ width: 1179, height: 2556 });
    expect(thisScreen({ width: 852, height: 393 }, 3)).toEqual({ width: 1179, height: 2556 });
    expect(thisScreen({ width: 412, height: 915 }, 2.625)).toEqual({ width: 1082, height: 2402 });
    expect(thisScreen({ width: 1920, height: 1080 }, 1)).toBeNull();
    expect(thisScreen({ width: 1512, height: 982 }, 2)).toBeNull();
    expect(thisScreen({ width: 820, height: 1180 }, 2)).toBeNull();
    // A phone whose pixels no wallpaper is drawn at (too small) keeps the default address.
    expect(thisScreen({ width: 240, height: 320 }, 1)).toBeNull();
  });
});

describe("secondsUntilDayEnds", () => {
  it("counts to midnight in the zone", () => {
    expect(secondsUntilDayEnds(new Date("2026-06-10T22:30:00Z"), "UTC")).toBe(5400);
    // 18:30 in New York (EDT, UTC-4).
    expect(secondsUntilDayEnds(new Date("2026-06-10T22:30:00Z"), "America/New_York")).toBe(5.5 * 3600);
    // 00:15 in Auckland (NZST, UTC+12): nearly a whole day left.
    expect(secondsUntilDayEnds(new Date("2026-06-10T12:15:00Z"), "Pacific/Auckland")).toBe(23.75 * 3600);
    expect(secondsUntilDayEnds(new Date("2026-06-10T23:59:59.500Z"), "UTC")).toBe(1);
  });

  it("knows the days a clock change makes 23 or 25 hours long", () => {
    // 01:00 in New York on 8 March 2026; at 02:00 the clocks go forward: 22 hours to midnight, not 23.
    expect(secondsUntilDayEnds(new Date("2026-03-08T06:00:00Z"), "America/New_York")).toBe(22 * 3600);
    // 01:00 EDT on 1 November 2026; at 02:00 the clocks go back: 24 hours to midnight, not 23.
    expect(secondsUntilDayEnds(new Date("2026-11-01T05:00:00Z"), "America/New_York")).toBe(24 * 3600);
    // Lord Howe Island moves by half an hour (4 October 2026, 02:00 becomes 02:30): 01:00 leaves 22.5 hours.
    expect(secondsUntilDayEnds(new Date("2026-10-03T14:30:00Z"), "Australia/Lord_Howe")).toBe(22.5 * 3600);
  });
});
