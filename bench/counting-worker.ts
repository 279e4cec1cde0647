/**
 * The bench's Worker entry: the app's own (worker/index.ts, the handlers `createWorker` returns from the Remix build)
 * with every binding, the context and the edge cache counted (lib/binding-counts.ts, docs/decisions/034). Served by
 * the request-counts step over wrangler.toml's bindings (`WORKER_ENTRY=bench/counting-worker.ts
 * scripts/e2e-server.ts`); never deployed.
 */
import worker from "../worker/index";
import { countingWorker } from "./lib/binding-counts";

export default countingWorker(worker);
