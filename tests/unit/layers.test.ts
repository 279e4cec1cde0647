/**
 * The import layers, written once (docs/decisions/009-layers.md, 030-one-module-graph.md). A request flows one way:
 *
 *   worker/ ─(the Remix build)→ app/server/ and app/entry.server ─→ app/routes/ and app/root ─→ app/components/ and
 *   app/hooks/ ─→ app/modules/ (and the client-safe app/content/, app/styles.ts) ─→ db/
 *
 * A file imports only from its own layer or the ones after it. Besides:
 * - worker/ imports no app/ file at all: the app reaches the Worker through the build alone (030);
 * - components and hooks import no `*.server` module: they run in the browser too;
 * - the module folders depend one way: no two folders of app/modules/ import each other, directly or round a ring;
 * - only app/modules/payments/ imports Stripe (010), and only worker/ imports wasm (011);
 * - none of them imports bench/: the instrument measures the product from beside it (034).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOTS = ["app", "db", "worker"];
const LAYERS = ["db", "modules", "components", "routes", "server", "worker"] as const;
type Layer = (typeof LAYERS)[number];

function layerOf(file: string): Layer {
  if (file.startsWith("worker/")) return "worker";
  if (file.startsWith("db/")) return "db";
  if (file.startsWith("app/server/") || file === "app/entry.server.tsx") return "server";
  if (file.startsWith("app/routes/") || file === "app/root.tsx" || file === "app/entry.client.tsx") return "routes";
  if (file.startsWith("app/components/") || file.startsWith("app/hooks/")) return "components";
  return "modules";
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The repository file an import names, or the bare package name for a dependency. */
function resolveImport(from: string, specifier: string): { file: string } | { packageName: string } {
  const local = specifier.startsWith("~/")
    ? join("app", specifier.slice(2))
    : specifier.startsWith("#db/")
      ? join("db", specifier.slice(4))
      : specifier.startsWith(".")
        ? normalize(join(dirname(from), specifier))
        : null;
  if (local === null) return { packageName: specifier };
  for (const candidate of [local, `${local}.ts`, `${local}.tsx`, join(local, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return { file: candidate };
    } catch {}
  }
  return { file: local };
}

type Import = { from: string; specifier: string; target: { file: string } | { packageName: string } };

const imports: Import[] = ROOTS.flatMap(sourceFiles).flatMap((from) =>
  ts.preProcessFile(readFileSync(from, "utf8"), true, true).importedFiles.map(({ fileName: specifier }) => ({
    from,
    specifier,
    target: resolveImport(from, specifier),
  })),
);
const fileImports = imports.flatMap((entry) => ("file" in entry.target ? [{ ...entry, file: entry.target.file }] : []));
const describeImport = ({ from, specifier }: Import) => `${from} imports ${specifier}`;

/** The folder of app/modules/ a file belongs to, or null. */
function moduleFolder(file: string): string | null {
  return /^app\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Rings in a directed graph (Tarjan's strongly connected components of more than one node). */
function rings(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const ring: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) ring.push(member);
      } while (member && member !== node);
      if (ring.length > 1) found.push(ring.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the import layers", () => {
  it("reads the imports of the whole app", () => {
    expect(fileImports.some(({ from }) => from.startsWith("app/routes/"))).toBe(true);
    expect(fileImports.filter(({ file }) => !statSafe(file))).toEqual([]);
  });

  it("lets each file import only its own layer or the ones after it", () => {
    const upward = fileImports.filter(({ from, file }) => LAYERS.indexOf(layerOf(file)) > LAYERS.indexOf(layerOf(from)));
    expect(upward.map(describeImport)).toEqual([]);
  });

  it("keeps worker/ free of app code: the app reaches the Worker only through the Remix build", () => {
    const appInWorker = fileImports.filter(({ from, file }) => from.startsWith("worker/") && file.startsWith("app/"));
    expect(appInWorker.map(describeImport)).toEqual([]);
  });

  it("keeps the bench beside the product: nothing in app/, db/ or worker/ imports bench/", () => {
    const bench = fileImports.filter(({ file }) => file.startsWith("bench/"));
    expect(bench.map(describeImport)).toEqual([]);
  });

  it("keeps server-only modules out of components and hooks", () => {
    const serverInBrowser = fileImports.filter(({ from, file }) => layerOf(from) === "components" && /\.server(\.tsx?)?$/.test(file));
    expect(serverInBrowser.map(describeImport)).toEqual([]);
  });

  it("has module folders that depend one way: no two of them import each other, directly or round a ring", () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, file } of fileImports) {
      const [source, target] = [moduleFolder(from), moduleFolder(file)];
      if (!source || !target || source === target) continue;
      edges.set(source, (edges.get(source) ?? new Set()).add(target));
    }
    expect(edges.size).toBeGreaterThan(5);
    expect(rings(edges)).toEqual([]);
  });

  it("lets only the payments module talk to Stripe, and only worker/ import wasm", () => {
    const stripe = imports.filter(
      ({ from, target }) =>
        "packageName" in target && /^stripe(\/|$)/.test(target.packageName) && !from.startsWith("app/modules/payments/"),
    );
    const wasm = imports.filter(({ from, specifier }) => specifier.endsWith(".wasm") && !from.startsWith("worker/"));
    expect([...stripe, ...wasm].map(describeImport)).toEqual([]);
  });
});

function statSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
