/**
 * wrangler's own dev server (the workerd, static-asset router and local bindings `wrangler dev` runs) without its
 * DevTools inspector: the server the bench measures (docs/decisions/037-fixed-cost-per-request.md, "Measuring: the
 * bench's servers run without wrangler's DevTools inspector"). With the inspector attached, wrangler mirrors every
 * subrequest a Worker makes to its Node process as DevTools network events (a D1 query is four of them, its whole
 * answer in base64): on a buyer's card page that cost more CPU than the page itself, a cost the constant Worker
 * (which makes no subrequest) never paid and production never has. `npm start` keeps the inspector, for debugging.
 *
 * Run directly, it serves a configuration until killed: `npx tsx scripts/lib/serve-without-inspector.ts <config> <port>`.
 */
import { pathToFileURL } from "node:url";
import { unstable_startWorker } from "wrangler";

export type ServeOptions = {
  /** The wrangler configuration file, relative to the working directory. */
  config: string;
  port: number;
  /** Plain-text variables over the configuration's (`wrangler dev --var`). */
  vars?: Record<string, string>;
  /** `/__scheduled?cron=` fires a Cron Trigger (`wrangler dev --test-scheduled`). */
  testScheduled?: boolean;
};

/** Serves until the process ends; resolves once the server is ready. */
export async function serveWithoutInspector(options: ServeOptions): Promise<void> {
  const worker = await unstable_startWorker({
    config: options.config,
    bindings: Object.fromEntries(Object.entries(options.vars ?? {}).map(([name, value]) => [name, { type: "plain_text", value }])),
    dev: {
      server: { hostname: "127.0.0.1", port: options.port },
      inspector: false,
      testScheduled: options.testScheduled,
      liveReload: false,
    },
  });
  await worker.ready;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [config, port] = process.argv.slice(2);
  if (!config || !port) throw new Error("usage: serve-without-inspector.ts <wrangler config> <port>");
  await serveWithoutInspector({ config, port: Number(port) });
}
