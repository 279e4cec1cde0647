/**
 * Throughput of the app's pages against a constant Worker that answers the very same bytes, both under the project's
 * own wrangler on this machine, measured side by side (absolute times here are noise; the ratio is the figure). Both
 * are served by wrangler's dev server without its DevTools inspector (scripts/lib/serve-without-inspector.ts), which
 * would otherwise charge the app, and only the app, for every D1 query it makes.
 * Used by bench/bench.ts against its running app.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { offlineWranglerEnv } from "../../scripts/lib/run";

/** A person's browser: Node's own user agent counts as a bot, which the landing page treats apart. */
export const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const CONNECTIONS = 8;
/** A window's length and the rounds of app and constant windows; by hand, more and shorter rounds when the load moves. */
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Page = { path: string; body: string; contentType: string };

/** What one window measured: requests per second, the client's own CPU per request (Node's, user + system), and the server's. */
type Window = { perSecond: number; clientCpuMs: number; serverCpuMs: number };

/**
 * The CPU time (ms, user + system) the workerd processes of the server listening on `port` have used: the server's
 * process group (wrangler's proxy and the Worker's own runtime), found from the listening socket. A figure the
 * machine's load moves far less than requests per second; NaN when the socket's owner is not ours to read.
 */
function serverCpuMs(port: string): number {
  const owner = /pid=(\d+)/.exec(execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }))?.[1];
  if (!owner) return Number.NaN;
  const statOf = (pid: string) => {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" "); // fields from the third on
    return {
      comm: text.slice(text.indexOf("(") + 1, text.lastIndexOf(")")),
      group: fields[2],
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  };
  const group = statOf(owner).group;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = statOf(pid);
      if (stat.group === group && stat.comm === "workerd") ticks += stat.ticks;
    } catch {
      // gone since the listing
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/**
 * Requests completed per second by CONNECTIONS keep-alive connections (node:http), each sending its next request
 * once the last answer's every byte is read, for `ms`. A light client: Node's `fetch` with `arrayBuffer()` cost
 * 3.2 ms of CPU a request and capped even the constant Worker (docs/performance.md, "The landing as a light client
 * reads it"); this one's own CPU per request is measured and printed beside the figures.
 */
async function requestsPerSecond(url: () => string, headers: () => Record<string, string>, ms: number): Promise<Window> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = (target: string) =>
    new Promise<void>((resolveGet, rejectGet) => {
      const request = httpGet(target, { agent, headers: headers() }, (response) => {
        let failure = "";
        // Every byte read; kept only from a failed answer, to say what failed.
        response.on("data", (chunk: Buffer) => {
          if (response.statusCode !== 200 && failure.length < 2000) failure += chunk.toString();
        });
        response.on("end", () =>
          response.statusCode === 200 ? resolveGet() : rejectGet(new Error(`${target} answered ${response.statusCode}: ${failure}`)),
        );
        response.on("error", rejectGet);
      });
      request.on("error", rejectGet);
    });
  const port = new URL(url()).port;
  const cpuBefore = process.cpuUsage();
  const serverBefore = serverCpuMs(port);
  const deadline = Date.now() + ms;
  let done = 0;
  const failures: unknown[] = [];
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          await get(url()).then(
            () => done++,
            (error: unknown) => failures.push(error),
          );
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  // wrangler's dev server, loaded hard, now and then loses the connection between its own processes ("Network
  // connection lost", a 500 the Worker never saw): a rare one is not counted; more, and the figure means nothing.
  if (failures.length > 0) console.error(`${failures.length} of ${done + failures.length} failed: ${String(failures[0]).slice(0, 200)}`);
  if (failures.length > done / 20) throw failures[0];
  const cpu = process.cpuUsage(cpuBefore);
  const perRequest = (total: number) => total / Math.max(done, 1);
  return {
    perSecond: (done * 1000) / ms,
    clientCpuMs: perRequest((cpu.user + cpu.system) / 1000),
    serverCpuMs: perRequest(serverCpuMs(port) - serverBefore),
  };
}

/** A new visitor each request: an address of its own, as a million visitors would come from (the minting limit is per address). */
let nextAddress = 0;
export function newVisitorAddress(): Record<string, string> {
  nextAddress++;
  return { "CF-Connecting-IP": `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}` };
}

/**
 * Starts a Worker that answers each captured path with its bytes, in a directory of its own (not this wrangler.toml).
 * `withAssets`: behind the same static-asset router as the app (`[assets]` with the app's public/ directory). Under
 * wrangler dev that router runs in the Worker's own process and its CPU counts against the app's throughput; in
 * production Cloudflare runs it outside the Worker, unbilled. The second baseline shows how much of a gap it is.
 */
async function startConstantWorker(pages: Page[], port: string, options: { withAssets: boolean }): Promise<() => void> {
  // A folder per port: another checkout's bench writing the same index.js would make this wrangler reload mid-window.
  const dir = `/tmp/light-cards-bench-constant-${port}`;
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

/**
 * A page measured against the constant Worker; `target` is the requirement's ratio for it (none: reported only).
 * `newVisitor`: every request comes from an address of its own (newVisitorAddress), so each landing mints a visitor.
 */
export type ThroughputCase = {
  label: string;
  path: string;
  headers?: Record<string, string>;
  newVisitor?: boolean;
  cold?: boolean;
  target?: number;
};
type ThroughputRow = {
  label: string;
  app: number;
  constant: number;
  ratio: number;
  /** The same constant Worker behind the app's static-asset router (startConstantWorker), and the app's ratio to it. */
  constantWithAssets: number;
  ratioWithAssets: number;
  /** The client's own CPU per request (ms), against the app and against the bare constant Worker. */
  clientCpuMs: { app: number; constant: number };
  /** The servers' workerd CPU per request (ms): the app's and the bare constant Worker's. */
  serverCpuMs: { app: number; constant: number };
  target?: number;
};

/**
 * For each case: the app's requests per second and the constant Worker's for the same bytes (bare, and behind the
 * app's static-asset router), in alternating windows, each sent the same headers. `cold` cases ask for a new URL
 * each time (a query the page ignores), so the app's edge cache never holds it.
 */
export async function timeThroughput(
  appOrigin: string,
  cases: ThroughputCase[],
  constantPort = process.env.BENCH_CONSTANT_PORT ?? "8796",
  constantWithAssetsPort = process.env.BENCH_ASSETS_CONSTANT_PORT ?? "8795",
): Promise<ThroughputRow[]> {
  const headersOf = (entry: ThroughputCase) => () => ({
    "User-Agent": BROWSER_UA,
    ...entry.headers,
    ...(entry.newVisitor ? newVisitorAddress() : {}),
  });
  const pages: Page[] = [];
  for (const entry of cases) {
    await (await fetch(`${appOrigin}${entry.path}`, { headers: headersOf(entry)() })).arrayBuffer(); // the first visit fills the cache
    const response = await fetch(`${appOrigin}${entry.path}`, { headers: headersOf(entry)() });
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
      const headers = headersOf(entry);
      let n = 0;
      const appUrl = () =>
        entry.cold
          ? `${appOrigin}${entry.path}${entry.path.includes("?") ? "&" : "?"}cold=${Date.now()}-${n++}`
          : `${appOrigin}${entry.path}`;
      const windows = { app: [] as Window[], constant: [] as Window[], constantWithAssets: [] as Window[] };
      for (let round = 0; round < ROUNDS; round++) {
        windows.app.push(await requestsPerSecond(appUrl, headers, WINDOW_MS));
        windows.constant.push(await requestsPerSecond(() => `${constantOrigin}${entry.path}`, headers, WINDOW_MS));
        windows.constantWithAssets.push(await requestsPerSecond(() => `${withAssetsOrigin}${entry.path}`, headers, WINDOW_MS));
      }
      const mean = (list: Window[], figure: keyof Window) => list.reduce((sum, window) => sum + window[figure], 0) / list.length;
      const app = mean(windows.app, "perSecond");
      const constant = mean(windows.constant, "perSecond");
      const constantWithAssets = mean(windows.constantWithAssets, "perSecond");
      rows.push({
        label: entry.label,
        app,
        constant,
        ratio: app / constant,
        constantWithAssets,
        ratioWithAssets: app / constantWithAssets,
        clientCpuMs: { app: mean(windows.app, "clientCpuMs"), constant: mean(windows.constant, "clientCpuMs") },
        serverCpuMs: { app: mean(windows.app, "serverCpuMs"), constant: mean(windows.constant, "serverCpuMs") },
        target: entry.target,
      });
    }
    return rows;
  } finally {
    for (const stop of stops) stop();
  }
}

/**
 * The rows: a visitor's pages (a new visitor sends no cookie and an address of its own each request, so every
 * request is a first visit that may mint), each with its target ratio, then the forms a visitor opens and a buyer's
 * pages, reported only.
 * The returning visitor sends the cookies a browser holds after its first landing and the landing's image.
 */
export function visitorAndBuyerCases(input: {
  returningVisitor: Record<string, string>;
  sharePath: string;
  buyer: Record<string, string>;
  cardPath: string;
}): ThroughputCase[] {
  return [
    { label: "/ (new visitor, an address each)", path: "/", newVisitor: true, target: 0.7 },
    { label: "/ (returning visitor)", path: "/", headers: input.returningVisitor, target: 0.85 },
    { label: "/sample-card (new visitor)", path: "/sample-card", newVisitor: true, target: 0.7 },
    { label: "a share page (new visitor)", path: input.sharePath, newVisitor: true, target: 0.7 },
    { label: "/api/cards (new visitor)", path: "/api/cards", newVisitor: true, target: 0.7 },
    { label: "/login (new visitor)", path: "/login", newVisitor: true },
    { label: "/register (new visitor)", path: "/register", newVisitor: true },
    { label: "/checkout (new visitor)", path: "/checkout", newVisitor: true },
    // A buyer's pages have no ratio target: what they cost is their CPU a request, priced in docs/capacity.md.
    { label: "/cards (a buyer)", path: "/cards", headers: input.buyer },
    { label: "/cards/{id} (a buyer)", path: input.cardPath, headers: input.buyer },
    { label: "/dashboard (a buyer)", path: "/dashboard", headers: input.buyer },
  ];
}

/**
 * The cookies a browser holds after its first landing and the image the landing links (`/api/experiments/seen`,
 * which counts its first view and records it in the assignment cookie): its later views count nothing. Checked: a
 * landing with them sets no cookie, else the row would measure a view counted again on every request.
 */
export async function returningVisitorCookies(appOrigin: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0] ?? "";
      jar.set(pair.slice(0, pair.indexOf("=")), pair);
    }
  };
  const send = () => ({ "User-Agent": BROWSER_UA, ...newVisitorAddress(), Cookie: [...jar.values()].join("; ") });
  const landing = await fetch(`${appOrigin}/`, { headers: send() });
  await landing.arrayBuffer();
  keep(landing);
  const image = await fetch(`${appOrigin}/api/experiments/seen`, { headers: { ...send(), Referer: `${appOrigin}/` } });
  await image.arrayBuffer();
  keep(image);
  const headers = { Cookie: [...jar.values()].join("; ") };
  const again = await fetch(`${appOrigin}/`, { headers: { "User-Agent": BROWSER_UA, ...headers } });
  await again.arrayBuffer();
  if (again.headers.getSetCookie().length > 0) throw new Error(`a returning visitor's landing still sets ${again.headers.getSetCookie()}`);
  return headers;
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
    const page = await fetch(`${appOrigin}/`, { headers: { "User-Agent": BROWSER_UA, ...newVisitorAddress() } });
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

/**
 * By hand, against a server already running (`WITHOUT_INSPECTOR=1 PORT=8861 npx tsx scripts/start.ts`):
 * `npx tsx bench/lib/throughput.ts http://127.0.0.1:8861 [rows]` measures the landing's two rows (new and returning
 * visitor), or the rows whose label matches the regular expression `rows`, as the bench does, with the load average.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [appOrigin = "http://127.0.0.1:8799", rows = "^/ \\("] = process.argv.slice(2);
  const loads = () =>
    loadavg()
      .map((load) => load.toFixed(2))
      .join(", ");
  const loadBefore = loads();
  const cases = visitorAndBuyerCases({
    returningVisitor: await returningVisitorCookies(appOrigin),
    sharePath: "/sample-card",
    buyer: {},
    cardPath: "/sample-card",
  }).filter((entry) => new RegExp(rows).test(entry.label) && !entry.label.includes("buyer"));
  for (const row of await timeThroughput(appOrigin, cases)) {
    console.log(
      `${row.label.padEnd(36)} ratio ${row.ratio.toFixed(2)} (app ${row.app.toFixed(0)} req/s, constant ${row.constant.toFixed(0)} req/s; ` +
        `asset router ${row.ratioWithAssets.toFixed(2)}; client CPU ${row.clientCpuMs.app.toFixed(2)} / ${row.clientCpuMs.constant.toFixed(2)} ms a request, ` +
        `workerd ${row.serverCpuMs.app.toFixed(2)} / ${row.serverCpuMs.constant.toFixed(2)} ms)`,
    );
  }
  console.log(`load average: ${loadBefore} before, ${loads()} after`);
}
