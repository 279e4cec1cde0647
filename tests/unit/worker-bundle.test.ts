/**
 * One module graph (docs/decisions/030-one-module-graph.md): the Worker entry reaches the app only through the Remix
 * server build. An app module that worker/ imported directly would be compiled a second time beside the build, with
 * module state of its own (a second copy of the experiment settings or of the public collection's snapshot).
 *
 * A cold start that does not pay for images and the PDF (docs/decisions/035-cold-start.md): both bundlers (wrangler's
 * esbuild for worker/, the Remix compiler's for app/) put a module that is only reached through `import()` in a lazily
 * evaluated wrapper, and evaluate everything reached through static imports when the isolate starts. So the image
 * engine and the PDF builder must be reachable from the entries through a dynamic import only.
 */
import { readdirSync } from "node:fs";
import type { ServerBuild } from "@remix-run/cloudflare";
import { build, type Metafile, type Plugin } from "esbuild";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { WorkerHandlers as AppHandlers, WorkerPlatform } from "~/server/worker.server";
import type { fontFiles } from "../../worker/fonts";
import type { WorkerHandlers } from "../../worker/index";
import type { lazyImageEngine } from "../../worker/lazy-image-engine";

/** The Remix server build stays out: this bundle is what wrangler compiles beside it. */
const serverBuildAside: Plugin = {
  name: "server-build-aside",
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/build\/server\/index\.js$/ }, ({ path }) => ({ path, external: true }));
  },
};

/** Bundled as wrangler and the Remix compiler bundle for workerd (remix.config.js), for the metafile only. */
async function metafileOf(
  entryPoints: string[],
  { plugins = [], packagesExternal = false }: { plugins?: Plugin[]; packagesExternal?: boolean } = {},
): Promise<Metafile> {
  const { metafile } = await build({
    entryPoints,
    packages: packagesExternal ? "external" : undefined,
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    outdir: "out",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    external: ["node:*", "cloudflare:*"],
    loader: { ".wasm": "empty", ".woff": "empty", ".woff2": "empty", ".css": "empty", ".svg": "empty" },
    plugins,
    logLevel: "silent",
  });
  return metafile;
}

/**
 * The modules evaluated when the bundle starts: every input (and package left external) the entries reach without
 * passing through an `import()`.
 */
function evaluatedAtStart(metafile: Metafile, entries: string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (input: string) => {
    if (reached.has(input)) return;
    reached.add(input);
    for (const { path, kind } of metafile.inputs[input]?.imports ?? []) if (kind !== "dynamic-import") visit(path);
  };
  for (const entry of entries) visit(entry);
  return reached;
}

const IMAGE_ENGINE = /^worker\/image-engine\.ts$|node_modules\/(satori|@resvg\/resvg-wasm)\//;
const PDF_BUILDER = /^app\/modules\/pdf\/collection-pdf\.server\.ts$|^(pdf-lib|@pdf-lib\/[^/]+)$/;

describe("the Worker bundle", () => {
  it("compiles no app/ module outside the Remix server build", async () => {
    const metafile = await metafileOf(["worker/index.ts"], { plugins: [serverBuildAside] });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("worker/index.ts");
    expect(inputs.filter((input) => input.startsWith("app/") || input.startsWith("db/"))).toEqual([]);
  });

  it("bundles the image engine (satori, resvg) but evaluates it only on the first render, not at the isolate's start", async () => {
    const metafile = await metafileOf(["worker/index.ts"], { plugins: [serverBuildAside] });
    expect(Object.keys(metafile.inputs).filter((input) => IMAGE_ENGINE.test(input)).length).toBeGreaterThan(2);
    expect([...evaluatedAtStart(metafile, ["worker/index.ts"])].filter((input) => IMAGE_ENGINE.test(input))).toEqual([]);
  });

  it("builds the PDF with the app but evaluates pdf-lib and fontkit only on the first PDF, not at the isolate's start", async () => {
    // The Remix server build imports the server entry, the root and every route statically.
    const routes = readdirSync("app/routes", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `app/routes/${file}`);
    const entries = ["app/entry.server.tsx", "app/root.tsx", ...routes];
    // Packages stay external (app/ is what the check is about, and it is faster): pdf-lib appears as its import name.
    const metafile = await metafileOf(entries, { packagesExternal: true });
    const bundled = Object.values(metafile.inputs).flatMap(({ imports }) => imports.map(({ path }) => path));
    expect(new Set([...Object.keys(metafile.inputs), ...bundled].filter((input) => PDF_BUILDER.test(input)))).toEqual(
      new Set(["app/modules/pdf/collection-pdf.server.ts", "pdf-lib", "@pdf-lib/fontkit"]),
    );
    expect([...evaluatedAtStart(metafile, entries)].filter((input) => PDF_BUILDER.test(input))).toEqual([]);
  });

  it("hands createWorker what the app asks for, and serves what the app returns", () => {
    type WorkerArguments = { build: ServerBuild; fonts: typeof fontFiles; imageEngine: ReturnType<typeof lazyImageEngine> };
    expectTypeOf<WorkerArguments>().toMatchTypeOf<WorkerPlatform>();
    expectTypeOf<AppHandlers>().toMatchTypeOf<WorkerHandlers>();
  });
});
