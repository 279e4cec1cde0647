import { readFileSync } from "node:fs";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "../../worker/png";

/** Draws an SVG with resvg, as the card-image engine does, and returns its premultiplied pixels and its own PNG. */
function draw(svg: string) {
  const resvg = new Resvg(svg);
  const rendered = resvg.render();
  try {
    return { pixels: rendered.pixels, width: rendered.width, height: rendered.height, resvgPng: rendered.asPng() };
  } finally {
    rendered.free();
    resvg.free();
  }
}

const decoded = (png: Uint8Array) => PNG.sync.read(Buffer.from(png));

describe("encodePng (the card images' PNG encoder)", () => {
  beforeAll(async () => {
    await initWasm(readFileSync("node_modules/@resvg/resvg-wasm/index_bg.wasm"));
  });

  it("encodes exactly the picture resvg's own encoder does, opaque and translucent pixels alike", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">
      <rect width="60" height="80" fill="#FBF6EC"/>
      <circle cx="60" cy="40" r="30" fill="#E07357" fill-opacity="0.4"/>
      <linearGradient id="g"><stop offset="0" stop-color="#FCD77F"/><stop offset="1" stop-color="#1C2A5C" stop-opacity="0.2"/></linearGradient>
      <rect x="80" y="10" width="40" height="60" fill="url(#g)"/>
    </svg>`;
    const { pixels, width, height, resvgPng } = draw(svg);
    const ours = decoded(encodePng(pixels, width, height));
    const theirs = decoded(resvgPng);
    expect({ width: ours.width, height: ours.height }).toEqual({ width: 120, height: 80 });
    // The picture has every kind of pixel: transparent, translucent and opaque.
    const alphas = new Set(Array.from(theirs.data.filter((_, index) => index % 4 === 3)));
    expect(alphas.has(0) && alphas.has(255) && [...alphas].some((alpha) => alpha > 0 && alpha < 255)).toBe(true);
    expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
  });

  it("refuses pixels that do not match the size it is given", () => {
    expect(() => encodePng(new Uint8Array(10), 2, 2)).toThrow("expected 2x2 RGBA pixels");
  });
});
