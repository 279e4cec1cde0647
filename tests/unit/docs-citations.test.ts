import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Code, SQL and docs cite decision records and other docs by path (docs/decisions/NNN-title.md, or docs/decisions/NNN
 * for short). A record renamed, split or renumbered leaves its citations pointing nowhere; this finds them.
 */
const SCANNED = /\.(ts|tsx|js|mjs|cjs|sql|md|css|toml|json)$/;
/** A `docs/` path, not part of a URL or another path (so https://remix.run/docs/... is not one). */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/]/g;

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => SCANNED.test(file) && file !== "package-lock.json" && existsSync(file));
}

/** The path exists, or (docs/decisions/NNN) exactly one record has that number. */
function citedPathExists(path: string): boolean {
  if (existsSync(path)) return true;
  const shortRecord = /^docs\/decisions\/(\d{3})$/.exec(path);
  if (!shortRecord) return false;
  return readdirSync("docs/decisions").filter((name) => name.startsWith(`${shortRecord[1]}-`)).length === 1;
}

describe("citations of docs/", () => {
  it("every docs/ path cited in code, SQL and docs exists", () => {
    const missing: string[] = [];
    let citations = 0;
    for (const file of trackedFiles()) {
      for (const [path] of readFileSync(file, "utf8").matchAll(DOCS_PATH)) {
        // NNN is how a doc names "a record's number" (docs/decisions/NNN-title.md), not a citation.
        if (path.includes("NNN")) continue;
        citations += 1;
        if (!citedPathExists(path)) missing.push(`${file}: ${path}`);
      }
    }
    expect(citations, "the scan finds the citations at all").toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
