/**
 * Throughput of the app's pages against a constant Worker that answers the very same bytes, both under the project's
 * own wrangler on this machine, measured side by side (absolute times here are noise; the ratio is the figure).
 * Used by scripts/bench.ts against its running app.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { offlineWranglerEnv } from "./run";

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

/** Starts a Worker that answers each captured path with its bytes, in a directory of its own (not this wrangler.toml). */
async function startConstantWorker(pages: Page[], port: string): Promise<() => void> {
  const dir = "/tmp/light-cards-bench-constant";
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
  writeFileSync(join(dir, "wrangler.toml"), 'name = "constant"\nmain = "index.js"\ncompatibility_date = "2026-04-01"\n');
  const wrangler = resolve("node_modules/.bin/wrangler");
  const server = spawn(wrangler, ["dev", "--port", port, "--ip", "127.0.0.1"], {
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

type ThroughputRow = { label: string; app: number; constant: number; ratio: number };

/**
 * For each case: the app's requests per second and the constant Worker's for the same bytes, alternating windows.
 * `cold` cases ask for a new URL each time (a query the page ignores), so the app's edge cache never holds it.
 */
export async function timeThroughput(
  appOrigin: string,
  cases: { label: string; path: string; headers?: Record<string, string>; cold?: boolean }[],
  constantPort = process.env.BENCH_CONSTANT_PORT ?? "8796",
): Promise<ThroughputRow[]> {
  const pages: Page[] = [];
  for (const entry of cases) {
    const headers = { "User-Agent": BROWSER_UA, ...entry.headers };
    await (await fetch(`${appOrigin}${entry.path}`, { headers })).arrayBuffer(); // the first visit fills the cache
    const response = await fetch(`${appOrigin}${entry.path}`, { headers });
    pages.push({ path: entry.path, body: await response.text(), contentType: response.headers.get("Content-Type") ?? "text/html" });
  }
  const stop = await startConstantWorker(pages, constantPort);
  const constantOrigin = `http://127.0.0.1:${constantPort}`;
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
      for (let round = 0; round < ROUNDS; round++) {
        app += await requestsPerSecond(appUrl, headers, WINDOW_MS);
        constant += await requestsPerSecond(() => `${constantOrigin}${entry.path}`, {}, WINDOW_MS);
      }
      rows.push({ label: entry.label, app: app / ROUNDS, constant: constant / ROUNDS, ratio: app / constant });
    }
    return rows;
  } finally {
    stop();
  }
}
