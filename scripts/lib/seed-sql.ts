import { createDb } from "../../db/client";
import { collectionSeedStatements } from "../../db/seed/seed";

/**
 * The collection's upsert (db/seed/seed.ts, the statements `npm start` runs locally) as one SQL file for
 * `wrangler d1 execute --remote --file`: each statement with its parameters written in as SQL literals.
 * Drizzle only renders the statements here; nothing is sent, so the handle needs no database.
 */
export function collectionSeedSql(): string {
  const renderOnly = createDb({} as D1Database);
  const statements = collectionSeedStatements(renderOnly).map((statement) => {
    const { sql, params } = statement.toSQL();
    return `${inlineParams(sql, params)};`;
  });
  return `-- The LIGHT Cards collection (generated from db/seed by npm run deploy; safe to run again).\n${statements.join("\n")}\n`;
}

/** Replaces each `?` placeholder, in order, with its value as a literal (a `?` inside a string literal is left alone). */
export function inlineParams(sql: string, params: unknown[]): string {
  let next = 0;
  const rendered = sql.replace(/'(?:[^']|'')*'|\?/g, (token) => (token === "?" ? sqlLiteral(params[next++]) : token));
  if (next !== params.length) throw new Error(`Seed SQL: ${params.length} parameters for ${next} placeholders`);
  return rendered;
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`Seed SQL: no literal for a ${typeof value} parameter`);
}
