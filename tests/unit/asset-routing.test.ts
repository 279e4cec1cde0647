/**
 * Which requests skip the static-asset lookup (wrangler.toml, `[assets] run_worker_first`; docs/decisions/037): the
 * app's own API and the buyer's pages go to the Worker first (tests/unit/page-policies.test.ts checks the patterns
 * against the routes). That is only safe while no file in public/ answers to one of those patterns: such a file
 * would never be served again.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

/** Every file under `dir`, as the address the asset router would serve it at. */
function addressesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? addressesUnder(join(dir, entry.name), root) : [`/${relative(root, join(dir, entry.name))}`],
  );
}

/** A run_worker_first pattern as wrangler reads it: `*` matches the rest of the address. */
function matches(pattern: string, address: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${source}$`).test(address);
}

describe("requests that go to the Worker before the static files", () => {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const patterns = config.assets?.run_worker_first;

  it("hide no static file", () => {
    const files = addressesUnder(config.assets?.directory ?? "public");
    expect(files.length).toBeGreaterThan(5);
    const hidden = files.filter((address) => (patterns as string[]).some((pattern) => matches(pattern, address)));
    expect(hidden).toEqual([]);
  });
});
