/**
 * The server the browser tests drive: the real Worker in workerd through Miniflare's API, with no dev proxy between
 * the browser and workerd (docs/decisions/028-test-harness.md: wrangler dev's ProxyWorker answered 503 "Your worker
 * restarted mid-request" under load). Same bindings as `npm start` (wrangler reads wrangler.toml for both: D1, KV, R2,
 * the email queue and its consumers, the rate limits, the static assets), the same migrations and seed, on its own port
 * and its own fresh state directory, so tests never touch the data `npm start` serves. A Cron Trigger fires by hand
 * at http://127.0.0.1:<E2E_CONTROL_PORT>/__scheduled?cron=... (the Worker's scheduled(), as wrangler dev's
 * `--test-scheduled` path does for `npm start`; Miniflare's own /cdn-cgi/handler/scheduled reaches the static assets'
 * router, which has no scheduled handler, when the Worker has assets). The database is migrated (the migrations read
 * as the Worker tests read them) and seeded through the running Miniflare's own D1 binding, with no second workerd;
 * only then does http://127.0.0.1:<E2E_CONTROL_PORT>/ready answer, which is what Playwright waits for.
 * Expects a current `npm run build` (the Remix build and the service worker; scripts/test.ts builds both first).
 */
import childProcess from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { basename, join, resolve } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { TEST_PASSWORD_HASH_ITERATIONS } from "../vitest.shared";
import { DEV_ADMIN } from "./lib/dev-admin";
import { E2E_CONTROL_PORT, E2E_PORT } from "./lib/e2e-ports";
import { offlineWranglerEnv, run } from "./lib/run";
import { generateVapidKeys } from "./lib/vapid-keys";
import { seedDatabase } from "./seed";

Object.assign(process.env, offlineWranglerEnv);

/** The state directory: the browser tests' own; `npm run simulate:experiments` passes another. */
const persistTo = process.env.PERSIST_TO ?? ".wrangler/e2e-state";
/** wrangler's bundle of worker/index.ts (the Remix build, the fonts and the wasm), the one a deploy uploads. */
const bundleDir = join(persistTo, "bundle");
/** Another entry over the same bindings, when WORKER_ENTRY names one: the bench's counting Worker (bench/README.md). */
const entry = process.env.WORKER_ENTRY;
/** The bundle's main module: wrangler names it after the entry. */
const mainModule = entry ? `${basename(entry).replace(/\.[cm]?[jt]s$/, "")}.js` : "index.js";

let stopping = false;

rmSync(persistTo, { recursive: true, force: true });
await run("npx", ["wrangler", "deploy", ...(entry ? [entry] : []), "--dry-run", "--outdir", bundleDir], { WRANGLER_LOG: "warn" });

watchWorkerdExit();
const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
// Each queued message is delivered at once (docs/decisions/028-test-harness.md): on the platform a consumer waits up
// to max_batch_timeout for a fuller batch, and here every test that reads an email waited out that 1 s window (about
// a hundred emails a run). The batches themselves are the Worker tests' subject.
const queueConsumers = Object.fromEntries(
  Object.entries(workerOptions.queueConsumers ?? {}).map(([queue, consumer]) => [
    queue,
    { ...(typeof consumer === "object" ? consumer : {}), maxBatchTimeout: 0 },
  ]),
);
const mf = new Miniflare({
  ...workerOptions,
  queueConsumers,
  name: "light-cards",
  modules: bundleModules(bundleDir),
  modulesRoot: resolve(bundleDir),
  bindings: {
    ...workerOptions.bindings,
    ENVIRONMENT: "development",
    APP_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
    ADMIN_EMAILS: DEV_ADMIN.email,
    PASSWORD_HASH_ITERATIONS: TEST_PASSWORD_HASH_ITERATIONS,
    // Web Push's keys, a pair of the run's own (docs/decisions/046-web-push.md).
    ...(await generateVapidKeys()),
  },
  defaultPersistRoot: resolve(persistTo, "v3"),
  host: "127.0.0.1",
  port: Number(E2E_PORT),
  log: new Log(LogLevel.WARN),
  // A CPU profile of the running Worker (Chrome DevTools or a CDP client on this port), when asked for.
  ...(process.env.INSPECTOR_PORT ? { inspectorPort: Number(process.env.INSPECTOR_PORT) } : {}),
});
await mf.ready;
const database = await mf.getD1Database("DB");
await applyD1Migrations(database, await readD1Migrations("db/migrations"));
await seedDatabase(database);
const worker = await mf.getWorker();
const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/ready") {
    response.writeHead(200, { "Content-Type": "text/plain" }).end("ready");
    return;
  }
  const cron = url.searchParams.get("cron");
  if (url.pathname !== "/__scheduled" || !cron) {
    response.writeHead(404).end("GET /ready, or GET /__scheduled?cron=<a cron from wrangler.toml>");
    return;
  }
  const { outcome } = await worker.scheduled({ cron, scheduledTime: new Date() });
  response.writeHead(outcome === "ok" ? 200 : 500, { "Content-Type": "text/plain" }).end(`Ran scheduled event: ${outcome}`);
});
control.listen(Number(E2E_CONTROL_PORT), "127.0.0.1");
console.log(`LIGHT Cards (tests) on http://127.0.0.1:${E2E_PORT}, Cron Triggers at http://127.0.0.1:${E2E_CONTROL_PORT}/__scheduled`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    stopping = true;
    control.close();
    await mf.dispose();
    process.exit(0);
  });
}

/**
 * The migrations applied as wrangler and the Worker tests' `applyD1Migrations` apply them: each file in one batch with
 * its row in d1_migrations, so the state directory reads like one `wrangler d1 migrations apply` made.
 */
async function applyD1Migrations(db: D1Database, migrations: { name: string; queries: string[] }[]) {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  for (const migration of migrations) {
    await db.batch([
      ...migration.queries.map((query) => db.prepare(query)),
      db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
    ]);
  }
}

/** The bundle's files as Miniflare modules (its import of a wasm or font file is static, but Miniflare's own scan of
 * the bundle stops at the Remix build's dynamic imports). */
function bundleModules(dir: string) {
  const types = { ".js": "ESModule", ".wasm": "CompiledWasm", ".woff": "Data" } as const;
  // The entry comes first: Miniflare's main module.
  const files = [mainModule, ...readdirSync(dir).filter((file) => file !== mainModule)];
  return files.flatMap((file) => {
    const type = Object.entries(types).find(([extension]) => file.endsWith(extension))?.[1];
    return type ? [{ type, path: resolve(dir, file) }] : [];
  });
}

/**
 * workerd is Miniflare's child process, which Miniflare keeps to itself: its spawn is watched so that when workerd
 * ends on its own, its exit code and signal are printed and this server ends with it (Playwright then reports the
 * server gone, instead of a run of connection-refused failures).
 */
function watchWorkerdExit() {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
    const child = spawn(...args);
    if (/workerd/.test(String(args[0]))) {
      child.on("exit", (code, signal) => {
        if (stopping) return;
        console.error(`✘ workerd (pid ${child.pid}) ended: exit code ${code}, signal ${signal ?? "none"}`);
        process.exit(1);
      });
    }
    return child;
  }) as typeof spawn;
}
