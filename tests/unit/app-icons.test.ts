import { readFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { APP_COLORS, APP_ICONS, buildAppIcons, FAVICON_FILE, MANIFEST_FILE } from "../../scripts/lib/app-icons";

const pixelAt = (png: PNG, x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4));

describe("the installed app's icons and manifest", () => {
  it("are what `npm run icons` draws from public/favicon.svg today (change the mark, then run it)", async () => {
    for (const { file, bytes } of await buildAppIcons()) expect(new Uint8Array(readFileSync(file)), file).toEqual(bytes);
  });

  it("are PNGs of their stated size; the maskable one fills its corners, the star inside the safe zone", () => {
    for (const icon of APP_ICONS) {
      const png = PNG.sync.read(readFileSync(icon.file));
      expect({ file: icon.file, width: png.width, height: png.height }).toEqual({ file: icon.file, width: icon.size, height: icon.size });
    }
    const maskable = PNG.sync.read(readFileSync("public/icons/icon-maskable-512.png"));
    const purple = [0x5b, 0x3f, 0x99, 255];
    expect(pixelAt(maskable, 0, 0)).toEqual(purple);
    // Outside the central circle of 80% (radius 204.8 px) only the background may show.
    for (let y = 0; y < 512; y += 4) {
      for (let x = 0; x < 512; x += 4) {
        if (Math.hypot(x + 0.5 - 256, y + 0.5 - 256) > 205) expect(pixelAt(maskable, x, y), `${x},${y}`).toEqual(purple);
      }
    }
    const rounded = PNG.sync.read(readFileSync("public/icons/icon-512.png"));
    expect(pixelAt(rounded, 0, 0)[3]).toBe(0);
  });

  it("favicon.ico holds 16, 32 and 48 px PNGs", () => {
    const ico = readFileSync(FAVICON_FILE);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => {
      const entry = 6 + 16 * index;
      const png = PNG.sync.read(ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8)));
      expect(png.width).toBe(ico.readUInt8(entry));
      return png.width;
    });
    expect(sizes).toEqual([16, 32, 48]);
  });

  it("the manifest opens the day's practice standalone, in the brand's colours, as the app it always was", () => {
    const manifest = JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
    expect(manifest).toMatchObject({
      name: "LIGHT Cards",
      // The id names the installed app: it keeps the address the app first opened on.
      id: "/cards",
      start_url: "/today",
      scope: "/",
      display: "standalone",
      theme_color: "#3d5a40",
      background_color: "#f4f7f4",
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(APP_COLORS.theme).toBe(manifest.theme_color);
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });
});
