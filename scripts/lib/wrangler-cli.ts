import { spawn } from "node:child_process";

/**
 * Runs the `wrangler` on PATH (npm puts node_modules/.bin first; the deploy test puts a fake before it) and parses
 * what its listings print. Listings with a `--json` flag are read as JSON; `r2 bucket list`, `r2 bucket lifecycle
 * list` and `queues list` print only text in wrangler 4, so their names are read from that text.
 */
export type WranglerResult = { code: number; stdout: string; stderr: string };

/** Runs wrangler with no terminal on stdin (wrangler then asks no questions); streams nothing unless `echo`. */
export function runWrangler(args: string[], { echo = false } = {}): Promise<WranglerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrangler", args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Runs wrangler and returns its output; a failure becomes an error naming the command and wrangler's own message. */
export async function wrangler(args: string[], options: { echo?: boolean } = {}): Promise<string> {
  const result = await runWrangler(args, options);
  if (result.code !== 0) {
    const reason = lastLines(`${result.stderr}\n${result.stdout}`);
    throw new Error(`wrangler ${args.join(" ")} failed (exit ${result.code})${reason ? `:\n${reason}` : ""}`);
  }
  return result.stdout;
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-6).join("\n");
}

/** The JSON a command printed, after any banner line wrangler prints before it. */
export function parseJsonOutput<T>(stdout: string): T {
  const start = stdout.search(/^\s*[[{]/m);
  if (start < 0) throw new Error(`Expected JSON from wrangler, got: ${lastLines(stdout)}`);
  return JSON.parse(stdout.slice(start)) as T;
}

/** `name: value` lines, as `r2 bucket list` and `r2 bucket lifecycle list` print each item's `name:` field. */
export function parseLabelledNames(stdout: string): string[] {
  return [...stdout.matchAll(/^name:\s+(\S+)\s*$/gm)].map((match) => match[1] ?? "");
}

/** The `name` column of the table `queues list` prints (box-drawn or ASCII cells). */
export function parseTableColumn(stdout: string, column: string): string[] {
  const rows = stdout
    .split("\n")
    .filter((line) => /[│|]/.test(line))
    .map((line) =>
      line
        .split(/[│|]/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const header = rows.findIndex((cells) => cells.includes(column));
  if (header < 0) return [];
  const index = rows[header]?.indexOf(column) ?? -1;
  return rows
    .slice(header + 1)
    .map((cells) => cells[index] ?? "")
    .filter(Boolean);
}

/** The first version number wrangler prints for `--version` (after its banner, if any). */
export function parseVersion(stdout: string): { major: number; text: string } | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(stdout);
  return match?.[1] ? { major: Number(match[1]), text: match[0] } : null;
}
