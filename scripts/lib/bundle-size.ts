import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Workers' size limits as Cloudflare publishes them (docs/decisions/029): the upload after compression may be 3 MB on
 * the Free plan and 10 MB on the Paid plan; uncompressed, a Worker may be 64 MB.
 */
export const WORKER_SIZE_LIMITS = { freeGzip: 3 * 1024 * 1024, paidGzip: 10 * 1024 * 1024, uncompressed: 64 * 1024 * 1024 };

export type BundleSize = { files: number; bytes: number; gzipBytes: number };

/** The size of what `wrangler deploy --dry-run --outdir` wrote (source maps aside: they are not uploaded by default). */
export function measureBundle(outdir: string): BundleSize {
  const files = listFiles(outdir).filter((file) => !file.endsWith(".map"));
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    bytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, bytes, gzipBytes };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** One line per limit, with the share used; `over` lists the limits the bundle exceeds. */
export function describeBundleSize(size: BundleSize): { lines: string[]; over: string[] } {
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  const share = (bytes: number, limit: number) => `${Math.round((bytes / limit) * 100)}%`;
  const checks = [
    { name: "Free plan (3 MB compressed)", bytes: size.gzipBytes, limit: WORKER_SIZE_LIMITS.freeGzip },
    { name: "Paid plan (10 MB compressed)", bytes: size.gzipBytes, limit: WORKER_SIZE_LIMITS.paidGzip },
    { name: "uncompressed (64 MB)", bytes: size.bytes, limit: WORKER_SIZE_LIMITS.uncompressed },
  ];
  return {
    lines: [
      `Bundle: ${size.files} files, ${mib(size.bytes)} uncompressed, ${mib(size.gzipBytes)} gzip.`,
      ...checks.map((check) => `  ${share(check.bytes, check.limit)} of the ${check.name} limit`),
    ],
    over: checks.filter((check) => check.bytes > check.limit).map((check) => check.name),
  };
}
