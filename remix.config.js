/**
 * Remix classic compiler, built for a Cloudflare Worker (see docs/decisions/001-remix-classic-on-workers.md).
 * The server build is plain ESM that `worker/index.ts` imports; wrangler bundles the result with the wasm and fonts.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  // Everything is bundled: the Worker reaches the app only through this build (docs/decisions/030-one-module-graph.md).
  serverDependenciesToBundle: "all",
  serverMinify: true,
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
