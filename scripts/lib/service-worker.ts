/**
 * Bundles the service worker (service-worker/sw.ts) into public/sw.js with esbuild, after `remix build`: the worker
 * precaches every file the build wrote under /build/, so it names them, and a version drawn from their hashed names
 * (docs/decisions/025-installable-offline.md). public/sw.js is generated and git-ignored; `npm run build`,
 * `npm start` and `npm test` write it.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { build } from "esbuild";

const SERVICE_WORKER_SOURCE = join("service-worker", "sw.ts");
export const SERVICE_WORKER_FILE = join("public", "sw.js");
const BUILD_DIR = join("public", "build");

/** Every file of the client build, as the URLs the pages load them from. */
function shellFiles(buildDir = BUILD_DIR): string[] {
  const files = readdirSync(buildDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/build/${relative(buildDir, join(entry.parentPath, entry.name)).split(sep).join("/")}`);
  if (files.length === 0) throw new Error(`${buildDir} is empty: run \`remix build\` before building the service worker`);
  return files.sort();
}

export async function buildServiceWorker(): Promise<{ code: string; files: string[]; version: string }> {
  const files = shellFiles();
  const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 12);
  const result = await build({
    entryPoints: [SERVICE_WORKER_SOURCE],
    bundle: true,
    format: "iife",
    target: "es2020",
    minify: true,
    write: false,
    define: { SHELL_FILES: JSON.stringify(files), SHELL_VERSION: JSON.stringify(version) },
    logLevel: "warning",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild wrote no service worker");
  return { code: output.text, files, version };
}
