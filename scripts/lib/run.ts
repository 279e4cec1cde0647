import { spawn } from "node:child_process";

/** Environment for wrangler on machines without network access beyond the package registry. */
export const offlineWranglerEnv = {
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  VITE_CJS_IGNORE_WARNING: "true",
};

/** Runs a command with inherited stdio; rejects with a readable message when it fails. */
export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, ...offlineWranglerEnv, ...env },
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}
