import { spawn } from "node:child_process";
import { offlineWranglerEnv } from "./run";

/**
 * Runs a command with its output held back: on success nothing is printed (the caller says what happened in a line
 * of its own), on failure everything it printed is, then the promise rejects. For steps whose normal output reads
 * like a problem to a newcomer (wrangler's table of migrations, each with a clock icon).
 */
export function runQuietly(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...offlineWranglerEnv, ...env } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) return resolve(output);
      process.stderr.write(output);
      reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Runs a server, holding back what it prints before it is ready (wrangler's banner, its table of some forty bindings,
 * its "types might be out of date" hint, which the Worker types check already covers) except errors and warnings
 * of its own. Once a line matches `ready`, `onReady` prints what a newcomer needs, last on the screen; from then on
 * the server's output passes through. If the server ends before it is ready, everything it printed is shown.
 */
export function serveQuietly(command: string, args: string[], options: { ready: RegExp; onReady: () => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...offlineWranglerEnv } });
    let ready = false;
    let held = "";
    const pass = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      if (ready) return void stream.write(chunk);
      held += chunk;
      const lines = held.split("\n");
      held = lines.pop() ?? "";
      for (const line of lines) {
        if (options.ready.test(line)) {
          ready = true;
          options.onReady();
        } else if (ready || /✘|\[ERROR\]|\bError\b/.test(line)) {
          stream.write(`${line}\n`);
        }
      }
    };
    const all: string[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      if (!ready) all.push(chunk.toString());
      pass(process.stdout)(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (!ready) all.push(chunk.toString());
      pass(process.stderr)(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (!ready) process.stderr.write(all.join(""));
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} ended (${signal ?? `exit ${code}`})`));
    });
  });
}
