/** Writes public/sw.js from service-worker/sw.ts and the current client build (scripts/lib/service-worker.ts). */
import { writeFileSync } from "node:fs";
import { buildServiceWorker, SERVICE_WORKER_FILE } from "./lib/service-worker";

const { code, files, version } = await buildServiceWorker();
writeFileSync(SERVICE_WORKER_FILE, code);
console.log(`Wrote ${SERVICE_WORKER_FILE} (${code.length} bytes; shell ${version}, ${files.length} build files)`);
