/**
 * The Worker's cold start (docs/decisions/035-cold-start.md): what a fresh isolate pays before it
 * answers its first `/`, measured on the bundle `wrangler deploy --dry-run` writes, in Miniflare as
 * scripts/e2e-server.ts runs it (the same bindings, a migrated and seeded local D1 of its own, no edge cache).
 *
 * Each sample is a new Miniflare, so a new workerd and a new isolate. Its main module is a probe (as `wrangler check
 * startup` does) that imports the Worker only when asked, so the phases come apart:
 * - ready: from `new Miniflare` to ready (a new workerd process; it compiles the upload's wasm modules as it loads the
 *   Worker, so a request that imports them costs nothing more: their compile time is read from V8 in Node);
 * - evaluate: the request that imports the Worker's main module (parse and evaluate of index.js and what it imports
 *   statically), less an empty request's time;
 * - first `/`: the first landing page the isolate renders, after that import, and a later one for comparison.
 * Runnable on its own: `npx tsx bench/lib/cold-start.ts [bundle dir]` after `npx remix build`.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { offlineWranglerEnv, run } from "../../scripts/lib/run";
import { BROWSER_UA } from "./throughput";

const SAMPLES = Number(process.env.COLD_START_SAMPLES ?? 5);
const PROBE = "cold-start-probe.js";
const ORIGIN = "http://127.0.0.1";

/**
 * The probe: `/__probe/noop` answers without the Worker, `/__probe/wasm` imports the upload's wasm modules (workerd
 * compiles one when it is first imported), `/__probe/import` imports the Worker, anything else goes to the Worker.
 */
const probeSource = (wasmFiles: string[]) => `
let worker;
const load = async () => (worker ??= (await import("./index.js")).default);
export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/__probe/noop") return new Response("ok");
    if (pathname === "/__probe/wasm") { await Promise.all(${JSON.stringify(wasmFiles)}.map((file) => import("./" + file))); return new Response("compiled"); }
    if (pathname === "/__probe/import") { await load(); return new Response("imported"); }
    return (await load()).fetch(request, env, ctx);
  },
};
`;

type ModuleFile = { type: "ESModule" | "CompiledWasm" | "Data"; path: string };

/** The upload's files as Miniflare modules, the probe first (scripts/e2e-server.ts lists them the same way). */
function bundleModules(dir: string): ModuleFile[] {
  const types = { ".js": "ESModule", ".wasm": "CompiledWasm", ".woff": "Data" } as const;
  return listFiles(dir).flatMap((path) => {
    const type = Object.entries(types).find(([extension]) => path.endsWith(extension))?.[1];
    if (!type) return [];
    return [{ type, path: resolve(path) }];
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** The upload by part, raw and gzip: the JavaScript modules one by one, the wasm, the fonts. */
export function bundleParts(dir: string) {
  const parts = new Map<string, { raw: number; gzip: number }>();
  for (const path of listFiles(dir)) {
    const name = path.slice(dir.length + 1);
    const part = name.endsWith(".wasm") ? "wasm" : name.endsWith(".woff") ? "fonts" : /\.m?js$/.test(name) ? name : null;
    if (!part) continue;
    const bytes = readFileSync(path);
    const sum = parts.get(part) ?? { raw: 0, gzip: 0 };
    parts.set(part, { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes, { level: 9 }).length });
  }
  return parts;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function fetchOk(mf: Miniflare, path: string) {
  const response = await mf.dispatchFetch(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

type Sample = { ready: number; noop: number; wasm: number; evaluate: number; firstLanding: number; laterLanding: number };

async function sample(bundleDir: string, persistTo: string): Promise<Sample> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const modules = bundleModules(bundleDir);
  const wasmFiles = modules
    .filter((module) => module.type === "CompiledWasm")
    .map((module) => module.path.slice(resolve(bundleDir).length + 1));
  const [ready, mf] = await timed(async () => {
    const instance = new Miniflare({
      ...workerOptions,
      name: "light-cards",
      modules: [{ type: "ESModule", path: resolve(bundleDir, PROBE), contents: probeSource(wasmFiles) }, ...modules],
      modulesRoot: resolve(bundleDir),
      bindings: { ...workerOptions.bindings, ENVIRONMENT: "development", APP_ORIGIN: ORIGIN },
      defaultPersistRoot: resolve(persistTo, "v3"),
      cache: false,
      log: new Log(LogLevel.ERROR),
    });
    await instance.ready;
    return instance;
  });
  try {
    const [noop] = await timed(() => fetchOk(mf, "/__probe/noop"));
    const [wasm] = await timed(() => fetchOk(mf, "/__probe/wasm"));
    const [importing] = await timed(() => fetchOk(mf, "/__probe/import"));
    const [firstLanding] = await timed(() => fetchOk(mf, "/"));
    const [laterLanding] = await timed(() => fetchOk(mf, "/?again=1"));
    return { ready, noop, wasm: wasm - noop, evaluate: importing - noop, firstLanding, laterLanding };
  } finally {
    await mf.dispose();
  }
}

export type ColdStartFigures = Sample & { samples: number; parts: ReturnType<typeof bundleParts>; wasmCompileInV8: number };

/**
 * workerd compiles the wasm modules before the Worker runs, out of a request's sight, so their cost is read from the
 * same engine in Node instead: the first compile of each module in this process (V8 caches later ones).
 */
function compileWasmOnce(bundleDir: string): number {
  const start = performance.now();
  for (const path of listFiles(bundleDir).filter((file) => file.endsWith(".wasm"))) new WebAssembly.Module(readFileSync(path));
  return performance.now() - start;
}

/**
 * Medians over SAMPLES fresh isolates of the bundle in `bundleDir` (written by `wrangler deploy --dry-run --outdir`),
 * against a local D1 migrated and seeded once in a state directory of its own.
 */
export async function timeColdStart(bundleDir: string): Promise<ColdStartFigures> {
  Object.assign(process.env, offlineWranglerEnv);
  const persistTo = "/tmp/light-cards-cold-start-state";
  rmSync(persistTo, { recursive: true, force: true });
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { CI: "true" });
  const { seedLocalDatabase } = await import("../../scripts/seed");
  await seedLocalDatabase({ persistTo });

  const wasmCompileInV8 = compileWasmOnce(bundleDir);
  const samples: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await sample(bundleDir, persistTo));
  const of = (key: keyof Sample) => median(samples.map((one) => one[key]));
  return {
    ready: of("ready"),
    wasm: of("wasm"),
    noop: of("noop"),
    evaluate: of("evaluate"),
    firstLanding: of("firstLanding"),
    laterLanding: of("laterLanding"),
    samples: samples.length,
    wasmCompileInV8,
    parts: bundleParts(bundleDir),
  };
}

export function describeColdStart(figures: ColdStartFigures): string[] {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const total = [...figures.parts.values()].reduce((sum, part) => sum + part.gzip, 0);
  return [
    `Cold start of a fresh isolate (Miniflare, the deployed bundle, median of ${figures.samples}):`,
    `  Miniflare and workerd ready ${ms(figures.ready)}; an empty request ${ms(figures.noop)}`,
    `  the wasm modules: importing them costs a request ${ms(figures.wasm)} (workerd compiled them before it was ready; V8 in Node compiles them in ${ms(figures.wasmCompileInV8)})`,
    `  the Worker's script parsed and evaluated ${ms(figures.evaluate)}`,
    `  first / of the isolate ${ms(figures.firstLanding)}, a later / ${ms(figures.laterLanding)}`,
    `  so the first / costs ${ms(figures.evaluate + figures.firstLanding)} after ready; the upload, ${kib(total)} gzip:`,
    ...[...figures.parts.entries()].map(([part, size]) => `    ${part.padEnd(28)} ${kib(size.raw).padStart(9)} (gzip ${kib(size.gzip)})`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundleDir = process.argv[2] ?? "/tmp/light-cards-cold-start-bundle";
  if (!process.argv[2]) {
    rmSync(bundleDir, { recursive: true, force: true });
    await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", bundleDir], { WRANGLER_LOG: "warn" });
  }
  for (const line of describeColdStart(await timeColdStart(bundleDir))) console.log(line);
}
