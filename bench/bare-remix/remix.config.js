/**
 * A bare Remix v2 app (classic compiler) for the bench's baseline: the repo's remix.config.js without Tailwind,
 * the same future flags, Remix's default entry files. Built with the repo's node_modules (bench/bare-remix/serve.ts).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverDependenciesToBundle: "all",
  serverMinify: true,
  tailwind: false,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
