/**
 * `npm run backup`: exports the production D1 database (schema and rows) to backups/<database>-<UTC time>.sql.
 * The export holds every account's address and purchases, so the folder is created 0700 and the file left 0600:
 * nobody else on the machine reads it. `-- --encrypt-to <gpg key id or email>` encrypts it to that public key with
 * GnuPG (`<file>.sql.gpg`, 0600) and deletes the plain export. Keep a backup no longer than the README says.
 * For a point in time within the last 30 days, D1 Time Travel restores in place instead (README, Backups).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readDeployTarget } from "./lib/deploy-config";
import { wrangler } from "./lib/wrangler-cli";

const PRODUCTION_CONFIG = ".wrangler/deploy/wrangler.production.toml";
const BACKUPS = "backups";

const { values } = parseArgs({ options: { "encrypt-to": { type: "string" } } });
const recipient = values["encrypt-to"];

if (!existsSync(PRODUCTION_CONFIG)) {
  console.error(`No ${PRODUCTION_CONFIG}: run \`npm run deploy\` first (it finds the database and writes its id there).`);
  process.exit(1);
}
const { database } = readDeployTarget(PRODUCTION_CONFIG);
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, "Z")
  .replaceAll(":", "-");
mkdirSync(BACKUPS, { recursive: true, mode: 0o700 });
// mkdir's mode applies only to a folder it creates, and under the umask: an older folder is closed too.
chmodSync(BACKUPS, 0o700);
const output = join(BACKUPS, `${database.name}-${stamp}.sql`);
try {
  await wrangler(["d1", "export", database.name, "--remote", "--output", output, "--config", PRODUCTION_CONFIG], { echo: true });
  chmodSync(output, 0o600);
  if (recipient) {
    execFileSync("gpg", ["--batch", "--yes", "--encrypt", "--recipient", recipient, "--output", `${output}.gpg`, output], {
      stdio: "inherit",
    });
    chmodSync(`${output}.gpg`, 0o600);
    rmSync(output);
  }
} catch (error) {
  rmSync(output, { force: true });
  console.error((error as Error).message);
  process.exit(1);
}
console.log(`\n✔ Backed up ${database.name} to ${recipient ? `${output}.gpg (encrypted to ${recipient})` : output}`);
