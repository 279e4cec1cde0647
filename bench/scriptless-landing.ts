/**
 * The landing's own document with no script at all, served beside the app: the floor under the landing's main thread
 * that no hydration work can go below (docs/performance.md, "The landing beside a bare Remix page"). It asks the
 * running app for the landing as a browser's first visit does, removes every <script> and module preload, and serves
 * those bytes by wrangler's dev server without its inspector, behind the app's static assets (public/, so the fonts,
 * styles and icon sprite are the app's own), as the app itself is served:
 *
 *   npm run build && WITHOUT_INSPECTOR=1 PORT=8798 npx tsx scripts/start.ts     # the app
 *   npx tsx bench/scriptless-landing.ts http://127.0.0.1:8798 8796                # its document, no scripts
 *   npx tsx bench/bare-remix/serve.ts 8797                                         # a bare Remix page
 *   LIGHTHOUSE_ORIGIN=http://127.0.0.1:8798,http://127.0.0.1:8796,http://127.0.0.1:8797 npx tsx bench/lighthouse.ts / 5
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { unstable_startWorker } from "wrangler";
import { BROWSER_UA, newVisitorAddress } from "./lib/throughput";

const appOrigin = process.argv[2] ?? "http://127.0.0.1:8798";
const port = Number(process.argv[3] ?? "8796");

const landing = await fetch(`${appOrigin}/`, { headers: { "User-Agent": BROWSER_UA, ...newVisitorAddress() } });
if (!landing.ok) throw new Error(`${appOrigin}/ answered ${landing.status}`);
const html = await landing.text();
const scriptless = html
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
  .replace(/<link\b[^>]*rel="(?:modulepreload|lc-modulepreload)"[^>]*\/?>/g, "");
console.log(`The landing: ${html.length} bytes; without its scripts: ${scriptless.length} bytes`);

const dir = `/tmp/light-cards-scriptless-${port}`;
mkdirSync(dir, { recursive: true });
writeFileSync(
  join(dir, "index.js"),
  `const body = ${JSON.stringify(scriptless)};
export default {
  fetch(request) {
    if (new URL(request.url).pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};
`,
);
writeFileSync(
  join(dir, "wrangler.toml"),
  `name = "scriptless-landing"\nmain = "index.js"\ncompatibility_date = "2026-04-01"\n[assets]\ndirectory = ${JSON.stringify(resolve("public"))}\n`,
);
Object.assign(process.env, { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" });
const worker = await unstable_startWorker({
  config: join(dir, "wrangler.toml"),
  dev: { server: { hostname: "127.0.0.1", port }, inspector: false, liveReload: false },
});
await worker.ready;
console.log(`The landing's document without scripts is on http://127.0.0.1:${port}/`);
