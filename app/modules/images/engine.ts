/**
 * What the Worker hands the app for drawing cards (client-safe types only). Wasm (satori's yoga, resvg) and font
 * files can only be imported where wrangler bundles (worker/): the Remix compiler would turn them into URL strings.
 * So worker/ builds these and app/ receives them through the load context (docs/decisions/017).
 */

/** The fonts the product ships from npm (@fontsource .woff files, read as bytes): no font CDN anywhere. */
export type FontFiles = {
  loraRegular: ArrayBuffer;
  loraItalic: ArrayBuffer;
  loraBold: ArrayBuffer;
  interRegular: ArrayBuffer;
  interSemiBold: ArrayBuffer;
  interBold: ArrayBuffer;
};

/** A satori element: the shape React.createElement returns, written as plain data. */
export type ImageElement = { type: string; props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown } };

/**
 * Draws an element laid out at `size`, to a PNG of that size, or scaled to `output` pixels wide (a thumbnail), or drawn
 * at exactly `output`'s width and height (a phone wallpaper at the phone's own size: laid out in nearly its
 * proportions, worker/image-engine.ts stretches it by less than a pixel).
 */
export type ImageEngine = {
  renderPng(
    element: ImageElement,
    size: { width: number; height: number },
    output?: number | { width: number; height: number },
  ): Promise<Uint8Array>;
};
