/**
 * `npm start`: build, migrate and seed the local D1, then serve on http://localhost:8787
 * (PORT overrides) in development mode: test payments and a local email outbox, the email queue's consumer
 * running in the same Worker, and the Cron Triggers reachable by hand at /__scheduled.
 */
import { DEV_ADMIN } from "./lib/dev-admin";
import { run } from "./lib/run";
import { runQuietly, serveQuietly } from "./lib/run-quietly";
import { serveWithoutInspector } from "./lib/serve-without-inspector";
import { developmentVapidKeys } from "./lib/vapid-keys";
import { seedLocalDatabase } from "./seed";

const port = process.env.PORT ?? "8787";
const origin = `http://localhost:${port}`;
const startedAt = Date.now();

await run("npx", ["remix", "build"]);
await run("npx", ["tsx", "scripts/build-service-worker.ts"]);
// wrangler prints a table of every migration, applied or not (a clock icon beside each reads like "pending"): one
// line says what happened instead, and a failure prints all of it.
const migrations = await runQuietly("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], { CI: "true" });
const migrationCount = new Set(migrations.match(/\d{4}_[\w-]+\.sql/g)).size;
console.log(migrationCount > 0 ? `Local database: ${migrationCount} migrations applied.` : "Local database: up to date.");
await seedLocalDatabase();

/** What a newcomer needs, printed last, once the server answers (so no table pushes it off the screen). */
const summary = () =>
  console.log(`
LIGHT Cards is running on ${origin} (development mode; ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)
  Local admin:  ${DEV_ADMIN.email}  /  ${DEV_ADMIN.password}   (sign in at ${origin}/login)
  Email outbox: ${origin}/dev/outbox
  Daily card:   curl "${origin}/__scheduled?cron=*/15+*+*+*+*"   (clean-up: cron=30+3+*+*+*)
  Stop:         Ctrl+C
`);

// Web Push's keys: development's own, made once into .dev.vars (docs/decisions/046-web-push.md).
const vars = { ENVIRONMENT: "development", APP_ORIGIN: origin, ADMIN_EMAILS: DEV_ADMIN.email, ...(await developmentVapidKeys()) };
if (process.env.WITHOUT_INSPECTOR === "1") {
  // The bench's server: the same dev server without its DevTools inspector (serve-without-inspector.ts says why).
  await serveWithoutInspector({ config: "wrangler.toml", port: Number(port), vars, testScheduled: true });
  summary();
} else {
  await serveQuietly(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      port,
      "--ip",
      "127.0.0.1",
      // /__scheduled?cron=... fires a Cron Trigger by hand (README, Development); the email queue's consumer runs here too.
      "--test-scheduled",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { ready: /Ready on http/, onReady: summary },
  );
}
