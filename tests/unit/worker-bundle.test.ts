/**
 * One module graph (docs/decisions/030-one-module-graph.md): the Worker entry reaches the app only through the Remix
 * server build. An app module that worker/ imported directly would be compiled a second time beside the build, with
 * module state of its own (a second copy of the experiment settings or of the public collection's snapshot).
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { build, type Plugin } from "esbuild";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { WorkerHandlers as AppHandlers, WorkerPlatform } from "~/server/worker.server";
import type { fontFiles } from "../../worker/fonts";
import type { createImageEngine } from "../../worker/image-engine";
import type { WorkerHandlers } from "../../worker/index";

/** The Remix server build stays out: this bundle is what wrangler compiles beside it. */
const serverBuildAside: Plugin = {
  name: "server-build-aside",
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/build\/server\/index\.js$/ }, ({ path }) => ({ path, external: true }));
  },
};

describe("the Worker bundle", () => {
  it("compiles no app/ module outside the Remix server build", async () => {
    const { metafile } = await build({
      entryPoints: ["worker/index.ts"],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
      external: ["node:*", "cloudflare:*"],
      loader: { ".wasm": "empty", ".woff": "empty" },
      plugins: [serverBuildAside],
      logLevel: "silent",
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("worker/index.ts");
    expect(inputs.filter((input) => input.startsWith("app/") || input.startsWith("db/"))).toEqual([]);
  });

  it("hands createWorker what the app asks for, and serves what the app returns", () => {
    type WorkerArguments = { build: ServerBuild; fonts: typeof fontFiles; imageEngine: ReturnType<typeof createImageEngine> };
    expectTypeOf<WorkerArguments>().toMatchTypeOf<WorkerPlatform>();
    expectTypeOf<AppHandlers>().toMatchTypeOf<WorkerHandlers>();
  });
});
