/**
 * The card-image engine (docs/decisions/017-card-images.md): satori lays the element out to SVG (yoga, wasm), resvg
 * rasterises it (wasm) and ./png encodes the pixels with the runtime's native zlib. Wasm can only be imported here,
 * where wrangler bundles: the Remix compiler would turn a .wasm import in app/ into a URL string (011). Both wasm
 * modules are initialised once per isolate, on the first render, and the promise is kept: resvg's initWasm throws
 * when called twice.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { type Font, init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import type { FontFiles } from "./fonts";
import { encodePng } from "./png";
import { fillGradientsDirectly } from "./svg-gradients";

/** A satori element as the app describes it (plain data shaped like React.createElement's result). */
type ImageElement = { type: string; props: Record<string, unknown> };

/**
 * Draws an element laid out at `size`, to a PNG of that size, or scaled to `output` pixels wide (a thumbnail), or drawn
 * at exactly `output`'s width and height (a phone's own screen: a layout of nearly its proportions, stretched by less
 * than a pixel).
 */
export type ImageEngine = {
  renderPng(
    element: ImageElement,
    size: { width: number; height: number },
    output?: number | { width: number; height: number },
  ): Promise<Uint8Array>;
};

let ready: Promise<void> | null = null;

function initialise(): Promise<void> {
  if (!ready) {
    ready = Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(() => undefined);
    // A failed start may be retried by the next render rather than poisoning the isolate.
    ready.catch(() => {
      ready = null;
    });
  }
  return ready;
}

/** The satori font list: one stable array per engine, so satori's per-array font cache parses each file once. */
function satoriFonts(files: FontFiles): Font[] {
  return [
    { name: "Lora", data: files.loraRegular, weight: 400, style: "normal" },
    { name: "Lora", data: files.loraItalic, weight: 400, style: "italic" },
    { name: "Lora", data: files.loraBold, weight: 700, style: "normal" },
    { name: "Inter", data: files.interRegular, weight: 400, style: "normal" },
    { name: "Inter", data: files.interSemiBold, weight: 600, style: "normal" },
    { name: "Inter", data: files.interBold, weight: 700, style: "normal" },
  ];
}

/**
 * The SVG drawn at exactly `output` pixels: its own width and height become the output's, its viewBox stays the layout,
 * and `preserveAspectRatio="none"` fills the whole picture. resvg's own scaling to a width rounds the height up, so a
 * 1179x2556 screen could get 2555 or 2557 rows.
 */
function drawnAt(svg: string, size: { width: number; height: number }, output: { width: number; height: number }): string {
  const own = `width="${size.width}" height="${size.height}"`;
  if (!svg.startsWith(`<svg ${own}`)) throw new Error("satori's SVG did not start with its own size");
  return `<svg width="${output.width}" height="${output.height}" preserveAspectRatio="none"${svg.slice(`<svg ${own}`.length)}`;
}

/** Builds an engine over the product's fonts. Cheap: nothing is initialised until the first renderPng. */
export function createImageEngine(files: FontFiles): ImageEngine {
  const fonts = satoriFonts(files);
  return {
    async renderPng(element, size, output = size.width): Promise<Uint8Array> {
      await initialise();
      const svg = await satori(element as Parameters<typeof satori>[0], { width: size.width, height: size.height, fonts });
      const resvg =
        typeof output === "number"
          ? new Resvg(fillGradientsDirectly(svg), { fitTo: { mode: "width", value: output } })
          : new Resvg(fillGradientsDirectly(drawnAt(svg, size, output)));
      const rendered = resvg.render();
      try {
        return encodePng(rendered.pixels, rendered.width, rendered.height);
      } finally {
        rendered.free();
        resvg.free();
      }
    },
  };
}
