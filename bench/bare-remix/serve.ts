/**
 * A bare Remix v2 page served as the bench serves the app (docs/performance.md, "The landing in Lighthouse"): built by
 * the repo's own Remix compiler (nothing is downloaded), then served by wrangler's dev server without its DevTools
 * inspector, static assets before the Worker. The baseline for the landing's total blocking time:
 *
 *   npx tsx bench/bare-remix/serve.ts 8797        # from the repo's root; serves until stopped
 *
 * Self-contained on purpose: it imports nothing from the app, so the baseline stays a bare page.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.argv[2] ?? process.env.PORT ?? "8797");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

execFileSync(join(here, "../../node_modules/.bin/remix"), ["build"], { cwd: here, stdio: "inherit", env });
Object.assign(process.env, env);
const worker = await unstable_startWorker({
  config: join(here, "wrangler.toml"),
  dev: { server: { hostname: "127.0.0.1", port }, inspector: false, liveReload: false },
});
await worker.ready;
console.log(`The bare Remix page is on http://127.0.0.1:${port}/`);
