/**
 * Module types for what wrangler bundles into the Worker (wrangler.toml `[[rules]]`). The font pattern is narrower
 * than Remix's `*.woff` (a URL string in app/ code), so it wins for worker/fonts.ts.
 */
declare module "@fontsource/*.woff" {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
