/**
 * `npm run deploy` (scripts/deploy.ts, the real script) against a fake `wrangler` first on PATH
 * (tests/deploy/fake-wrangler.mjs): it records every call and answers from a fake account, in wrangler 4's output
 * shapes. Each test starts from its own account and working folder, so the generated config lands in a temporary
 * folder, never in the checkout's .wrangler/.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../..");
const REQUIRED = ["SESSION_SECRET", "SHARE_LINK_SECRETS", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "RESEND_API_KEY"];

type Account = {
  loggedIn: boolean;
  workerExists: boolean;
  d1: { uuid: string; name: string }[];
  kv: { id: string; title: string }[];
  r2: string[];
  queues: string[];
  secrets: string[];
  lifecycle: Record<string, { name: string; prefix: string; days: number }[]>;
  nextId: number;
  deploys: number;
};

/** A seller who ran `wrangler login` and set the secrets (which creates the Worker), and nothing else. */
function freshAccount(overrides: Partial<Account> = {}): Account {
  return {
    loggedIn: true,
    workerExists: true,
    d1: [],
    kv: [],
    r2: [],
    queues: [],
    secrets: [...REQUIRED],
    lifecycle: {},
    nextId: 0,
    deploys: 0,
    ...overrides,
  };
}

function setUp(account: Account, wranglerToml = readFileSync(join(repo, "wrangler.toml"), "utf8")) {
  const dir = mkdtempSync(join(tmpdir(), "deploy-test-"));
  writeFileSync(join(dir, "account.json"), JSON.stringify(account));
  writeFileSync(join(dir, "calls.jsonl"), "");
  // The checkout's config, or a changed copy of it, beside the checkout's .dev.vars.example and folders.
  const project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "wrangler.toml"),
    wranglerToml.replace(/^(main|directory|migrations_dir) = "(.+)"$/gm, (_l, key, path) => `${key} = ${JSON.stringify(join(repo, path))}`),
  );
  writeFileSync(join(project, ".dev.vars.example"), readFileSync(join(repo, ".dev.vars.example")));
  const cwd = join(dir, "cwd");
  mkdirSync(cwd);

  const runScript = async (script: string, args: string[]) => {
    const child = spawn(join(repo, "node_modules/.bin/tsx"), [join(repo, script), ...args], {
      cwd,
      env: { ...process.env, FAKE_WRANGLER_DIR: dir, PATH: [join(repo, "tests/deploy/fake-bin"), process.env.PATH].join(delimiter) },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
    });
    const [status] = (await once(child, "close")) as [number | null];
    const result = { status, stdout, stderr };
    const calls = readFileSync(join(dir, "calls.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string[]);
    writeFileSync(join(dir, "calls.jsonl"), "");
    return { ...result, calls, account: JSON.parse(readFileSync(join(dir, "account.json"), "utf8")) as Account };
  };
  const deploy = () => runScript("scripts/deploy.ts", ["--skip-build", "--config", join(project, "wrangler.toml")]);
  const backup = (args: string[] = []) => runScript("scripts/backup.ts", args);
  return {
    deploy,
    backup,
    cwd,
    generatedConfig: () => readFileSync(join(cwd, ".wrangler/deploy/wrangler.production.toml"), "utf8"),
    seedSql: () => readFileSync(join(cwd, ".wrangler/deploy/seed.sql"), "utf8"),
  };
}

const creates = (calls: string[][]) =>
  calls.filter((call) => call.includes("create") || call.includes("add")).map((call) => call.join(" "));

// Each deploy starts tsx, loads wrangler's config reader and starts a node process per wrangler call: a few seconds of
// CPU each. The tests run one at a time: side by side on two cores, each waited for all the others, and one took 87 s
// of its 90 on a busy machine. One at a time, each needs only its own few seconds.
describe("npm run deploy", { timeout: 90_000 }, () => {
  it("provisions everything on a first deploy, migrates, seeds, deploys and prints the webhook", async () => {
    const { deploy, generatedConfig, seedSql } = setUp(freshAccount());
    const first = await deploy();
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);

    expect(creates(first.calls)).toEqual([
      "d1 create light-cards",
      "kv namespace create light-cards-AB_KV",
      "r2 bucket create light-cards-assets",
      "queues create light-cards-email",
      "queues create light-cards-events",
      "queues create light-cards-email-dlq",
      "r2 bucket lifecycle add light-cards-assets expire-old-card-images card-images/ --expire-days 30 --force",
      "r2 bucket lifecycle add light-cards-assets expire-old-collection-pdfs collection-pdf/ --expire-days 30 --force",
    ]);
    // The ids the account gave, written where wrangler reads them; the checkout's wrangler.toml keeps its placeholders.
    const config = generatedConfig();
    expect(config).toContain(`database_id = "${first.account.d1[0]?.uuid}"`);
    expect(config).toContain(`id = "${first.account.kv[0]?.id}"`);
    expect(readFileSync(join(repo, "wrangler.toml"), "utf8")).toContain('database_id = "00000000-0000-0000-0000-000000000000"');

    const configFlag = (call: string[]) => call[call.indexOf("--config") + 1];
    const migrate = first.calls.find((call) => call.join(" ").startsWith("d1 migrations apply DB --remote"));
    const seed = first.calls.find((call) => call.join(" ").startsWith("d1 execute DB --remote"));
    const deployCall = first.calls.find((call) => call[0] === "deploy");
    expect(migrate && configFlag(migrate)).toMatch(/\.wrangler\/deploy\/wrangler\.production\.toml$/);
    expect(seed?.[seed.indexOf("--file") + 1]).toMatch(/seed\.sql$/);
    expect(deployCall && configFlag(deployCall)).toMatch(/wrangler\.production\.toml$/);
    // Migrate and seed before the new code goes live.
    expect(first.calls.indexOf(migrate as string[])).toBeLessThan(first.calls.indexOf(seed as string[]));
    expect(first.calls.indexOf(seed as string[])).toBeLessThan(first.calls.indexOf(deployCall as string[]));
    // The seed is the local seed's upsert: every card, keyed by its id.
    expect(seedSql()).toMatch(/insert into "affirmation_cards" .* on conflict \("affirmation_cards"\."id"\) do update set/);

    expect(first.stdout).toContain("https://light-cards.seller.workers.dev");
    expect(first.stdout).toContain("Stripe webhook endpoint: https://lightcards.app/api/stripe/webhook");
    expect(first.stdout).toContain(
      "checkout.session.completed, checkout.session.async_payment_succeeded, charge.refunded, charge.dispute.closed",
    );
  });

  it("creates nothing on a second deploy, and deploys the same ids again", async () => {
    const { deploy, generatedConfig } = setUp(freshAccount());
    await deploy();
    const firstConfig = generatedConfig();
    const second = await deploy();
    expect(second.status).toBe(0);
    expect(creates(second.calls)).toEqual([]);
    expect(generatedConfig()).toBe(firstConfig);
    expect(second.account.deploys).toBe(2);
    expect(second.stdout).toMatch(/D1 database light-cards: exists/);
  });

  it("finds resources a seller made by hand from the README, including the KV namespace titled AB_KV", async () => {
    const account = freshAccount({
      d1: [{ uuid: "5d4c3b2a-1111-2222-3333-444455556666", name: "light-cards" }],
      kv: [{ id: "0123456789abcdef0123456789abcdef", title: "AB_KV" }],
    });
    const { deploy, generatedConfig } = setUp(account);
    const result = await deploy();
    expect(result.status).toBe(0);
    expect(creates(result.calls).filter((call) => call.startsWith("d1") || call.startsWith("kv"))).toEqual([]);
    expect(generatedConfig()).toContain('id = "0123456789abcdef0123456789abcdef"');
  });

  it("stops before changing anything when a secret is missing, with one line naming it and no value", async () => {
    const { deploy } = setUp(freshAccount({ secrets: REQUIRED.filter((name) => name !== "STRIPE_WEBHOOK_SECRET") }));
    const result = await deploy();
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([
      "Missing secret STRIPE_WEBHOOK_SECRET: set it with `npx wrangler secret put STRIPE_WEBHOOK_SECRET` (see .dev.vars.example).",
    ]);
    expect(creates(result.calls)).toEqual([]);
    expect(result.calls.some((call) => call[0] === "deploy")).toBe(false);
  });

  it("refuses placeholder ids: a listed database whose id is the placeholder is never deployed with", async () => {
    const { deploy } = setUp(freshAccount({ d1: [{ uuid: "00000000-0000-0000-0000-000000000000", name: "light-cards" }] }));
    const result = await deploy();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to deploy: database_id "00000000-0000-0000-0000-000000000000" is a placeholder');
    expect(result.calls.some((call) => call[0] === "deploy" || call.includes("migrations"))).toBe(false);
  });

  it("refuses an APP_ORIGIN that is not https, or an ENVIRONMENT other than production", async () => {
    const toml = readFileSync(join(repo, "wrangler.toml"), "utf8")
      .replace('APP_ORIGIN = "https://lightcards.app"', 'APP_ORIGIN = "http://lightcards.app"')
      .replace('ENVIRONMENT = "production"', 'ENVIRONMENT = "development"');
    const { deploy } = setUp(freshAccount(), toml);
    const result = await deploy();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to deploy: ENVIRONMENT is "development" in [vars]; production needs "production".');
    expect(result.stderr).toContain('Refusing to deploy: APP_ORIGIN "http://lightcards.app" in [vars] must be an https:// address.');
    expect(creates(result.calls)).toEqual([]);
  });

  it("backs up the deployed database to a dated file", async () => {
    const { deploy, backup, cwd } = setUp(freshAccount());
    expect((await backup()).stderr).toContain("run `npm run deploy` first");
    await deploy();
    const result = await backup();
    expect(result.status).toBe(0);
    const [call] = result.calls;
    expect(call?.slice(0, 5)).toEqual(["d1", "export", "light-cards", "--remote", "--output"]);
    const output = call?.[5] ?? "";
    expect(output).toMatch(/^backups\/light-cards-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql$/);
    expect(readFileSync(join(cwd, output), "utf8")).toContain("CREATE TABLE");
    // Every account's address is in it: only the owner of the folder and the file may read them.
    expect(statSync(join(cwd, "backups")).mode & 0o777).toBe(0o700);
    expect(statSync(join(cwd, output)).mode & 0o777).toBe(0o600);

    const encrypted = await backup(["--encrypt-to", "owner@lightcards.app"]);
    expect(encrypted.status).toBe(0);
    const plain = encrypted.calls[0]?.[5] ?? "";
    expect(existsSync(join(cwd, plain))).toBe(false);
    expect(readFileSync(join(cwd, `${plain}.gpg`), "utf8")).toContain("BEGIN PGP MESSAGE");
    expect(statSync(join(cwd, `${plain}.gpg`)).mode & 0o777).toBe(0o600);
  });

  it("stops when nobody is signed in to Cloudflare", async () => {
    const { deploy } = setUp(freshAccount({ loggedIn: false }));
    const result = await deploy();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Not signed in to Cloudflare: run `npx wrangler login`");
    expect(result.calls.map((call) => call.join(" "))).toEqual(["--version", "whoami --json"]);
  });
});
