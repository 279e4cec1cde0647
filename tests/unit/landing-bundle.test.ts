/**
 * What the landing's client script holds (docs/decisions/036-landing-lcp.md): the landing is most first visits, and
 * every module it loads is parsed, evaluated and hydrated on the visitor's phone while Lighthouse counts the blocking
 * time. zod alone was 93 of its 199 kB gzip, pulled in by a schema beside a helper the cards use; only the server and
 * other pages' forms need it.
 */
import { readFileSync } from "node:fs";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The Remix compiler's browser build, reduced to what decides the module graph: a route module keeps only its
 * browser exports (the loader and what only it imports are shaken out), and `.server` modules and the server runtime
 * are empty.
 */
const BROWSER_EXPORTS = ["default", "ErrorBoundary", "HydrateFallback", "Layout", "handle", "links", "meta", "shouldRevalidate"];

const remixBrowserBuild: Plugin = {
  name: "remix-browser-build",
  setup(esbuild) {
    esbuild.onResolve({ filter: /\.server(\.tsx?)?$|^@remix-run\/cloudflare$/ }, ({ path }) => ({ path, namespace: "empty" }));
    esbuild.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "module.exports = {};", loader: "js" }));
    esbuild.onResolve({ filter: /^browser-route:/ }, ({ path }) => ({ path: path.slice("browser-route:".length), namespace: "route" }));
    esbuild.onLoad({ filter: /.*/, namespace: "route" }, ({ path }) => {
      const source = readFileSync(path, "utf8");
      const kept = BROWSER_EXPORTS.filter((name) =>
        name === "default" ? /export default /.test(source) : new RegExp(`export (async )?(function|const) ${name}\\b`).test(source),
      );
      return { contents: `export { ${kept.join(", ")} } from ${JSON.stringify(`./${path}`)};`, resolveDir: process.cwd(), loader: "js" };
    });
  },
};

/** The packages whose code ends up in the landing's client script (entry, root and the index route). */
async function packagesInLandingScript(): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: ["app/entry.client.tsx", "browser-route:app/root.tsx", "browser-route:app/routes/_index.tsx"],
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    format: "esm",
    outdir: "out",
    platform: "browser",
    jsx: "automatic",
    loader: { ".css": "empty", ".svg": "empty", ".woff2": "empty" },
    plugins: [remixBrowserBuild],
    logLevel: "silent",
  });
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      if (name && bytesInOutput > 0) packages.add(name);
    }
  }
  return packages;
}

describe("the landing's client script", () => {
  it("carries React and Remix but not zod, which only the server and other pages' forms use", async () => {
    const packages = await packagesInLandingScript();
    expect(packages).toContain("react-dom");
    expect(packages).toContain("@remix-run/react");
    expect([...packages].filter((name) => name === "zod" || name.startsWith("@conform-to/"))).toEqual([]);
  });
});
