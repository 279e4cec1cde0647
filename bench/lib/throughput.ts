/**
 * Throughput of the app's pages against a constant Worker that answers the very same bytes, both under the project's
 * own wrangler on this machine, measured side by side (absolute times here are noise; the ratio is the figure). Both
 * are served by wrangler's dev server without its DevTools inspector (scripts/lib/serve-without-inspector.ts), which
 * would otherwise charge the app, and only the app, for every D1 query it makes.
 * Used by bench/bench.ts against its running app.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { offlineWranglerEnv } from "../../scripts/lib/run";

/** A person's browser: Node's own user agent counts as a bot, which the landing page treats apart. */
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const CONNECTIONS = 8;
const WINDOW_MS = 3000;
const ROUNDS = 3;

type Page = { path: string; body: string; contentType: string };

/** Requests completed per second by CONNECTIONS loops over `urls()` for `ms`. */
async function requestsPerSecond(urls: () => string, headers: Record<string, string>, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const response = await fetch(urls(), { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
        done++;
      }
    }),
  );
  return (done * 1000) / ms;
}

/**
 * Starts a Worker that answers each captured path with its bytes, in a directory of its own (not this wrangler.toml).
 * `withAssets`: behind the same static-asset router as the app (`[assets]` with the app's public/ directory). Under
 * wrangler dev that router runs in the Worker's own process and its CPU counts against the app's throughput; in
 * production Cloudflare runs it outside the Worker, unbilled. The second baseline shows how much of a gap it is.
 */
async function startConstantWorker(pages: Page[], port: string, options: { withAssets: boolean }): Promise<() => void> {
  const dir = `/tmp/light-cards-bench-constant${options.withAssets ? "-assets" : ""}`;
  mkdirSync(dir, { recursive: true });
  const table = Object.fromEntries(pages.map((page) => [page.path, { body: page.body, type: page.contentType }]));
  writeFileSync(
    join(dir, "index.js"),
    `const pages = ${JSON.stringify(table)};
export default {
  fetch(request) {
    const page = pages[new URL(request.url).pathname];
    return page ? new Response(page.body, { headers: { "Content-Type": page.type } }) : new Response("Not found", { status: 404 });
  },
};
`,
  );
  const assets = options.withAssets ? `[assets]\ndirectory = ${JSON.stringify(resolve("public"))}\nbinding = "ASSETS"\n` : "";
  writeFileSync(join(dir, "wrangler.toml"), `name = "constant"\nmain = "index.js"\ncompatibility_date = "2026-04-01"\n${assets}`);
  // Served as the app is, by wrangler's dev server without its inspector (scripts/lib/serve-without-inspector.ts).
  const server = spawn(resolve("node_modules/.bin/tsx"), [resolve("scripts/lib/serve-without-inspector.ts"), "wrangler.toml", port], {
    cwd: dir,
    env: { ...process.env, ...offlineWranglerEnv },
    stdio: "ignore",
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${origin}${pages[0]?.path ?? "/"}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  };
}

/** A page measured against the constant Worker; `target` is the ratio for it (none: reported only). */
export type ThroughputCase = { label: string; path: string; headers?: Record<string, string>; cold?: boolean; target?: number };
type ThroughputRow = {
  label: string;
  app: number;
  constant: number;
  ratio: number;
  /** The same constant Worker behind the app's static-asset router (startConstantWorker), and the app's ratio to it. */
  constantWithAssets: number;
  ratioWithAssets: number;
  target?: number;
};

/**
 * For each case: the app's requests per second and the constant Worker's for the same bytes (bare, and behind the
 * app's static-asset router), in alternating windows. `cold` cases ask for a new URL each time (a query the page
 * ignores), so the app's edge cache never holds it.
 */
export async function timeThroughput(
  appOrigin: string,
  cases: ThroughputCase[],
  constantPort = process.env.BENCH_CONSTANT_PORT ?? "8796",
  constantWithAssetsPort = process.env.BENCH_ASSETS_CONSTANT_PORT ?? "8795",
): Promise<ThroughputRow[]> {
  const pages: Page[] = [];
  for (const entry of cases) {
    const headers = { "User-Agent": BROWSER_UA, ...entry.headers };
    await (await fetch(`${appOrigin}${entry.path}`, { headers })).arrayBuffer(); // the first visit fills the cache
    const response = await fetch(`${appOrigin}${entry.path}`, { headers });
    pages.push({ path: entry.path, body: await response.text(), contentType: response.headers.get("Content-Type") ?? "text/html" });
  }
  const stops = [
    await startConstantWorker(pages, constantPort, { withAssets: false }),
    await startConstantWorker(pages, constantWithAssetsPort, { withAssets: true }),
  ];
  const constantOrigin = `http://127.0.0.1:${constantPort}`;
  const withAssetsOrigin = `http://127.0.0.1:${constantWithAssetsPort}`;
  try {
    const rows: ThroughputRow[] = [];
    for (const entry of cases) {
      const headers = { "User-Agent": BROWSER_UA, ...entry.headers };
      let n = 0;
      const appUrl = () =>
        entry.cold
          ? `${appOrigin}${entry.path}${entry.path.includes("?") ? "&" : "?"}cold=${Date.now()}-${n++}`
          : `${appOrigin}${entry.path}`;
      let app = 0;
      let constant = 0;
      let constantWithAssets = 0;
      for (let round = 0; round < ROUNDS; round++) {
        app += await requestsPerSecond(appUrl, headers, WINDOW_MS);
        constant += await requestsPerSecond(() => `${constantOrigin}${entry.path}`, {}, WINDOW_MS);
        constantWithAssets += await requestsPerSecond(() => `${withAssetsOrigin}${entry.path}`, {}, WINDOW_MS);
      }
      rows.push({
        label: entry.label,
        app: app / ROUNDS,
        constant: constant / ROUNDS,
        ratio: app / constant,
        constantWithAssets: constantWithAssets / ROUNDS,
        ratioWithAssets: app / constantWithAssets,
        target: entry.target,
      });
    }
    return rows;
  } finally {
    for (const stop of stops) stop();
  }
}

/**
 * The rows: a visitor's pages (a new visitor sends no cookie at all, so every request is a first visit), the
 * forms a visitor opens, and a buyer's pages, each with its target ratio.
 */
export function visitorAndBuyerCases(input: {
  returningVisitor: Record<string, string>;
  sharePath: string;
  buyer: Record<string, string>;
  cardPath: string;
}): ThroughputCase[] {
  return [
    { label: "/ (new visitor, no cookie)", path: "/", target: 0.7 },
    { label: "/ (returning visitor)", path: "/", headers: input.returningVisitor, target: 0.85 },
    { label: "/sample-card (new visitor)", path: "/sample-card", target: 0.7 },
    { label: "a share page (new visitor)", path: input.sharePath, target: 0.7 },
    { label: "/api/cards (new visitor)", path: "/api/cards", target: 0.7 },
    { label: "/login (new visitor)", path: "/login" },
    { label: "/register (new visitor)", path: "/register" },
    { label: "/checkout (new visitor)", path: "/checkout" },
    { label: "/cards (a buyer)", path: "/cards", headers: input.buyer, target: 0.5 },
    { label: "/cards/{id} (a buyer)", path: input.cardPath, headers: input.buyer, target: 0.5 },
    { label: "/dashboard (a buyer)", path: "/dashboard", headers: input.buyer, target: 0.5 },
  ];
}

/** The rows of every table in the local D1 and KV state, one line each (sqlite3's dump), by store. */
function storedRows(stateDir: string): { d1: Set<string>; kv: Set<string> } {
  const rowsOf = (kind: "d1" | "kv", objectDir: string) => {
    const dir = join(stateDir, "v3", kind, objectDir);
    const rows = new Set<string>();
    if (!existsSync(dir)) return rows;
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
      const dump = execFileSync("sqlite3", ["-readonly", join(dir, file), ".dump"], { encoding: "utf8", maxBuffer: 1 << 28 });
      for (const line of dump.split("\n")) if (isStoredRow(line)) rows.add(`${file} ${line}`);
    }
    return rows;
  };
  return { d1: rowsOf("d1", "miniflare-D1DatabaseObject"), kv: rowsOf("kv", "miniflare-KVNamespaceObject") };
}

/** The queues deliver a batch within their max_batch_timeout (wrangler.toml: at most 2 s). */
function queuesSettle(): Promise<void> {
  return new Promise((resolveWait) => setTimeout(resolveWait, 4000));
}

/** A row of the app's data: not SQLite's own counters (`sqlite_sequence`) nor workerd's (`_cf_METADATA`). */
function isStoredRow(dumpLine: string): boolean {
  return dumpLine.startsWith("INSERT INTO") && !/^INSERT INTO "?(sqlite_sequence|_cf_)/.test(dumpLine);
}

/** The tables only the events queue's consumer writes, in batches (docs/decisions/020-ab-tests.md, Counting). */
const EVENT_TABLES = /INSERT INTO "?ab_event/;

/**
 * KV and D1 rows written (added or changed) while `landings` new visitors each open `/` (the landing loads nothing
 * else from the Worker: its scripts, styles and icons are static files), read from the local state itself (sqlite3
 * over wrangler's files) before and after, so nothing in the app counts for itself. The events the landings queue are
 * written by the queue's consumer a moment later, in batches: counted apart.
 */
export async function countVisitorLandingWrites(appOrigin: string, stateDir: string, landings = 20) {
  // What earlier steps queued (their emails, their events) is written first, and is not counted.
  await queuesSettle();
  const before = storedRows(stateDir);
  for (let visitor = 0; visitor < landings; visitor++) {
    const page = await fetch(`${appOrigin}/`, { headers: { "User-Agent": BROWSER_UA } });
    await page.arrayBuffer();
    if (!page.ok) throw new Error(`/ answered ${page.status}`);
  }
  await queuesSettle();
  const after = storedRows(stateDir);
  const written = (kind: "d1" | "kv") => [...after[kind]].filter((row) => !before[kind].has(row));
  const d1 = written("d1");
  return {
    landings,
    kvWrites: written("kv").length,
    d1Writes: d1.filter((row) => !EVENT_TABLES.test(row)).length,
    eventRows: d1.filter((row) => EVENT_TABLES.test(row)).length,
  };
}
