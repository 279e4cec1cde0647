/**
 * `npm run backup`: exports the production D1 database (schema and rows) to backups/<database>-<UTC time>.sql.
 * For a point in time within the last 30 days, D1 Time Travel restores in place instead (README, Backups).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { readDeployTarget } from "./lib/deploy-config";
import { wrangler } from "./lib/wrangler-cli";

const PRODUCTION_CONFIG = ".wrangler/deploy/wrangler.production.toml";

if (!existsSync(PRODUCTION_CONFIG)) {
  console.error(`No ${PRODUCTION_CONFIG}: run \`npm run deploy\` first (it finds the database and writes its id there).`);
  process.exit(1);
}
const { database } = readDeployTarget(PRODUCTION_CONFIG);
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, "Z")
  .replaceAll(":", "-");
mkdirSync("backups", { recursive: true });
const output = join("backups", `${database.name}-${stamp}.sql`);
try {
  await wrangler(["d1", "export", database.name, "--remote", "--output", output, "--config", PRODUCTION_CONFIG], { echo: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`\n✔ Backed up ${database.name} to ${output}`);
