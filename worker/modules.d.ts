/**
 * Module types for what wrangler bundles into the Worker: `.wasm` imports are compiled modules (wrangler's default
 * rule). The `.woff` rule's type (an ArrayBuffer) is generated into worker-configuration.d.ts by `npm run types`.
 */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
