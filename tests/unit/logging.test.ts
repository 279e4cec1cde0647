/**
 * What the Worker logs and keeps of an error goes through one function, `scrubbed` (app/modules/observability/
 * log.server.ts): no query's bound values, no email address. Server code reports problems with `logProblem`, never a
 * bare `console.*` that would print an error's text as it is.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeError, scrubbed } from "~/modules/observability/log.server";

/** Code that runs only in the browser: its console is the reader's own. */
const BROWSER_ONLY = new Set(["app/hooks/use-activity.ts", "app/modules/offline/register-service-worker.ts", "app/root.tsx"]);
/** The log module itself. */
const LOGGERS = new Set(["app/modules/observability/log.server.ts"]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("scrubbed", () => {
  it("keeps a failed query's SQL and drops its bound values and any address", () => {
    const error = new Error('Failed query: select "id" from "users" where lower("users"."email") = ?\nparams: grace@example.com', {
      cause: new Error("D1_ERROR: no such table: users"),
    });
    const described = JSON.stringify(describeError(error));
    expect(described).toContain('select \\"id\\" from \\"users\\"');
    expect(described).toContain("params: (not logged)");
    expect(described).toContain("no such table: users");
    expect(described).not.toContain("grace@example.com");
    expect(scrubbed("Resend refused ruth.b+cards@mail.example.org: invalid")).toBe("Resend refused (address): invalid");
  });
});

describe("server code", () => {
  it("reports problems through logProblem, never a bare console call", () => {
    const offenders = ["app", "worker"]
      .flatMap(sourceFiles)
      .filter((file) => !BROWSER_ONLY.has(file) && !LOGGERS.has(file))
      .filter((file) => /\bconsole\.(log|info|warn|error|debug)\(/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
