/**
 * What would the landing's simulated LCP be if ...? (docs/decisions/036-landing-lcp.md, "Replaying recorded runs").
 * Lighthouse's mobile LCP is a simulation (Lantern) computed from a recorded load: its network log and its trace. This
 * replays one recorded load with its network log edited, and prints the LCP and FCP the simulation then gives, so a
 * change can be sized before it is built.
 *
 *   npx lighthouse http://127.0.0.1:8799/ -G=/tmp/run1 --chrome-path=/usr/bin/chromium \
 *     --chrome-flags="--headless=new --no-sandbox" --only-categories=performance      # record a load
 *   npx tsx bench/lighthouse-what-if.ts /tmp/run1                                   # as recorded
 *   npx tsx bench/lighthouse-what-if.ts /tmp/run1 drop:woff2                        # without the fonts
 *   npx tsx bench/lighthouse-what-if.ts /tmp/run1 'scale:8799/$=0.5'                # the document half its size
 *   npx tsx bench/lighthouse-what-if.ts /tmp/run1 h2 tls                            # one HTTP/2 connection over TLS
 *   npx tsx bench/lighthouse-what-if.ts /tmp/run1 --graph                           # and what the LCP waited for
 *
 * Edits, applied in order: `drop:<regex>` removes the requests whose URL matches; `scale:<regex>=<factor>` scales their
 * bytes; `h2` puts every request on the document's connection as HTTP/2 (how Cloudflare serves it); `tls` makes the
 * origin https, so the document pays for a TLS handshake as a phone's first visit does. `--graph` also prints the
 * simulated LCP's nodes (each request and main-thread task it waited for, with its simulated start and end).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

type LogEvent = { method: string; params: Record<string, unknown> & { requestId?: string } };
type Response = { connectionId: number; connectionReused: boolean; protocol: string; timing?: Record<string, number> };

const printGraph = process.argv.includes("--graph");
const [source, ...edits] = process.argv.slice(2).filter((arg) => arg !== "--graph");
if (!source) throw new Error("Usage: npx tsx bench/lighthouse-what-if.ts <artifacts dir from lighthouse -G> [edit ...]");

const copy = mkdtempSync(join(tmpdir(), "lighthouse-what-if-"));
try {
  cpSync(source, copy, { recursive: true });
  if (edits.includes("tls")) {
    // Every URL in the recording (log, trace, artifacts) moves to https.
    for (const name of readdirSync(copy)) {
      const file = join(copy, name);
      writeFileSync(file, readFileSync(file, "utf8").replace(/http:\/\/(127\.0\.0\.1|localhost)/g, "https://$1"));
    }
  }
  const logFile = join(copy, "defaultPass.devtoolslog.json");
  let log = JSON.parse(readFileSync(logFile, "utf8")) as LogEvent[];
  const urls = new Map<string, string>();
  for (const event of log) {
    if (event.method === "Network.requestWillBeSent")
      urls.set(String(event.params.requestId), (event.params.request as { url: string }).url);
  }
  const urlOf = (event: LogEvent) => (event.params.requestId ? (urls.get(String(event.params.requestId)) ?? "") : "");

  for (const edit of edits) {
    const [kind, argument = ""] = edit.split(/:(.*)/s);
    if (kind === "drop") {
      const pattern = new RegExp(argument);
      log = log.filter((event) => !pattern.test(urlOf(event)));
    } else if (kind === "scale") {
      const [expression = "", factorText = "1"] = argument.split(/=(?=[^=]*$)/);
      const pattern = new RegExp(expression);
      const factor = Number(factorText);
      for (const event of log) {
        if (!pattern.test(urlOf(event))) continue;
        for (const field of ["encodedDataLength", "dataLength"] as const) {
          if (typeof event.params[field] === "number") event.params[field] = Math.round((event.params[field] as number) * factor);
        }
      }
    } else if (kind === "h2" || kind === "tls") {
      let documentConnection: number | null = null;
      for (const event of log) {
        if (event.method !== "Network.responseReceived") continue;
        const response = event.params.response as Response;
        if (documentConnection === null) {
          documentConnection = response.connectionId;
          response.connectionReused = false;
          if (kind === "tls" && response.timing) {
            response.timing.sslStart = response.timing.connectStart ?? -1;
            response.timing.sslEnd = response.timing.connectEnd ?? -1;
          }
        } else if (kind === "h2") {
          response.connectionReused = true;
        }
        if (kind === "h2") {
          response.connectionId = documentConnection;
          response.protocol = "h2";
        }
      }
    } else {
      throw new Error(`Unknown edit ${edit}`);
    }
  }
  writeFileSync(logFile, JSON.stringify(log));

  // The LCP is simulated twice: first from the (edited) network log, for the metric; then from the trace's own
  // network events, for an insight, which the edits do not reach. The graph printed is the first one's.
  let lcpGraph: Map<SimulatedNode, { startTime: number; endTime: number }> | null = null;
  const simulate = Lantern.Simulation.Simulator.prototype.simulate;
  Lantern.Simulation.Simulator.prototype.simulate = function (this: unknown, graph: unknown, options?: { label?: string }) {
    const result = simulate.call(this, graph as never, options as never);
    if (options?.label === "optimisticLargestContentfulPaint") lcpGraph ??= result.nodeTimings as never;
    return result;
  } as typeof simulate;
  const artifacts = JSON.parse(readFileSync(join(copy, "artifacts.json"), "utf8")) as { URL: { finalDisplayedUrl: string } };
  const result = await lighthouse(artifacts.URL.finalDisplayedUrl, {
    auditMode: copy,
    onlyCategories: ["performance"],
    output: "json",
    logLevel: "error",
  });
  const audits = result?.lhr.audits;
  const ms = (id: string) => `${Math.round(audits?.[id]?.numericValue ?? Number.NaN)} ms`;
  console.log(`${edits.join(" ") || "as recorded"}: LCP ${ms("largest-contentful-paint")}, FCP ${ms("first-contentful-paint")}`);
  if (printGraph && lcpGraph) printLcpGraph(lcpGraph);
} finally {
  rmSync(copy, { recursive: true, force: true });
}

type SimulatedNode = {
  type: string;
  duration: number;
  didPerformLayout?: () => boolean;
  request?: { url: string; priority: string; transferSize: number; connectionId: number };
};

/** The simulated LCP's nodes (the optimistic graph, which the metric mostly follows), in simulated start order. */
function printLcpGraph(timings: Map<SimulatedNode, { startTime: number; endTime: number }>) {
  for (const [node, { startTime, endTime }] of [...timings].sort(([, a], [, b]) => a.startTime - b.startTime)) {
    const what = node.request
      ? `${new URL(node.request.url).pathname} (${node.request.priority}, ${node.request.transferSize} B, connection ${node.request.connectionId})`
      : `main thread ${Math.round(node.duration / 1000)} ms${node.didPerformLayout?.() ? ", layout" : ""}`;
    console.log(`  ${String(Math.round(startTime)).padStart(5)}-${String(Math.round(endTime)).padEnd(5)} ${what}`);
  }
}
