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

/** The packages and the app's files whose code ends up in the landing's client script (entry, root and the index route). */
async function landingScript(): Promise<{ packages: Set<string>; appFiles: Set<string> }> {
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
  const appFiles = new Set<string>();
  // The first scripts only: a chunk loaded on demand (import()) is not the landing's cost.
  const loadedAtOnce = Object.entries(metafile.outputs).filter(([, output]) => !isDynamicOnly(output, metafile));
  for (const [, output] of loadedAtOnce) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      if (name) packages.add(name);
      else if (input.startsWith("app/")) appFiles.add(input);
    }
  }
  return { packages, appFiles };
}

type Metafile = NonNullable<Awaited<ReturnType<typeof build>>["metafile"]>;

/** A chunk that only dynamic imports reach (Speak's code, the toast's view). */
function isDynamicOnly(output: Metafile["outputs"][string], metafile: Metafile): boolean {
  const path = Object.entries(metafile.outputs).find(([, candidate]) => candidate === output)?.[0];
  const importers = Object.values(metafile.outputs).flatMap((candidate) => candidate.imports.filter((entry) => entry.path === path));
  return importers.length > 0 && importers.every((entry) => entry.kind === "dynamic-import");
}

describe("the landing's client script", () => {
  it("carries React and Remix but not zod, which only the server and other pages' forms use", async () => {
    const { packages } = await landingScript();
    expect(packages).toContain("react-dom");
    expect(packages).toContain("@remix-run/react");
    expect([...packages].filter((name) => name === "zod" || name.startsWith("@conform-to/"))).toEqual([]);
  });

  it("carries no text only other pages show: the policies' words, Speak's reading code", async () => {
    const { appFiles } = await landingScript();
    expect(appFiles).toContain("app/content/legal-links.ts");
    expect([...appFiles].filter((file) => file === "app/content/legal.ts" || file.startsWith("app/modules/speech/"))).toEqual([
      "app/modules/speech/speech-on-demand.ts",
    ]);
  });
});
