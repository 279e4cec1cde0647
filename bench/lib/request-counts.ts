/**
 * What each request of a day's journeys asks of the platform, measured, for the capacity model (docs/capacity.md,
 * docs/decisions/034-request-counts.md). The bench's counting Worker (bench/counting-worker.ts: the app's entry with its
 * bindings counted) runs as the browser tests run the app (scripts/e2e-server.ts: the bundle in workerd through
 * Miniflare, fresh local state), so every request, queue batch and cron run logs one line of counts taken at the bindings (D1 statements and the rows D1 says it read and wrote, KV, R2, queue
 * messages, edge-cache hits and misses), its after-response work included. Debian's Chromium walks the journeys, so the
 * follow-up requests are the ones a browser really makes (static files never reach the Worker and log nothing).
 *
 * CPU: workerd does not report a request's CPU time locally. It is the workerd process's own CPU (utime + stime in
 * /proc/<pid>/stat) over N identical requests, less the idle rate over the same wall time, divided by N: it includes
 * the Worker runtime's own work (the HTTP stack, the asset router) and the queue consumer's share, and is an upper
 * bound on what Cloudflare bills as CPU time.
 *
 * Used by bench/bench.ts; alone (after `npm run build`): `npx tsx bench/lib/request-counts.ts`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { type BrowserContext, chromium } from "@playwright/test";
import { readyUrlFor } from "../../scripts/lib/e2e-ports";
import { offlineWranglerEnv } from "../../scripts/lib/run";
import type { BindingCounts, CountsLine } from "./binding-counts";
import { BROWSER_UA } from "./throughput";

/** The crons of wrangler.toml and how often each runs in a day. */
const CRONS = [
  { cron: "*/15 * * * *", runsPerDay: 96 },
  { cron: "30 3 * * *", runsPerDay: 1 },
];
const CARD_PAGES = 10;
/** Identical requests per CPU figure. */
const CPU_REPEATS = 60;
/** How long the counts must stay still before a step is over: longer than the events queue's batch timeout (2 s). */
const QUIET_MS = 2500;

/** The counting Worker, its log lines, and its workerd process. */
class CountingServer {
  readonly lines: CountsLine[] = [];
  private lastLineAt = Date.now();
  private constructor(
    private readonly process: ChildProcess,
    readonly origin: string,
    readonly controlOrigin: string,
  ) {}

  static async start(port: string, controlPort: string): Promise<CountingServer> {
    const child = spawn("npx", ["tsx", "scripts/e2e-server.ts"], {
      env: {
        ...process.env,
        ...offlineWranglerEnv,
        E2E_PORT: port,
        E2E_CONTROL_PORT: controlPort,
        PERSIST_TO: ".wrangler/counts-state",
        WORKER_ENTRY: "bench/counting-worker.ts",
      },
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    const server = new CountingServer(child, `http://127.0.0.1:${port}`, `http://127.0.0.1:${controlPort}`);
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split("\n");
      buffered = complete.pop() ?? "";
      for (const text of complete) {
        const json = text.slice(text.indexOf("{"));
        if (!json.includes('"counts":true')) continue;
        server.lines.push(JSON.parse(json) as CountsLine);
        server.lastLineAt = Date.now();
      }
    });
    // It bundles, migrates and seeds first (minutes on a busy 2-core machine), then answers /ready.
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the counting server ended (exit ${child.exitCode}) before it answered`);
      try {
        if ((await fetch(readyUrlFor(controlPort))).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        server.stop();
        throw new Error("the counting server did not start within 600 s");
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return server;
  }

  stop() {
    if (this.process.pid) process.kill(-this.process.pid, "SIGTERM");
  }

  /** Resolves once no line has come for QUIET_MS. */
  async quiet(): Promise<void> {
    this.lastLineAt = Date.now();
    while (Date.now() - this.lastLineAt < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The lines logged while `step` ran and its after-work (queue batches included) settled. */
  async record(step: () => Promise<void>): Promise<CountsLine[]> {
    const from = this.lines.length;
    await step();
    await this.quiet();
    return this.lines.slice(from);
  }

  /** workerd's CPU so far, in ms (utime + stime of the process Miniflare started under this server). */
  cpuMs(): number {
    const pid = this.workerdPid();
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // Fields 14 and 15 of stat(5), counted from the state (field 3) after the command name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  }

  private workerdPid(): number {
    const parentOf = (pid: string) => Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
        for (let ancestor = parentOf(pid); ancestor > 1; ancestor = parentOf(String(ancestor))) {
          if (ancestor === this.process.pid) return Number(pid);
        }
      } catch {
        // a process that ended meanwhile
      }
    }
    throw new Error("no workerd under the counting server");
  }
}

/** USER_HZ: Linux reports process times in hundredths of a second on every platform it runs here. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A request's line with its path's ids replaced, so the same request of two card pages reads the same. */
export function requestKind(name: string): string {
  return name
    .replace(/\?.*$/, "")
    .replace(/^(\w+ \/(?:cards|share))\/[^/.]+/, "$1/{id}")
    .replace(/\/api\/(user|favorites)\/[0-9a-f-]{36}/, "/api/$1/{userId}");
}

type RequestRow = CountsLine & { kind: string; cpuMs?: number };
type Journey = { label: string; requests: RequestRow[]; consumers: CountsLine[]; perDay?: number };

const sumCounts = (lines: BindingCounts[]): BindingCounts =>
  lines.reduce<BindingCounts>(
    (sum, line) => ({
      d1: {
        roundTrips: sum.d1.roundTrips + line.d1.roundTrips,
        statements: sum.d1.statements + line.d1.statements,
        rowsRead: sum.d1.rowsRead + line.d1.rowsRead,
        rowsWritten: sum.d1.rowsWritten + line.d1.rowsWritten,
      },
      kv: {
        reads: sum.kv.reads + line.kv.reads,
        writes: sum.kv.writes + line.kv.writes,
        deletes: sum.kv.deletes + line.kv.deletes,
        lists: sum.kv.lists + line.kv.lists,
      },
      r2: { reads: sum.r2.reads + line.r2.reads, writes: sum.r2.writes + line.r2.writes },
      queues: Object.fromEntries(
        [...new Set([...Object.keys(sum.queues), ...Object.keys(line.queues)])].map((name) => [
          name,
          (sum.queues[name] ?? 0) + (line.queues[name] ?? 0),
        ]),
      ),
      cache: {
        hits: sum.cache.hits + line.cache.hits,
        misses: sum.cache.misses + line.cache.misses,
        puts: sum.cache.puts + line.cache.puts,
      },
    }),
    {
      d1: { roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0 },
      kv: { reads: 0, writes: 0, deletes: 0, lists: 0 },
      r2: { reads: 0, writes: 0 },
      queues: {},
      cache: { hits: 0, misses: 0, puts: 0 },
    },
  );

/** A page opened in the browser: its document and every request it then made that reached the Worker. */
async function openPage(server: CountingServer, context: BrowserContext, path: string) {
  return server.record(async () => {
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
    await page.close();
  });
}

const requestsOf = (lines: CountsLine[]): RequestRow[] =>
  lines.filter((line) => line.type === "request").map((line) => ({ ...line, kind: requestKind(line.name) }));
const consumersOf = (lines: CountsLine[]) => lines.filter((line) => line.type === "queue");

/**
 * CPU of one request, repeated: workerd's CPU over CPU_REPEATS requests (and the after-work they leave) less the idle
 * rate over the same time, per request.
 */
async function cpuPerRequest(server: CountingServer, send: (index: number) => Promise<unknown>, idleMsPerMs: number) {
  await server.quiet();
  const startedAt = Date.now();
  const before = server.cpuMs();
  for (let index = 0; index < CPU_REPEATS; index++) await send(index);
  await server.quiet();
  const busy = server.cpuMs() - before - idleMsPerMs * (Date.now() - startedAt);
  return Math.max(0, busy) / CPU_REPEATS;
}

async function signedInBuyerContext(server: CountingServer, browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext({ userAgent: BROWSER_UA });
  const email = `counts-buyer-${Date.now()}@example.com`;
  const password = "Benchmark words 2026";
  const api = context.request;
  const registered = await api.post(`${server.origin}/api/auth/register`, { data: { email, password, confirmPassword: password } });
  if (registered.status() !== 201) throw new Error(`registering the buyer answered ${registered.status()}`);
  let token: string | undefined;
  for (let attempt = 0; attempt < 50 && !token; attempt++) {
    const outbox = await (await api.get(`${server.origin}/dev/outbox?to=${encodeURIComponent(email)}`)).text();
    token = /token=([A-Za-z0-9_-]+)/.exec(outbox)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await api.post(`${server.origin}/api/auth/verify-email`, { data: { token, password } });
  const paid = await api.post(`${server.origin}/api/mock-payment`, { data: { email } });
  if (!paid.ok()) throw new Error(`the buyer's test payment answered ${paid.status()}`);
  await api.post(`${server.origin}/login`, { form: { email, password, intent: "password" }, headers: { Origin: server.origin } });
  if (!(await context.cookies()).some((cookie) => cookie.name === "lc_session")) throw new Error("the buyer is not signed in");
  return context;
}

export type RequestCountsReport = { journeys: Journey[]; idleCpuMsPerSecond: number; eventRowBytes: string };

/**
 * What an A/B event row keeps in D1, with its three index entries: the pages of ab_events and its indexes (SQLite's
 * dbstat, through Debian's sqlite3; D1 does not expose dbstat) over its rows, in the bench's own local database.
 */
function eventRowBytes(): string {
  try {
    const dir = ".wrangler/counts-state/v3/d1/miniflare-D1DatabaseObject";
    const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
    const query =
      "SELECT (SELECT sum(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'ab_events')) || ' bytes over ' || (SELECT count(*) FROM ab_events) || ' rows'";
    const [bytes = 0, rows = 1] = execFileSync("sqlite3", [`${dir}/${file}`, query], { encoding: "utf8" })
      .trim()
      .split(/ bytes over | rows/)
      .map(Number);
    return `${(bytes / rows).toFixed(0)} bytes per ab_events row with its indexes (${bytes} bytes over ${rows} rows, SQLite's dbstat)`;
  } catch (error) {
    return `not measured (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
}

/** Starts the counting server on `port` (crons fired on `controlPort`), walks the journeys, and stops it. */
export async function measureRequestCounts(port: string, controlPort: string): Promise<RequestCountsReport> {
  const server = await CountingServer.start(port, controlPort);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const origin = server.origin;
    const visitorGet =
      (headers: Record<string, string> = {}) =>
      async () => {
        const response = await fetch(`${origin}/`, { headers: { "User-Agent": BROWSER_UA, ...headers } });
        await response.arrayBuffer();
        return response;
      };
    // Each synthetic new visitor comes from an address of its own: one address mints at most `new_visitor_ip` visitors a
    // minute, in development too (docs/decisions/020-ab-tests.md), and the bench measures visitors, not the refusals.
    // (wrangler dev keeps a CF-Connecting-IP the request brings.)
    let syntheticVisitors = 0;
    const newAddress = () => {
      const n = ++syntheticVisitors;
      return { "CF-Connecting-IP": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
    };
    // The landing's pages for every variant set in the edge cache first: steady state, as a colo serving a million views.
    await server.record(async () => {
      for (let visitor = 0; visitor < 40; visitor++) await visitorGet(newAddress())();
    });
    await server.quiet();
    const idleFrom = server.cpuMs();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idleMsPerMs = (server.cpuMs() - idleFrom) / 5000;

    const journeys: Journey[] = [];
    // A new visitor's landing in a fresh browser, then the same browser back the same day.
    const visitorContext = await browser.newContext({ userAgent: BROWSER_UA });
    const newVisit = await openPage(server, visitorContext, "/");
    journeys.push({
      label: "a new visitor's landing (no cookie), and what the browser then fetches",
      requests: requestsOf(newVisit),
      consumers: consumersOf(newVisit),
    });
    const returning = await openPage(server, visitorContext, "/");
    journeys.push({
      label: "a returning visitor's landing (its cookies; a second view that day)",
      requests: requestsOf(returning),
      consumers: consumersOf(returning),
    });
    const visitorCookie = (await visitorContext.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    await visitorContext.close();

    // A buyer: the library, then a card tapped in it and the next one nine times (client-side navigations, as a
    // person with JavaScript moves through the cards), each with what the browser fetches for it.
    let buyerContext: BrowserContext | undefined;
    const setup = await server.record(async () => {
      buyerContext = await signedInBuyerContext(server, browser);
    });
    if (!buyerContext) throw new Error("no buyer");
    // Once per buyer, not part of the day modelled; shown for the email consumer's cost per message.
    journeys.push({
      label: "(once per buyer) sign-up, verification, test payment and sign-in through the API, with the email they send",
      requests: requestsOf(setup),
      consumers: consumersOf(setup),
    });
    const page = await buyerContext.newPage();
    const library = await server.record(async () => {
      await page.goto(`${origin}/cards`, { waitUntil: "networkidle" });
    });
    const cardPages = await server.record(async () => {
      await page.locator('a[href^="/cards/"]:not([href*="?"])').first().click();
      await page.waitForLoadState("networkidle");
      for (let card = 1; card < CARD_PAGES; card++) {
        await page.locator('a[rel="next"]').first().click();
        await page.waitForLoadState("networkidle");
      }
    });
    const cardIds = (
      await page.locator('a[href^="/cards/"][rel]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))
    )
      .map((href) => href.split("?")[0]?.replace("/cards/", "") ?? "")
      .filter(Boolean);
    await page.close();
    // One journey: the service worker's offline copy (025) follows the library's load by a moment, in either step.
    const buyerDay = [...library, ...cardPages];
    journeys.push({
      label: `a buyer opens the library (/cards), then ${CARD_PAGES} cards (one tapped there, then Next ${CARD_PAGES - 1} times), with what the browser fetches`,
      requests: requestsOf(buyerDay),
      consumers: consumersOf(buyerDay),
    });

    // The crons, each run once by hand as the platform runs it, with the email they queue consumed.
    for (const { cron, runsPerDay } of CRONS) {
      const run = await server.record(async () => {
        const fired = await fetch(`${server.controlOrigin}/__scheduled?cron=${encodeURIComponent(cron)}`);
        if (!fired.ok) throw new Error(`the cron ${cron} answered ${fired.status}`);
      });
      const cronLines = run.filter((line) => line.type === "cron").map((line) => ({ ...line, kind: `cron ${line.name}` }));
      journeys.push({
        label: `the cron "${cron}" (${runsPerDay} runs a day)`,
        requests: cronLines,
        consumers: consumersOf(run),
        perDay: runsPerDay,
      });
    }

    // CPU per request kind, replayed with the journey's own cookies.
    const cpu = new Map<string, number>();
    let newVisitor = 0;
    cpu.set(
      "new visitor GET /",
      await cpuPerRequest(server, () => visitorGet({ "cf-ray": `cpu-new-${newVisitor++}`, ...newAddress() })(), idleMsPerMs),
    );
    cpu.set("returning GET /", await cpuPerRequest(server, visitorGet({ Cookie: visitorCookie }), idleMsPerMs));
    const replay = async (kind: string, paths: string[], context: BrowserContext) => {
      if (cpu.has(kind)) return;
      cpu.set(
        kind,
        await cpuPerRequest(
          server,
          async (index) => (await context.request.get(`${origin}${paths[index % paths.length]}`)).body(),
          idleMsPerMs,
        ),
      );
    };
    await replay("GET /cards", ["/cards"], buyerContext);
    await replay(
      "GET /cards/{id}",
      cardIds.map((id) => `/cards/${id}`),
      buyerContext,
    );
    await replay(
      "GET /cards/{id}.data",
      cardIds.map((id) => `/cards/${id}.data`),
      buyerContext,
    );
    for (const journey of journeys) {
      for (const row of journey.requests) {
        const [method, path] = row.name.split(" ");
        if (method === "GET" && path && row.kind !== "GET /") await replay(row.kind, [path], buyerContext);
      }
    }
    for (const [index, journey] of journeys.entries()) {
      for (const row of journey.requests) {
        const kind = row.kind === "GET /" ? (index === 0 ? "new visitor GET /" : "returning GET /") : row.kind;
        row.cpuMs = cpu.get(kind);
      }
    }
    await buyerContext?.close();
    return { journeys, idleCpuMsPerSecond: idleMsPerMs * 1000, eventRowBytes: eventRowBytes() };
  } finally {
    await browser.close();
    server.stop();
  }
}

const cell = (value: string | number, width: number) => String(value).padStart(width);
const queueCell = (queues: Record<string, number>) =>
  Object.entries(queues)
    .map(([name, count]) => `${name.replace("_QUEUE", "")} ${count}`)
    .join(", ") || "0";

function countsRow(label: string, counts: BindingCounts, cpuMs: number | undefined) {
  return (
    `  ${label.padEnd(46)}${cell(cpuMs === undefined ? "-" : cpuMs.toFixed(1), 7)}${cell(`${counts.d1.roundTrips}/${counts.d1.statements}`, 9)}` +
    `${cell(counts.d1.rowsRead, 8)}${cell(counts.d1.rowsWritten, 8)}${cell(`${counts.kv.reads}/${counts.kv.writes}`, 7)}` +
    `${cell(`${counts.r2.reads}/${counts.r2.writes}`, 7)}${cell(`${counts.cache.hits}/${counts.cache.misses}/${counts.cache.puts}`, 9)}  ${queueCell(counts.queues)}`
  );
}

/** The block docs/capacity.md quotes: every figure the model uses, per request and per journey. */
export function printRequestCounts(report: RequestCountsReport) {
  console.log("\nREQUEST COUNTS (the capacity model's inputs, docs/capacity.md)");
  console.log(
    "  Counted at the bindings by the counting Worker (after-response work included); D1 rows as D1's meta reports them\n" +
      "  (index entries count as rows written); D1 rt/st: round trips (a batch is one) / statements. CPU: workerd's utime+stime over " +
      `${CPU_REPEATS} identical requests, less idle (${report.idleCpuMsPerSecond.toFixed(1)} ms/s), per request; ` +
      "'-' = not replayed (a POST).",
  );
  console.log(
    `  ${"request".padEnd(46)}${cell("cpu ms", 7)}${cell("D1 rt/st", 9)}${cell("rows rd", 8)}${cell("rows wr", 8)}${cell("KV r/w", 7)}` +
      `${cell("R2 r/w", 7)}${cell("cache h/m/p", 9)}  queue messages`,
  );
  for (const journey of report.journeys) {
    console.log(`  — ${journey.label}`);
    // Identical requests (the offline copy's 49 card pages) on one line: their sum, "xN".
    const groups = new Map<string, RequestRow[]>();
    for (const row of journey.requests) {
      const label = `${row.kind} ${row.status ?? ""}`.trim();
      groups.set(label, [...(groups.get(label) ?? []), row]);
    }
    for (const [label, rows] of groups) {
      const cpuMs = rows[0]?.cpuMs === undefined ? undefined : rows.reduce((sum, row) => sum + (row.cpuMs ?? 0), 0);
      console.log(countsRow(rows.length > 1 ? `${label} x${rows.length}` : label, sumCounts(rows), cpuMs));
    }
    const consumers = journey.consumers;
    const messages = (name: string) => consumers.filter((line) => line.name === name).length;
    for (const name of [...new Set(consumers.map((line) => line.name))]) {
      console.log(
        countsRow(`consumer ${name} (${messages(name)} batch(es))`, sumCounts(consumers.filter((line) => line.name === name)), undefined),
      );
    }
    const requests = journey.requests.filter((row) => row.type === "request");
    const cpuTotal = journey.requests.reduce((sum, row) => sum + (row.cpuMs ?? 0), 0);
    console.log(
      countsRow(
        `TOTAL: ${requests.length} Worker request(s)${journey.perDay ? ` per run, x${journey.perDay}/day` : ""}`,
        sumCounts([...journey.requests, ...consumers]),
        cpuTotal,
      ),
    );
  }
  console.log(`  D1 storage of an A/B event: ${report.eventRowBytes}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = process.env.BENCH_PORT ?? "8799";
  const controlPort = process.env.BENCH_CONSTANT_PORT ?? "8796";
  printRequestCounts(await measureRequestCounts(port, controlPort));
}
