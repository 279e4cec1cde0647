/**
 * A stand-in for wrangler 4 with no Cloudflare account behind it: it records each call (one JSON line per call in
 * $FAKE_WRANGLER_DIR/calls.jsonl) and answers from an account kept in $FAKE_WRANGLER_DIR/account.json, in the shapes
 * wrangler 4.86 prints: JSON for `whoami --json`, `d1 list --json`, `kv namespace list` and `secret list`; labelled
 * `name:` blocks for `r2 bucket list` and `r2 bucket lifecycle list`; a box-drawn table for `queues list`.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.FAKE_WRANGLER_DIR;
if (!dir) throw new Error("FAKE_WRANGLER_DIR is not set");
const accountFile = join(dir, "account.json");
const args = process.argv.slice(2);
appendFileSync(join(dir, "calls.jsonl"), `${JSON.stringify(args)}\n`);

const account = JSON.parse(readFileSync(accountFile, "utf8"));
const save = () => writeFileSync(accountFile, JSON.stringify(account, null, 2));
const print = (text) => process.stdout.write(`${text}\n`);
const banner = () => print(" ⛅️ wrangler 4.86.0\n───────────────────");
const command = args.join(" ");
const hexId = (length) => Array.from({ length }, (_, i) => "0123456789abcdef"[(account.nextId * 7 + i * 3 + 1) % 16]).join("");
const newId = (length) => {
  account.nextId += 1;
  return hexId(length);
};

function fail(message) {
  process.stderr.write(`✘ [ERROR] ${message}\n`);
  process.exit(1);
}

if (args[0] === "--version") {
  print("4.86.0");
} else if (command.startsWith("whoami")) {
  if (!account.loggedIn) fail(JSON.stringify({ loggedIn: false }));
  print(
    JSON.stringify({ loggedIn: true, authType: "OAuth Token", email: "seller@example.com", accounts: [{ id: "acc1", name: "Seller" }] }),
  );
} else if (command.startsWith("d1 list")) {
  print(
    JSON.stringify(
      account.d1.map(({ uuid, name }) => ({
        uuid,
        name,
        created_at: "2026-11-24T10:00:00.000Z",
        version: "production",
        num_tables: 0,
        file_size: 12288,
      })),
    ),
  );
} else if (command.startsWith("d1 create")) {
  banner();
  const uuid = `${newId(8)}-${hexId(4)}-${hexId(4)}-${hexId(4)}-${hexId(12)}`;
  account.d1.push({ uuid, name: args[2] });
  save();
  print(
    `✅ Successfully created DB '${args[2]}'\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${args[2]}"\ndatabase_id = "${uuid}"`,
  );
} else if (command.startsWith("kv namespace list")) {
  print(
    JSON.stringify(
      account.kv.map(({ id, title }) => ({ id, title, supports_url_encoding: true })),
      null,
      "  ",
    ),
  );
} else if (command.startsWith("kv namespace create")) {
  banner();
  const id = newId(32);
  account.kv.push({ id, title: args[3] });
  save();
  print(`🌀 Creating namespace with title "${args[3]}"\n✨ Success!`);
} else if (command.startsWith("r2 bucket list")) {
  banner();
  print("Listing buckets...");
  print(account.r2.map((name) => `name:           ${name}\ncreation_date:  2026-11-24T10:00:00.000Z`).join("\n\n"));
} else if (command.startsWith("r2 bucket create")) {
  account.r2.push(args[3]);
  save();
  print(`Creating bucket '${args[3]}'...\n✅ Created bucket '${args[3]}' with default storage class of Standard.`);
} else if (command.startsWith("r2 bucket lifecycle")) {
  const [, , , action, bucket, name, prefix] = args;
  account.lifecycle[bucket] ??= [];
  if (action === "list") {
    print(`Listing lifecycle rules for bucket '${bucket}'...`);
    if (account.lifecycle[bucket].length === 0) print(`There are no lifecycle rules for bucket '${bucket}'.`);
    print(
      account.lifecycle[bucket]
        .map((rule) => `name:     ${rule.name}\nenabled:  Yes\nprefix:   ${rule.prefix}\naction:   Expire objects after ${rule.days} days`)
        .join("\n\n"),
    );
  } else {
    const days = Number(args[args.indexOf("--expire-days") + 1]);
    account.lifecycle[bucket].push({ name, prefix, days });
    save();
    print(`✨ Added lifecycle rule '${name}' to bucket '${bucket}'.`);
  }
} else if (command.startsWith("queues list")) {
  const rows = account.queues.map((name, i) => `│ ${String(i + 1).padEnd(32)} │ ${name.padEnd(24)} │ 2026-11-24 │ 2026-11-24 │ 0 │ 0 │`);
  print(["┌────┐", "│ id │ name │ created_on │ modified_on │ producers │ consumers │", "├────┤", ...rows, "└────┘"].join("\n"));
} else if (command.startsWith("queues create")) {
  account.queues.push(args[2]);
  save();
  print(`🌀 Creating queue '${args[2]}'\n✅ Created queue '${args[2]}'`);
} else if (command.startsWith("secret list")) {
  if (!account.workerExists) fail("A request to the Cloudflare API failed.\n  This Worker does not exist on your account. [code: 10007]");
  print(
    JSON.stringify(
      account.secrets.map((name) => ({ name, type: "secret_text" })),
      null,
      "  ",
    ),
  );
} else if (command.startsWith("d1 migrations apply") || command.startsWith("d1 execute")) {
  banner();
  print("🚣 Executed commands.");
} else if (command.startsWith("d1 export")) {
  writeFileSync(args[args.indexOf("--output") + 1], `-- export of ${args[2]}\nCREATE TABLE users (id TEXT);\n`);
  print(`🌀 Executing on remote database ${args[2]}:\n🌀 Downloading SQL to ${args[args.indexOf("--output") + 1]}\n🎉 Done!`);
} else if (command.startsWith("deploy") && args.includes("--dry-run")) {
  const outdir = args[args.indexOf("--outdir") + 1];
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, "index.js"), "export default {};\n".repeat(1000));
  print("--dry-run: exiting now.");
} else if (command.startsWith("deploy")) {
  account.workerExists = true;
  account.deploys += 1;
  save();
  print(
    "Uploaded light-cards (3.10 sec)\nDeployed light-cards triggers (0.80 sec)\n  https://light-cards.seller.workers.dev\nCurrent Version ID: 1",
  );
} else {
  fail(`The fake wrangler does not know \`wrangler ${args.join(" ")}\``);
}
