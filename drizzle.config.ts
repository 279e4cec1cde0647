import { defineConfig } from "drizzle-kit";

// Generates SQL migrations that `wrangler d1 migrations apply DB` reads (it ignores drizzle's meta/).
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
