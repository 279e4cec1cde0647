import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { unstable_readConfig } from "wrangler";

/**
 * What `npm run deploy` reads from wrangler.toml and what it writes beside it (docs/decisions/029): wrangler.toml stays
 * the local configuration, with placeholder ids; the deploy writes a copy with the account's real ids into
 * .wrangler/deploy/ (git-ignored) and deploys that.
 */
export type DeployTarget = {
  configPath: string;
  workerName: string;
  database: { binding: string; name: string };
  kvNamespace: { binding: string; title: string; legacyTitle: string };
  bucket: string;
  queues: string[];
  vars: Record<string, unknown>;
};

export function readDeployTarget(configPath: string): DeployTarget {
  const config = unstable_readConfig({ config: configPath });
  const database = config.d1_databases[0];
  const kv = config.kv_namespaces[0];
  const bucket = config.r2_buckets[0]?.bucket_name;
  if (!config.name || !database?.database_name || !kv || !bucket) {
    throw new Error(`${configPath} must name the Worker and declare its D1 database, KV namespace and R2 bucket`);
  }
  const queueNames = [
    ...(config.queues.producers ?? []).map((producer: { queue: string }) => producer.queue),
    ...(config.queues.consumers ?? []).flatMap((consumer: { queue: string; dead_letter_queue?: string }) => [
      consumer.queue,
      consumer.dead_letter_queue ?? "",
    ]),
  ];
  return {
    configPath,
    workerName: config.name,
    database: { binding: database.binding, name: database.database_name },
    // `wrangler kv namespace create AB_KV` (the README's manual step) titles it "AB_KV"; the deploy names it after the Worker.
    kvNamespace: { binding: kv.binding, title: `${config.name}-${kv.binding}`, legacyTitle: kv.binding },
    bucket,
    queues: [...new Set(queueNames.filter(Boolean))],
    vars: config.vars,
  };
}

/** A zero id (wrangler.toml's placeholder) or none at all. */
export function isPlaceholderId(id: string | undefined): boolean {
  return !id || /^[0-]+$/.test(id);
}

/** One line per setting that would make a production deploy wrong. */
export function productionVarProblems(vars: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (vars.ENVIRONMENT !== "production") {
    problems.push(`ENVIRONMENT is "${String(vars.ENVIRONMENT ?? "")}" in [vars]; production needs "production".`);
  }
  const origin = String(vars.APP_ORIGIN ?? "");
  if (!/^https:\/\/[^/]+/.test(origin)) problems.push(`APP_ORIGIN "${origin}" in [vars] must be an https:// address.`);
  return problems;
}

export type ResourceIds = { databaseId: string; kvNamespaceId: string };

/**
 * wrangler.toml's text with the real ids written in (comments and order kept) and its paths made absolute, since the
 * copy lives in another folder. Each id line is replaced inside its own table only.
 */
export function productionConfigText(target: DeployTarget, ids: ResourceIds): string {
  const sourceDir = dirname(resolve(target.configPath));
  const tables = readFileSync(target.configPath, "utf8").split(/^(?=\[)/m);
  return tables
    .map((table) => {
      if (table.startsWith("[[d1_databases]]")) return table.replace(/^database_id = .*$/m, `database_id = "${ids.databaseId}"`);
      if (table.startsWith("[[kv_namespaces]]")) return table.replace(/^id = .*$/m, `id = "${ids.kvNamespaceId}"`);
      return table;
    })
    .join("")
    .replace(/^(main|directory|migrations_dir) = "(.+)"$/gm, (_line, key: string, path: string) => {
      return `${key} = ${JSON.stringify(resolve(sourceDir, path))}`;
    });
}

/** The ids the deploy's config carries; any placeholder left means a resource was not found. */
export function placeholderIdProblems(configText: string): string[] {
  const ids = [...configText.matchAll(/^(database_id|id) = "([^"]*)"$/gm)];
  return ids
    .filter(([, , id]) => isPlaceholderId(id))
    .map(([, key, id]) => `${key} "${id}" is a placeholder: no real ${key === "id" ? "KV namespace" : "D1 database"} id to deploy with.`);
}

/**
 * The secrets production needs, each declared in .dev.vars.example (the optional ones there, Upstash and OAuth, have a
 * working fallback: the rate-limiting binding, no provider button). Without these the site signs no one in, sells
 * nothing, sends no mail or shares no paid card.
 */
export const REQUIRED_SECRETS = [
  "SESSION_SECRET",
  "SHARE_LINK_SECRETS",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "RESEND_API_KEY",
] as const;

/** The names `.dev.vars.example` declares (`NAME=` lines). */
export function declaredSecrets(exampleText: string): string[] {
  return [...exampleText.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? "");
}

/**
 * Lifecycle rules on the R2 bucket: rendered card images and collection PDFs expire 30 days after they were drawn.
 * Their keys carry the renderer and content version (card-images/v<n>/..., collection-pdf/v<n>/<hash>.pdf), so a render
 * of an earlier version is never read again; a current one that expires is drawn again on its next request.
 */
export const RENDER_RETENTION_RULES = [
  { name: "expire-old-card-images", prefix: "card-images/", days: 30 },
  { name: "expire-old-collection-pdfs", prefix: "collection-pdf/", days: 30 },
] as const;
