/**
 * Seeds a local D1 database with the collection from db/seed.
 * Without arguments it seeds the one `wrangler dev` and `wrangler d1 execute DB --local` use
 * (.wrangler/state); `--persist-to DIR` matches wrangler's flag of the same name.
 */
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../db/client";
import { seedCollection } from "../db/seed/seed";
import { seedDevelopmentAdmin } from "./lib/dev-admin";
import { offlineWranglerEnv } from "./lib/run";

Object.assign(process.env, offlineWranglerEnv);

/** Seeds the collection and, for local runs, the development admin, into `binding` (a local D1). */
export async function seedDatabase(binding: D1Database) {
  const db = createDb(binding);
  const counts = await seedCollection(db);
  await seedDevelopmentAdmin(db);
  console.log(`Seeded ${counts.cards} cards in ${counts.categories} categories and ${counts.badges} badges.`);
}

/** Seeds the local D1 that `wrangler dev` serves (or the one under `persistTo`), through wrangler's platform proxy. */
export async function seedLocalDatabase({ persistTo }: { persistTo?: string } = {}) {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    persist: persistTo ? { path: join(persistTo, "v3") } : true,
  });
  try {
    await seedDatabase(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flag = process.argv.indexOf("--persist-to");
  await seedLocalDatabase({ persistTo: flag > 0 ? process.argv[flag + 1] : undefined });
}
