/**
 * `npm run simulate:experiments`: sends 2,000 simulated visitors through the local app (the real Worker under
 * `wrangler dev`, in a state directory of its own) and prints the Experiments table /admin shows. Not a test: a
 * demonstration that assignment, counting and the statistics work end to end.
 *
 * Each visitor opens the landing page with no cookie and is assigned by the app. Behaviour is drawn at random, with
 * variant B of hero_messaging and cta_button made somewhat more persuasive, so the table has something to find:
 * 30% click a preview card; 12% (16% with the B button label) click a buy button (hero 50%, pricing 30%, final 20%);
 * of those, 25% (35% after the B headline) pay with the test card.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { getLandingCopy } from "../app/content/landing-copy";
import { CTA_PLACEMENTS, type Variant } from "../app/modules/experiments/experiments";
import { DEV_ADMIN } from "./lib/dev-admin";
import { controlPortFor, readyUrlFor } from "./lib/e2e-ports";
import { offlineWranglerEnv, run } from "./lib/run";

const VISITORS = Number(process.env.VISITORS ?? 2000);
const CONCURRENCY = 8;
const port = process.env.SIMULATE_PORT ?? "8797";
const origin = `http://127.0.0.1:${port}`;
const persistTo = ".wrangler/simulate-state";

const copyOf = (hero: Variant, pricing: Variant, cta: Variant) =>
  getLandingCopy({ hero_messaging: hero, pricing_copy: pricing, cta_button: cta }, { price: "$27", cardCount: 0, categoryCount: 0 });
/** A person's browser: Node's own "node" user agent is (rightly) taken for a bot and counted nowhere. */
const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const HERO_B = copyOf("B", "A", "A").hero.headline;
const CTA_B = copyOf("A", "A", "B").ctaLabel;

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function cookiesFrom(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
}

function pick<T>(weighted: [T, number][], fallback: T): T {
  let roll = Math.random();
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return fallback;
}

async function visit(index: number): Promise<void> {
  const page = await fetch(`${origin}/`, { headers: { "User-Agent": BROWSER } });
  const html = await page.text();
  if (!page.ok) throw new Error(`/ answered ${page.status}: ${html.slice(0, 2000)}`);
  const cookie = cookiesFrom(page).join("; ");
  const heroB = decode(/<h1 id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "") === HERO_B;
  const ctaB = decode(html).includes(CTA_B);
  const headers = { Cookie: cookie, Origin: origin, "User-Agent": BROWSER };

  if (Math.random() < 0.3) {
    await fetch(`${origin}/api/experiments/events`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ event: "preview_click", target: "card" }),
    });
  }
  if (Math.random() >= (ctaB ? 0.16 : 0.12)) return;
  const placement = pick(
    CTA_PLACEMENTS.map((name, i) => [name, [0.5, 0.3, 0.2][i] ?? 0]),
    "hero",
  );
  await fetch(`${origin}/checkout?cta=${placement}`, { headers, redirect: "manual" });
  if (Math.random() >= (heroB ? 0.35 : 0.25)) return;
  const paid = await fetch(`${origin}/api/mock-payment`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `simulated-${index}-${Date.now()}@example.com`, name: "Simulated Buyer" }),
  });
  if (!paid.ok) throw new Error(`the test payment answered ${paid.status}: ${await paid.text()}`);
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(readyUrlFor(controlPortFor(port)))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The local app did not start");
}

/** Signs the seeded development admin in through the /login form. */
async function adminCookie(): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: DEV_ADMIN.email, password: DEV_ADMIN.password, intent: "password" }),
    redirect: "manual",
  });
  const session = cookiesFrom(response).find((cookie) => cookie.startsWith("lc_session="));
  if (!session) throw new Error(`Admin sign-in failed (${response.status})`);
  return session;
}

/** The Experiments section of /admin, as text: one block per test. */
function experimentsTable(html: string): string {
  const blocks = html.split("<article").slice(1);
  return blocks
    .map((block) => block.slice(0, block.indexOf("</article>")))
    .map((block) => {
      const title = decode(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(block)?.[1] ?? "");
      const header = [...(/<thead>([\s\S]*?)<\/thead>/.exec(block)?.[1] ?? "").matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
        decode(m[1] ?? ""),
      );
      const rows = [...block.matchAll(/<tr data-testid="variant-[AB]">([\s\S]*?)<\/tr>/g)].map((row) =>
        [...(row[1] ?? "").matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decode(cell[1] ?? "")),
      );
      const verdict = decode(/data-testid="experiment-verdict"[^>]*>([\s\S]*?)<\/p>/.exec(block)?.[1] ?? "");
      const widths = header.map((name, column) => Math.max(name.length, ...rows.map((row) => (row[column] ?? "").length)));
      const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
      return [title, line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line), verdict].join("\n");
    })
    .join("\n\n");
}

await run("npx", ["remix", "build"]);
await run("npx", ["tsx", "scripts/build-service-worker.ts"]);
rmSync(persistTo, { recursive: true, force: true });
const server = spawn("npx", ["tsx", "scripts/e2e-server.ts"], {
  env: { ...process.env, ...offlineWranglerEnv, E2E_PORT: port, PERSIST_TO: persistTo },
  stdio: ["ignore", "ignore", process.env.SIMULATE_LOG ? "inherit" : "ignore"],
  detached: true,
});
try {
  await waitForServer();
  const startedAt = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < VISITORS) await visit(next++);
    }),
  );
  // Events are written after each response: give the last ones a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const admin = await (await fetch(`${origin}/admin`, { headers: { Cookie: await adminCookie() } })).text();
  console.log(`\n${VISITORS} simulated visitors in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. /admin shows:\n`);
  console.log(experimentsTable(admin));
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}
