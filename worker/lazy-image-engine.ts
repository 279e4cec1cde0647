/**
 * The image engine, imported on its first render rather than with the Worker (docs/decisions/035-cold-start.md).
 * wrangler's esbuild keeps a module reached only through `import()` in the same file but wraps it in a function that
 * runs on the first call, so satori and resvg's bindings are parsed with the Worker and evaluated only by an isolate
 * that draws a card. The wasm modules stay static imports of the upload (workerd compiles them when it loads the
 * Worker, about 10 ms); the engine instantiates them on its first render (017).
 */
import type { FontFiles } from "./fonts";
import type { ImageEngine } from "./image-engine";

/** One engine per isolate: it holds no binding or secret, only the bundled fonts and wasm. */
export function lazyImageEngine(fonts: FontFiles): ImageEngine {
  let engine: Promise<ImageEngine> | null = null;
  return {
    async renderPng(element, size, output) {
      engine ??= import("./image-engine").then(({ createImageEngine }) => createImageEngine(fonts));
      return (await engine).renderPng(element, size, output);
    },
  };
}
