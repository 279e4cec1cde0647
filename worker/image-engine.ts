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

/** Draws an element laid out at `size`, to a PNG of that size or scaled to `outputWidth` pixels wide (a thumbnail). */
export type ImageEngine = {
  renderPng(element: ImageElement, size: { width: number; height: number }, outputWidth?: number): Promise<Uint8Array>;
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

/** Builds an engine over the product's fonts. Cheap: nothing is initialised until the first renderPng. */
export function createImageEngine(files: FontFiles): ImageEngine {
  const fonts = satoriFonts(files);
  return {
    async renderPng(element: ImageElement, size: { width: number; height: number }, outputWidth = size.width): Promise<Uint8Array> {
      await initialise();
      const svg = await satori(element as Parameters<typeof satori>[0], { width: size.width, height: size.height, fonts });
      const resvg = new Resvg(fillGradientsDirectly(svg), { fitTo: { mode: "width", value: outputWidth } });
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
