/**
 * `npm run bench [step ...]`: prints the performance figures, every step's or only the steps named (bench/README.md says
 * what each measures and how to run it alone). Not a test: it measures and reports.
 * - the Worker upload's size (gzip; the script, wasm and fonts apart), from `wrangler deploy --dry-run` as it ships
 * - cold start of `npm start`: from launch to the first 200 on /
 * - server timings of the main pages under `wrangler dev` (p50 / p95 over repeated requests)
 * - the buyer's library: /cards and one card page for a buyer with every card and 20 favourites, and the client
 *   JavaScript the /cards route adds to what the root already loads (gzip)
 * - the collection PDF: the time to build it on a request that finds nothing stored, its size, and a cached download
 * - card images: the median time to draw a PNG not yet in R2 (the local R2 state is wiped first, and the isolate's
 *   first render, which initialises the wasm, is left out) and the median time to serve one again (edge cache), beside
 *   the floor of this runtime (a static file)
 * - throughput of the public pages (and /cards for a buyer) against a constant Worker serving the same bytes, and
 *   the client JavaScript the landing loads against a bare Remix app (the landing's budget)
 * - Lighthouse's mobile run of the landing, and of /cards for a buyer signed in through the /login form (its session
 *   cookie), in Debian's Chromium (median of 5 by performance score): the four category scores, the paint metrics and
 *   what is below full marks, against the targets
 * - the cold start of a fresh isolate of the deployed bundle (bench/lib/cold-start.ts): the script's parse and
 *   evaluation apart from the wasm, the first / after it, and the upload by part
 * - the forms that send email (the access gate's Check Access, Forgot password): the median answer, which no longer
 *   waits for the email (it is queued: docs/decisions/021)
 * - the per-request counts the capacity model uses (D1, KV, R2, queues, edge cache, CPU), last, on a server of their own
 *   (bench/lib/request-counts.ts; docs/capacity.md)
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { offlineWranglerEnv, run } from "../scripts/lib/run";
import { waitForOk } from "../scripts/lib/wait-for-ok";
import { registerVerified, signedInBuyer } from "./lib/accounts";
import { describeColdStart, timeColdStart } from "./lib/cold-start";
import { timeEmailForms } from "./lib/email-forms";
import {
  BUYER_LIBRARY_LIGHTHOUSE_TARGETS,
  buyerLibrarySession,
  describeLighthouse,
  LANDING_LIGHTHOUSE_TARGETS,
  type LighthouseFigures,
  runLighthouse,
} from "./lib/lighthouse";
import { measureRequestCounts, printRequestCounts } from "./lib/request-counts";
import { countVisitorLandingWrites, returningVisitorCookies, timeThroughput, visitorAndBuyerCases } from "./lib/throughput";

const port = process.env.BENCH_PORT ?? "8799";
const origin = `http://127.0.0.1:${port}`;
const outdir = "/tmp/light-cards-bench-bundle";

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

/** What the Worker upload holds, by kind: wrangler counts wasm and font modules beside the script. */
type BundlePart = "script" | "wasm" | "fonts";
const BUNDLE_PARTS: Record<BundlePart, RegExp> = { script: /\.m?js$/, wasm: /\.wasm$/, fonts: /\.(woff2?|ttf|otf)$/ };

/**
 * The Worker as `wrangler deploy` uploads it: the same dry run without `--minify`, since the deploy (README) does not
 * minify either. Source maps and wrangler's README in the output are not uploaded as modules and are left out.
 */
async function bundleSize() {
  rmSync(outdir, { recursive: true, force: true });
  await run("npx", ["remix", "build"]);
  await run("npx", ["tsx", "scripts/build-service-worker.ts"]);
  await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir]);
  const sizes = Object.fromEntries(Object.keys(BUNDLE_PARTS).map((part) => [part, { raw: 0, gzip: 0 }])) as Record<
    BundlePart,
    { raw: number; gzip: number }
  >;
  for (const file of readdirSync(outdir)) {
    const path = join(outdir, file);
    const part = (Object.keys(BUNDLE_PARTS) as BundlePart[]).find((name) => BUNDLE_PARTS[name].test(file));
    if (!part || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    sizes[part].raw += bytes.length;
    sizes[part].gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return sizes;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timePage(path: string, count: number, headers: Record<string, string> = {}) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(`${origin}${path}`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Times password sign-ins (fresh verified accounts, so the per-email rate limit never bites). */
async function timeSignIns(count: number) {
  const password = "Benchmark words 2026";
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    await registerVerified(origin, email, password);
    const start = performance.now();
    const response = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** A buyer (test-mode payment) with 20 favourites, and the timings of /cards and one card page for them. */
async function timeLibrary() {
  const buyer = await signedInBuyer(origin, "bench-buyer");
  const { cards } = (await (await fetch(`${origin}/api/cards`, { headers: { Authorization: buyer.authorization } })).json()) as {
    cards: { id: string }[];
  };
  for (const card of cards.slice(0, 20)) {
    await fetch(`${origin}/api/user/${buyer.id}/favorites`, {
      method: "POST",
      headers: { Authorization: buyer.authorization, "Content-Type": "application/json" },
      body: JSON.stringify({ cardId: card.id }),
    });
  }
  const headers = { Authorization: buyer.authorization };
  const cardPath = `/cards/${cards[10]?.id}`;
  await timePage("/cards", 3, headers);
  await timePage(cardPath, 3, headers);
  return { cardCount: cards.length, cards: await timePage("/cards", 30, headers), card: await timePage(cardPath, 30, headers), cardPath };
}

/**
 * The collection PDF for a buyer. Honest first-build timing: the PDF is stored in R2 under a key made of the content
 * hash, which the ETag carries, so a PDF left in .wrangler/state by an earlier run would make the first request a
 * cache hit. When it is one, the bench deletes that object from the local bucket (wrangler r2 object delete --local)
 * and times the request again, which then builds the PDF (X-PDF-Cache: miss) inside the running Worker.
 */
async function timeCollectionPdf() {
  const buyer = await signedInBuyer(origin, "bench-pdf");
  const headers = { Authorization: buyer.authorization };
  const download = async () => {
    const start = performance.now();
    const response = await fetch(`${origin}/collection.pdf`, { headers });
    if (!response.ok) throw new Error(`/collection.pdf answered ${response.status}`);
    const size = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - start, size, cache: response.headers.get("X-PDF-Cache"), etag: response.headers.get("ETag") ?? "" };
  };
  let first = await download();
  if (first.cache === "hit") {
    const [, version, hash] = /^"v(\d+)-([0-9a-f]+)"$/.exec(first.etag) ?? [];
    if (!hash) throw new Error(`unexpected ETag ${first.etag}`);
    await run("npx", ["wrangler", "r2", "object", "delete", `light-cards-assets/collection-pdf/v${version}/${hash}.pdf`, "--local"]);
    first = await download();
  }
  if (first.cache !== "miss") throw new Error("the collection PDF was not built on the timed request");
  await timePage("/collection.pdf", 2, headers);
  return { build: first, cached: await timePage("/collection.pdf", 10, headers) };
}

type ManifestEntry = { module: string; imports?: string[] };

function readManifest() {
  const manifestFile = readdirSync("public/build").find((file) => file.startsWith("manifest-"));
  if (!manifestFile) throw new Error("no Remix manifest in public/build: run remix build");
  return JSON.parse(
    readFileSync(join("public/build", manifestFile), "utf8")
      .replace(/^window.__remixManifest=/, "")
      .replace(/;$/, ""),
  ) as { entry: ManifestEntry; routes: Record<string, ManifestEntry> };
}

const filesOf = (entry: ManifestEntry | undefined) => [entry?.module ?? "", ...(entry?.imports ?? [])].filter(Boolean);
const gzipped = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join("public", file)), { level: 9 }).length, 0);

/** Client JavaScript a route loads beyond the root and the entry (gzip), from the Remix build manifest. */
function routeJavaScript(routeId: string) {
  const manifest = readManifest();
  const alreadyLoaded = new Set([...filesOf(manifest.entry), ...filesOf(manifest.routes.root)]);
  return gzipped(filesOf(manifest.routes[routeId]).filter((file) => !alreadyLoaded.has(file)));
}

/** All the client JavaScript a page loads (entry, root and the route, each file once, gzip). */
function pageJavaScript(routeId: string) {
  const manifest = readManifest();
  return gzipped(new Set([...filesOf(manifest.entry), ...filesOf(manifest.routes.root), ...filesOf(manifest.routes[routeId])]));
}

/** Milliseconds for each request, in order, checking each answers a PNG. */
async function timeImages(paths: string[], contentType = "image/png") {
  const samples: number[] = [];
  for (const path of paths) {
    const start = performance.now();
    const response = await fetch(`${origin}${path}`);
    const bytes = await response.arrayBuffer();
    if (!response.ok || response.headers.get("Content-Type") !== contentType) throw new Error(`${path} answered ${response.status}`);
    samples.push(performance.now() - start);
    if (bytes.byteLength === 0) throw new Error(`${path} answered no bytes`);
  }
  return samples;
}

/** Card images: cold draws of distinct preview card/style pairs (first one left out), then cached serves of one. */
async function timeCardImages() {
  const { cards } = (await (await fetch(`${origin}/api/cards`)).json()) as { cards: { id: string }[] };
  const styles = ["elegant", "modern", "peaceful", "warm"];
  const paths = cards.flatMap((card) => styles.map((style) => `/cards/${card.id}/image.png?style=${style}`));
  const [first, ...cold] = await timeImages(paths);
  const cached = await timeImages(Array.from({ length: 30 }, () => paths[1] ?? ""));
  // The floor under any answer of this local runtime: a static file, which never reaches the Worker's code.
  const staticFile = await timeImages(
    Array.from({ length: 30 }, () => "/favicon.svg"),
    "image/svg+xml",
  );
  const wallpaper = await timeImages(cards.slice(0, 5).map((card) => `/cards/${card.id}/image.png?style=warm&format=wallpaper`));
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  return {
    first: first ?? Number.NaN,
    cold: median(cold),
    coldCount: cold.length,
    cached: median(cached),
    staticFile: median(staticFile),
    wallpaper: median(wallpaper),
  };
}

/** The client JavaScript of a bare Remix v2 app (create-remix's template), gzip, as measured when the landing's budget was set. */
const BARE_REMIX_JS_BYTES = 84_000;

const LIGHTHOUSE_RUNS = 5;

/**
 * Throughput against a constant Worker answering the same bytes, in one run: the visitor and buyer rows (each
 * with its target) and the landing with its cache cold.
 */
async function timePublicPagesThroughput() {
  const returningVisitor = await returningVisitorCookies(origin);
  const { cards } = (await (await fetch(`${origin}/api/cards`)).json()) as { cards: { id: string }[] };
  const buyer = await signedInBuyer(origin, "bench-throughput");
  return timeThroughput(origin, [
    ...visitorAndBuyerCases({
      returningVisitor,
      sharePath: `/share/${cards[0]?.id ?? ""}`,
      buyer: { Authorization: buyer.authorization },
      cardPath: `/cards/${cards[10]?.id ?? cards[0]?.id ?? ""}`,
    }),
    { label: "/ (cache cold: a new URL each time)", path: "/", headers: returningVisitor, cold: true },
  ]);
}

/** The steps, in the order they run; `npm run bench -- <step> ...` runs only those named (bench/README.md). */
const STEPS = ["upload", "cold-start", "pages", "library", "pdf", "images", "email-forms", "throughput", "lighthouse", "counts"] as const;
type Step = (typeof STEPS)[number];
const named = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = named.filter((name) => !(STEPS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown step ${unknown.join(", ")}: the steps are ${STEPS.join(", ")}`);
const runs = (step: Step) => named.length === 0 || named.includes(step);
/** The steps that need the app served (`npm start`'s server without the inspector). */
const servedSteps: Step[] = ["pages", "library", "pdf", "images", "email-forms", "throughput", "lighthouse"];
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(", ");
const loadAtStart = loadAverage();

// The cold start measures the bundle this step writes, so it runs for either.
const size = runs("upload") || runs("cold-start") ? await bundleSize() : null;
// A fresh isolate of the bundle just written, before the dev server loads the machine.
const coldStart = runs("cold-start") ? await timeColdStart(outdir) : null;

if (servedSteps.some(runs)) {
  // The images bench needs images not yet drawn: the local R2 and edge cache hold only regenerable renders, so both
  // start empty.
  rmSync(".wrangler/state/v3/r2", { recursive: true, force: true });
  rmSync(".wrangler/state/v3/cache", { recursive: true, force: true });

  const launchedAt = Date.now();
  // `npm start`'s server without wrangler's DevTools inspector, as the constant Workers run (scripts/lib/serve-without-inspector.ts).
  const server = spawn("npx", ["tsx", "scripts/start.ts"], {
    env: { ...process.env, ...offlineWranglerEnv, PORT: port, WITHOUT_INSPECTOR: "1" },
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitForOk(`${origin}/`, 120_000);
    const devServerStart = Date.now() - launchedAt;
    const rows: [string, { p50: number; p95: number }][] = [];
    if (runs("pages")) {
      for (const path of ["/", "/?category=evening", "/sample-card", "/api/cards"]) {
        await timePage(path, 3); // warm up
        rows.push([path, await timePage(path, 30)]);
      }
    }
    const signIn = runs("pages") ? await timeSignIns(6) : null;
    const library = runs("library") ? await timeLibrary() : null;
    const pdf = runs("pdf") ? await timeCollectionPdf() : null;
    const images = runs("images") ? await timeCardImages() : null;
    const emailForms = runs("email-forms") ? await timeEmailForms(origin) : null;
    const throughput = runs("throughput") ? await timePublicPagesThroughput() : null;
    const landingWrites = runs("throughput") ? await countVisitorLandingWrites(origin, ".wrangler/state") : null;
    const lighthouseRuns: LighthouseFigures[] = [];
    const buyerLighthouseRuns: LighthouseFigures[] = [];
    if (runs("lighthouse")) {
      // Five runs: on a 2-core machine one build scores 81 to 97 from run to run (docs/decisions/031-first-paint-styles-fonts-icons.md).
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) lighthouseRuns.push(await runLighthouse(`${origin}/`));
      // The buyer's library as a browser meets it: the session cookie of a sign-in through the /login form.
      const buyerSession = await buyerLibrarySession(origin, "bench-lighthouse");
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) buyerLighthouseRuns.push(await runLighthouse(`${origin}/cards`, buyerSession));
    }

    console.log(`\nLIGHT Cards benchmark (load average at the start: ${loadAtStart})`);
    printUpload();
    console.log(`npm start cold start (build, migrate, seed, first 200 on /): ${(devServerStart / 1000).toFixed(1)} s`);
    printColdStart();
    if (signIn) {
      console.log("Local response times over 30 requests (wrangler dev, workerd, local D1):");
      for (const [path, timing] of rows) {
        console.log(`  ${path.padEnd(22)} p50 ${timing.p50.toFixed(1)} ms   p95 ${timing.p95.toFixed(1)} ms`);
      }
      console.log(
        `  ${"POST /api/auth/login".padEnd(22)} p50 ${signIn.p50.toFixed(1)} ms   p95 ${signIn.p95.toFixed(1)} ms  (PBKDF2-SHA256, 100,000 iterations, dominates)`,
      );
    }
    if (library) {
      console.log(`The buyer's library (a buyer with ${library.cardCount} cards and 20 favourites, 30 requests):`);
      console.log(`  ${"/cards".padEnd(22)} p50 ${library.cards.p50.toFixed(1)} ms   p95 ${library.cards.p95.toFixed(1)} ms`);
      console.log(`  ${library.cardPath.padEnd(22)} p50 ${library.card.p50.toFixed(1)} ms   p95 ${library.card.p95.toFixed(1)} ms`);
      console.log(
        `Client JavaScript the /cards route adds to the root (gzip): ${(routeJavaScript("routes/cards._index") / 1024).toFixed(1)} KiB`,
      );
    }
    if (pdf) {
      console.log(
        `Collection PDF (/collection.pdf, a buyer): first request with nothing stored (build + R2 put) ${pdf.build.ms.toFixed(0)} ms, ` +
          `${(pdf.build.size / 1024).toFixed(0)} KiB; from R2 p50 ${pdf.cached.p50.toFixed(1)} ms   p95 ${pdf.cached.p95.toFixed(1)} ms (10 requests)`,
      );
    }
    if (images) {
      console.log("Card images (GET /cards/{id}/image.png, local R2):");
      console.log(`  first render of the isolate (wasm start-up): ${images.first.toFixed(1)} ms`);
      console.log(
        `  ${"cold render 1200x800".padEnd(22)} median ${images.cold.toFixed(1)} ms over ${images.coldCount} card/style pairs (target < 150 ms)`,
      );
      console.log(`  ${"cold render 1080x1920".padEnd(22)} median ${images.wallpaper.toFixed(1)} ms over 5 cards (warm style)`);
      console.log(`  ${"cached (edge cache)".padEnd(22)} median ${images.cached.toFixed(1)} ms over 30 requests (target < 10 ms)`);
      console.log(`  ${"static file (floor)".padEnd(22)} median ${images.staticFile.toFixed(1)} ms over 30 requests of /favicon.svg`);
    }
    if (emailForms) {
      console.log(`Forms that send email (median of ${emailForms.count}, a fresh email each, the email queued):`);
      console.log(`  ${"POST /cards (gate)".padEnd(22)} median ${emailForms.gate.toFixed(1)} ms`);
      console.log(`  ${"POST /forgot-password".padEnd(22)} median ${emailForms.reset.toFixed(1)} ms`);
    }
    if (throughput && landingWrites) {
      console.log(
        "Throughput against a constant Worker with the same bytes (node:http, 8 keep-alive connections, 3 alternating windows of 3 s; " +
          "a new visitor sends no cookie and an address of its own each request, a returning one a browser's cookies after the landing's image):",
      );
      console.log(
        "  (the target is the ratio to the bare constant Worker; beside it, the ratio to the same constant behind the app's static-asset router, which wrangler dev runs in the Worker's process and production runs outside it; " +
          "last, the client's own CPU per request against the app and the constant (far below a request's time: the client sets no ceiling), and workerd's, which the load moves least)",
      );
      for (const row of throughput) {
        const target = row.target === undefined ? "(reported)" : `(target >= ${row.target})`;
        console.log(
          `  ${row.label.padEnd(40)} ratio ${row.ratio.toFixed(2)} ${target.padEnd(16)} (app ${row.app.toFixed(0)} req/s, constant ${row.constant.toFixed(0)} req/s; ` +
            `behind the asset router ${row.constantWithAssets.toFixed(0)} req/s: ratio ${row.ratioWithAssets.toFixed(2)}; ` +
            `client CPU ${row.clientCpuMs.app.toFixed(2)} / ${row.clientCpuMs.constant.toFixed(2)} ms a request, ` +
            `workerd ${row.serverCpuMs.app.toFixed(2)} / ${row.serverCpuMs.constant.toFixed(2)} ms)`,
        );
      }
      console.log(`  (load average after the throughput step: ${loadAverage()})`);
      console.log(
        `KV writes and D1 writes during a visitor's landing: ${landingWrites.kvWrites} and ${landingWrites.d1Writes} ` +
          `(${landingWrites.landings} new visitors' GET /, rows in the local state before and after; ` +
          `${landingWrites.eventRows} event rows written by the events queue's consumer in batches)`,
      );
    }
    const landingJs = pageJavaScript("routes/_index");
    console.log(
      `Client JavaScript the landing page loads (gzip): ${(landingJs / 1000).toFixed(1)} kB, ${(landingJs / BARE_REMIX_JS_BYTES).toFixed(2)}x a bare Remix v2 app (84 kB; target <= 1.25x)`,
    );
    if (runs("lighthouse")) {
      for (const line of describeLighthouse("the landing page", lighthouseRuns, LANDING_LIGHTHOUSE_TARGETS)) console.log(line);
      for (const line of describeLighthouse("/cards as a signed-in buyer", buyerLighthouseRuns, BUYER_LIBRARY_LIGHTHOUSE_TARGETS))
        console.log(line);
    }
    console.log(`  (load average while the bench ran: ${loadAverage()}; Lighthouse moves with it)`);
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
} else {
  console.log(`\nLIGHT Cards benchmark (load average at the start: ${loadAtStart})`);
  printUpload();
  printColdStart();
}

function printUpload() {
  if (!size || !runs("upload")) return;
  const total = size.script.gzip + size.wasm.gzip + size.fonts.gzip;
  console.log(
    `Worker upload (as wrangler deploy ships it, not minified): script ${kib(size.script.raw)} (gzip ${kib(size.script.gzip)}), ` +
      `wasm ${kib(size.wasm.raw)} (gzip ${kib(size.wasm.gzip)}), fonts ${kib(size.fonts.raw)} (gzip ${kib(size.fonts.gzip)}); ` +
      `${kib(total)} gzip in all (free plan limit 3 MiB gzip)`,
  );
}

function printColdStart() {
  if (coldStart) for (const line of describeColdStart(coldStart)) console.log(line);
}

// The capacity model's counts (docs/capacity.md): the counting Worker (bench/counting-worker.ts) on its own fresh state, once the
// timed server above is gone, on the same two ports (the app's and, for firing the crons, the constant Worker's).
if (runs("counts")) {
  printRequestCounts(await measureRequestCounts(port, process.env.BENCH_CONSTANT_PORT ?? "8796"));
  console.log(`  (load average at the end: ${loadAverage()})`);
}
