import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

/** A Drizzle handle over a D1 binding; built per request from the request's env. */
export function createDb(d1: D1Database): Database {
  return drizzle(d1, { schema });
}
