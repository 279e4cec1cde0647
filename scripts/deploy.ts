/**
 * `npm run deploy`: provisions what is missing on the Cloudflare account, migrates and seeds D1, and deploys
 * (docs/decisions/029-deploy-and-operations.md). Running it again changes nothing but the code.
 *   --dry-run     everything that needs no account: build, bundle with `wrangler deploy --dry-run`, size, plan
 *   --skip-build  use the build already in build/ and public/ (npm test builds just before its dry run)
 *   --config P    the wrangler config to deploy from (default wrangler.toml, which stays the local one)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { STRIPE_WEBHOOK_EVENTS, STRIPE_WEBHOOK_PATH } from "../app/modules/payments/webhook-events";
import { describeBundleSize, measureBundle } from "./lib/bundle-size";
import {
  type DeployTarget,
  declaredSecrets,
  placeholderIdProblems,
  productionConfigText,
  productionVarProblems,
  RENDER_RETENTION_RULES,
  REQUIRED_SECRETS,
  readDeployTarget,
} from "./lib/deploy-config";
import { ensureResources } from "./lib/deploy-resources";
import { run } from "./lib/run";
import { collectionSeedSql } from "./lib/seed-sql";
import { parseJsonOutput, parseLabelledNames, parseVersion, runWrangler, wrangler } from "./lib/wrangler-cli";

/** The generated, git-ignored files of a deploy: the production config and the seed SQL. */
const DEPLOY_DIR = ".wrangler/deploy";

class DeployStopped extends Error {}

function stop(lines: string[]): never {
  throw new DeployStopped(lines.join("\n"));
}

function step(title: string) {
  console.log(`\n▶ ${title}`);
}

function argValue(args: string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
}

async function preflight({ dryRun }: { dryRun: boolean }) {
  step("Preflight");
  const nodeMajor = Number(process.versions.node.split(".")[0]);
  if (nodeMajor < 20) stop([`Node ${process.versions.node} is too old: the deploy needs Node 20 or newer.`]);
  const version = parseVersion(await wrangler(["--version"]));
  if (!version || version.major < 4) stop([`wrangler ${version?.text ?? "(unknown)"} is too old: the deploy needs wrangler 4.`]);
  console.log(`  Node ${process.versions.node}, wrangler ${version.text}`);
  if (dryRun) return;
  const whoami = await runWrangler(["whoami", "--json"]);
  const user =
    whoami.code === 0 ? parseJsonOutput<{ loggedIn?: boolean; email?: string; accounts?: { name: string }[] }>(whoami.stdout) : null;
  if (!user?.loggedIn) stop(["Not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then deploy again."]);
  const accounts = (user.accounts ?? []).map((account) => account.name).join(", ");
  console.log(`  Signed in as ${user.email ?? "an API token"}${accounts ? ` (account: ${accounts})` : ""}`);
}

function checkVars(target: DeployTarget) {
  step(`Checking ${target.configPath}`);
  const problems = productionVarProblems(target.vars);
  if (problems.length > 0) stop(problems.map((problem) => `Refusing to deploy: ${problem}`));
  console.log(`  ENVIRONMENT=production, APP_ORIGIN=${String(target.vars.APP_ORIGIN)}`);
}

/** Stops with one line per secret production needs and the Worker lacks; prints names only, never a value. */
async function checkSecrets(target: DeployTarget) {
  step("Secrets");
  const declared = declaredSecrets(readFileSync(join(dirname(resolve(target.configPath)), ".dev.vars.example"), "utf8"));
  const undeclared = REQUIRED_SECRETS.filter((name) => !declared.includes(name));
  if (undeclared.length > 0) stop(undeclared.map((name) => `${name} is required but not declared in .dev.vars.example.`));
  const listed = await runWrangler(["secret", "list", "--format", "json", "--config", target.configPath]);
  // A Worker that was never deployed and has no secret yet does not exist: wrangler answers "not found".
  const workerMissing = listed.code !== 0 && /not found|10007/i.test(`${listed.stdout}${listed.stderr}`);
  if (listed.code !== 0 && !workerMissing) stop([`wrangler secret list failed: ${listed.stderr.trim().split("\n").pop()}`]);
  const present = workerMissing ? [] : parseJsonOutput<{ name: string }[]>(listed.stdout).map((secret) => secret.name);
  const missing = REQUIRED_SECRETS.filter((name) => !present.includes(name));
  if (missing.length > 0) {
    stop(missing.map((name) => `Missing secret ${name}: set it with \`npx wrangler secret put ${name}\` (see .dev.vars.example).`));
  }
  console.log(`  ${REQUIRED_SECRETS.join(", ")}: set`);
}

async function applyRetentionRules(bucket: string) {
  step(`Retention rules on R2 bucket ${bucket}`);
  const existing = parseLabelledNames(await wrangler(["r2", "bucket", "lifecycle", "list", bucket]));
  for (const rule of RENDER_RETENTION_RULES) {
    if (existing.includes(rule.name)) {
      console.log(`  ${rule.name}: exists`);
      continue;
    }
    const expireDays = String(rule.days);
    await wrangler(["r2", "bucket", "lifecycle", "add", bucket, rule.name, rule.prefix, "--expire-days", expireDays, "--force"]);
    console.log(`  ${rule.name}: added (${rule.prefix} objects expire after ${rule.days} days)`);
  }
}

async function build(skip: boolean) {
  step("Build");
  if (skip) console.log("  skipped (--skip-build): using build/ and public/ as they are");
  else await run("npm", ["run", "build"]);
}

function printPlan(target: DeployTarget) {
  step("Plan (each found by name on the account, created when missing)");
  const plan = [
    `D1 database ${target.database.name} (binding ${target.database.binding})`,
    `KV namespace ${target.kvNamespace.title} (binding ${target.kvNamespace.binding})`,
    `R2 bucket ${target.bucket}, lifecycle rules ${RENDER_RETENTION_RULES.map((rule) => rule.prefix).join(" and ")}`,
    ...target.queues.map((queue) => `Queue ${queue}`),
    `Secrets checked: ${REQUIRED_SECRETS.join(", ")}`,
    `Generated config ${DEPLOY_DIR}/wrangler.production.toml (wrangler.toml keeps the placeholders)`,
    `D1 migrations applied remotely; the collection seeded with ${DEPLOY_DIR}/seed.sql`,
    `wrangler deploy of Worker ${target.workerName}`,
  ];
  for (const line of plan) console.log(`  - ${line}`);
}

async function dryRun(target: DeployTarget, skipBuild: boolean) {
  await build(skipBuild);
  step("Bundle (wrangler deploy --dry-run)");
  const outdir = mkdtempSync(join(tmpdir(), "light-cards-bundle-"));
  try {
    await wrangler(["deploy", "--dry-run", "--outdir", outdir, "--config", target.configPath]);
    const { lines, over } = describeBundleSize(measureBundle(outdir));
    for (const line of lines) console.log(`  ${line}`);
    if (over.length > 0) stop(over.map((limit) => `The bundle is over the ${limit} limit.`));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  printPlan(target);
  console.log("\nDry run complete: nothing was created or deployed.");
}

async function deploy(target: DeployTarget, skipBuild: boolean) {
  await checkSecrets(target);
  step("Resources");
  const ids = await ensureResources(target);

  mkdirSync(DEPLOY_DIR, { recursive: true });
  const productionConfig = resolve(DEPLOY_DIR, "wrangler.production.toml");
  const configText = productionConfigText(target, ids);
  const placeholders = placeholderIdProblems(configText);
  if (placeholders.length > 0) stop(placeholders.map((problem) => `Refusing to deploy: ${problem}`));
  writeFileSync(productionConfig, configText);
  console.log(`  Wrote ${DEPLOY_DIR}/wrangler.production.toml`);

  step("D1 migrations (remote)");
  await wrangler(["d1", "migrations", "apply", target.database.binding, "--remote", "--config", productionConfig], { echo: true });

  step("Seeding the collection (remote)");
  const seedFile = resolve(DEPLOY_DIR, "seed.sql");
  writeFileSync(seedFile, collectionSeedSql());
  await wrangler(["d1", "execute", target.database.binding, "--remote", "--yes", "--file", seedFile, "--config", productionConfig]);
  console.log("  Collection upserted");

  await applyRetentionRules(target.bucket);
  await build(skipBuild);

  step("Deploy");
  const output = await wrangler(["deploy", "--config", productionConfig], { echo: true });
  const origin = String(target.vars.APP_ORIGIN).replace(/\/$/, "");
  const workersUrl = /https:\/\/\S+\.workers\.dev/.exec(output)?.[0];
  console.log(`\n✔ Deployed ${target.workerName}${workersUrl ? ` (${workersUrl})` : ""}: ${origin}`);
  console.log(`Stripe webhook endpoint: ${origin}${STRIPE_WEBHOOK_PATH}`);
  console.log(`  events: ${STRIPE_WEBHOOK_EVENTS.join(", ")}`);
}

const args = process.argv.slice(2);
const isDryRun = args.includes("--dry-run");
try {
  await preflight({ dryRun: isDryRun });
  const target = readDeployTarget(argValue(args, "--config") ?? "wrangler.toml");
  checkVars(target);
  if (isDryRun) await dryRun(target, args.includes("--skip-build"));
  else await deploy(target, args.includes("--skip-build"));
} catch (error) {
  console.error(error instanceof DeployStopped ? `\n${error.message}` : `\n✖ ${(error as Error).message}`);
  process.exit(1);
}
