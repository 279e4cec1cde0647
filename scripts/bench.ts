/**
 * `npm run bench`: prints the figures the issues ask for. Not a test: it measures and reports.
 * - Worker bundle size (minified, gzip), from `wrangler deploy --dry-run`
 * - cold start of `npm start`: from launch to the first 200 on /
 * - server timings of the main pages under `wrangler dev` (p50 / p95 over repeated requests)
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { offlineWranglerEnv, run } from "./lib/run";

const port = process.env.BENCH_PORT ?? "8799";
const origin = `http://127.0.0.1:${port}`;
const outdir = "/tmp/light-cards-bench-bundle";

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

async function bundleSize() {
  rmSync(outdir, { recursive: true, force: true });
  await run("npx", ["remix", "build"]);
  await run("npx", ["wrangler", "deploy", "--dry-run", "--minify", "--outdir", outdir]);
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(outdir)) {
    const path = join(outdir, file);
    if (!statSync(path).isFile() || file.endsWith(".map")) continue;
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

async function waitForOk(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timePage(path: string, count: number) {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(`${origin}${path}`);
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
    await fetch(`${origin}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password, confirmPassword: password }),
    });
    const outbox = await (await fetch(`${origin}/dev/outbox?to=${encodeURIComponent(email)}`)).text();
    const token = /token=([A-Za-z0-9_-]+)/.exec(outbox)?.[1];
    await fetch(`${origin}/api/auth/verify-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
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

const size = await bundleSize();

const launchedAt = Date.now();
const server = spawn("npx", ["tsx", "scripts/start.ts"], {
  env: { ...process.env, ...offlineWranglerEnv, PORT: port },
  stdio: "ignore",
  detached: true,
});
try {
  await waitForOk(`${origin}/`, 120_000);
  const coldStart = Date.now() - launchedAt;
  const rows: [string, { p50: number; p95: number }][] = [];
  for (const path of ["/", "/?category=evening", "/sample-card", "/api/cards"]) {
    await timePage(path, 3); // warm up
    rows.push([path, await timePage(path, 30)]);
  }

  const signIn = await timeSignIns(6);

  console.log("\nLIGHT Cards benchmark");
  console.log(`Worker bundle (minified): ${kib(size.raw)}, gzip ${kib(size.gzip)} (free plan limit 3 MiB gzip)`);
  console.log(`npm start cold start (build, migrate, seed, first 200 on /): ${(coldStart / 1000).toFixed(1)} s`);
  console.log("Local response times over 30 requests (wrangler dev, workerd, local D1):");
  for (const [path, timing] of rows) {
    console.log(`  ${path.padEnd(22)} p50 ${timing.p50.toFixed(1)} ms   p95 ${timing.p95.toFixed(1)} ms`);
  }
  console.log(
    `  ${"POST /api/auth/login".padEnd(22)} p50 ${signIn.p50.toFixed(1)} ms   p95 ${signIn.p95.toFixed(1)} ms  (PBKDF2-SHA256, 100,000 iterations, dominates)`,
  );
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}
