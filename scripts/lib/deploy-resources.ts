import type { DeployTarget, ResourceIds } from "./deploy-config";
import { parseJsonOutput, parseLabelledNames, parseTableColumn, wrangler } from "./wrangler-cli";

/**
 * Finds each resource wrangler.toml names on the account and creates the ones that are missing, then reads the ids
 * back from the listings (never from a create command's prose). A second run finds everything and creates nothing.
 */
export async function ensureResources(target: DeployTarget): Promise<ResourceIds> {
  const databaseId = await ensureDatabase(target.database.name);
  const kvNamespaceId = await ensureKvNamespace(target.kvNamespace);
  await ensureBucket(target.bucket);
  await ensureQueues(target.queues);
  return { databaseId, kvNamespaceId };
}

function report(kind: string, name: string, created: boolean) {
  console.log(`  ${kind} ${name}: ${created ? "created" : "exists"}`);
}

async function listDatabases() {
  return parseJsonOutput<{ uuid: string; name: string }[]>(await wrangler(["d1", "list", "--json"]));
}

async function ensureDatabase(name: string): Promise<string> {
  let found = (await listDatabases()).find((database) => database.name === name);
  const created = !found;
  if (!found) {
    await wrangler(["d1", "create", name]);
    found = (await listDatabases()).find((database) => database.name === name);
  }
  report("D1 database", name, created);
  if (!found) throw new Error(`D1 database ${name} was created but is not listed by wrangler d1 list`);
  return found.uuid;
}

async function listNamespaces() {
  return parseJsonOutput<{ id: string; title: string }[]>(await wrangler(["kv", "namespace", "list"]));
}

async function ensureKvNamespace({ title, legacyTitle }: DeployTarget["kvNamespace"]): Promise<string> {
  const pick = (namespaces: { id: string; title: string }[]) =>
    namespaces.find((namespace) => namespace.title === title) ?? namespaces.find((namespace) => namespace.title === legacyTitle);
  let found = pick(await listNamespaces());
  const created = !found;
  if (!found) {
    await wrangler(["kv", "namespace", "create", title]);
    found = pick(await listNamespaces());
  }
  report("KV namespace", found?.title ?? title, created);
  if (!found) throw new Error(`KV namespace ${title} was created but is not listed by wrangler kv namespace list`);
  return found.id;
}

async function ensureBucket(name: string) {
  const exists = parseLabelledNames(await wrangler(["r2", "bucket", "list"])).includes(name);
  if (!exists) await wrangler(["r2", "bucket", "create", name]);
  report("R2 bucket", name, !exists);
}

async function ensureQueues(names: string[]) {
  const existing = parseTableColumn(await wrangler(["queues", "list"]), "name");
  for (const name of names) {
    const exists = existing.includes(name);
    if (!exists) await wrangler(["queues", "create", name]);
    report("Queue", name, !exists);
  }
}
