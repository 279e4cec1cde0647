/**
 * The installed app's icons and its web app manifest, drawn from the brand mark in public/favicon.svg with resvg
 * (docs/decisions/025-installable-offline.md). `npm run icons` writes them into public/; the files are committed and
 * tests/unit/app-icons.test.ts fails when they differ from what this draws. Change the mark or the palette, run it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import tailwindConfig from "../../tailwind.config";

const BRAND_MARK_FILE = join("public", "favicon.svg");
export const MANIFEST_FILE = join("public", "manifest.webmanifest");

/** How each icon is drawn: the mark as it is (rounded square), or full bleed for platforms that cut their own shape. */
type Shape = "mark" | "full-bleed" | "maskable";

export const APP_ICONS = [
  { file: "public/icons/icon-192.png", size: 192, shape: "mark", purpose: "any" },
  { file: "public/icons/icon-512.png", size: 512, shape: "mark", purpose: "any" },
  { file: "public/icons/icon-maskable-512.png", size: 512, shape: "maskable", purpose: "maskable" },
  // iOS rounds the corners itself and shows a transparent corner as black: a full square.
  { file: "public/apple-touch-icon.png", size: 180, shape: "full-bleed", purpose: null },
] as const satisfies readonly { file: string; size: number; shape: Shape; purpose: "any" | "maskable" | null }[];

export const FAVICON_FILE = join("public", "favicon.ico");
/** The sizes a browser tab, a bookmark and Windows' shortcuts pick from. */
const FAVICON_SIZES = [16, 32, 48];

/** The URL under which a file in public/ is served. */
function publicUrl(file: string): string {
  return file.replace(/^public/, "");
}

type Palette = { sage: Record<string, string>; lavender: Record<string, string> };
const palette = tailwindConfig.theme.extend.colors as unknown as Palette;

/** The colours the manifest and the document head share (app/root.tsx names the same three). */
export const APP_COLORS = {
  theme: palette.sage["700"],
  themeDark: palette.sage["900"],
  background: palette.sage["50"],
};

/**
 * The mark's SVG for a shape. Maskable: a platform may cut the icon to any shape inside the central circle of 80% of
 * its width (the safe zone), so the square fills the canvas and the star is drawn at 80% around the centre.
 */
function markSvg(shape: Shape, size: number): string {
  const mark = readFileSync(BRAND_MARK_FILE, "utf8");
  const sized = mark.replace("<svg ", `<svg width="${size}" height="${size}" `);
  if (shape === "mark") return sized;
  const square = sized.replace(/ rx="[^"]+"/, "");
  if (shape === "full-bleed") return square;
  return square.replace(/<path /, '<path transform="translate(32 32) scale(0.8) translate(-32 -32)" ');
}

let wasmReady: Promise<void> | null = null;
/** resvg's wasm may be initialised once per process. */
function resvgReady(): Promise<void> {
  wasmReady ??= initWasm(readFileSync(join("node_modules", "@resvg", "resvg-wasm", "index_bg.wasm")));
  return wasmReady;
}

function drawPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg);
  const rendered = resvg.render();
  try {
    return rendered.asPng();
  } finally {
    rendered.free();
    resvg.free();
  }
}

/** An .ico of PNG images (every browser since IE 11 reads PNG entries): a 6-byte header, a 16-byte entry per image. */
function icoOf(images: { size: number; png: Uint8Array }[]): Uint8Array {
  const headerBytes = 6 + 16 * images.length;
  const ico = new Uint8Array(headerBytes + images.reduce((total, image) => total + image.png.length, 0));
  const view = new DataView(ico.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, images.length, true);
  let offset = headerBytes;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    view.setUint8(entry, size % 256); // 0 means 256
    view.setUint8(entry + 1, size % 256);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.length, true);
    view.setUint32(entry + 12, offset, true);
    ico.set(png, offset);
    offset += png.length;
  });
  return ico;
}

/**
 * The web app manifest. It opens on the buyer's home, the day's practice (/today sends an account without access to
 * its dashboard); its scope is the whole site, so a card link from an email opens in the app too. Its `id` stays
 * "/cards", where it first opened: the id names the installed app, and a new one would make it another app.
 */
function webAppManifest(): string {
  const manifest = {
    name: "LIGHT Cards",
    short_name: "LIGHT Cards",
    description: "Scripture-based affirmation cards to speak aloud daily, with the verse and a reflection on each.",
    id: "/cards",
    start_url: "/today",
    scope: "/",
    display: "standalone",
    theme_color: APP_COLORS.theme,
    background_color: APP_COLORS.background,
    icons: APP_ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: publicUrl(icon.file),
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Every generated file and its bytes. */
export async function buildAppIcons(): Promise<{ file: string; bytes: Uint8Array }[]> {
  await resvgReady();
  const icons = APP_ICONS.map((icon) => ({ file: icon.file, bytes: drawPng(markSvg(icon.shape, icon.size)) }));
  const favicon = icoOf(FAVICON_SIZES.map((size) => ({ size, png: drawPng(markSvg("mark", size)) })));
  return [...icons, { file: FAVICON_FILE, bytes: favicon }, { file: MANIFEST_FILE, bytes: new TextEncoder().encode(webAppManifest()) }];
}
