import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DAILY_CARD_CRON } from "~/modules/daily-card/daily-card.server";
import { CLEANUP_CRON } from "~/modules/maintenance/cleanup.server";
import { completed, fakeStripe, paidSession, webhook } from "../fakes/stripe";
import { PASSWORD, uniqueEmail } from "../support/identities";
import { consoleErrors, cookieFrom, createVerifiedUser, fetchAppWithEnv, ORIGIN, postJson, runSchedule, visibleText } from "./helpers";

/**
 * The health panel on /admin (docs/decisions/029): the crons' last runs, the day's email and purchases, the last Stripe
 * webhook and what is serving, drawn by the server (it reads the same without JavaScript).
 */
beforeEach(() => {
  // The queue and cron runs print their log lines; this file reads the panel, not the lines.
  vi.spyOn(console, "log").mockImplementation(() => {});
});

/** Signs an admin in (which sends mail of its own) and returns a reader of the panel's text. */
async function signedInAdmin(): Promise<() => Promise<string>> {
  const { email } = await createVerifiedUser(uniqueEmail("health-admin"));
  const vars = { ADMIN_EMAILS: email };
  const signIn = await fetchAppWithEnv(vars, "/login", {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: PASSWORD, intent: "password" }).toString(),
  });
  const cookie = cookieFrom(signIn, "lc_session");
  return () => adminPanel(vars, cookie);
}

async function adminPanel(vars: Record<string, string>, cookie: string): Promise<string> {
  const page = await fetchAppWithEnv(vars, "/admin", { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const section = /<section[^>]*data-testid="health"[\s\S]*?<\/section>/.exec(html)?.[0];
  expect(section, "the health panel").toBeTruthy();
  return visibleText(section ?? "");
}

function count(text: string, label: string): number {
  const match = new RegExp(`${label} (\\d+)`).exec(text);
  if (!match?.[1]) throw new Error(`No "${label}" count in: ${text}`);
  return Number(match[1]);
}

async function insertEmail(status: string, attempts: number, createdAt: number) {
  await env.DB.prepare(
    `INSERT INTO email_outbox (id, "to", "from", subject, text, html, status, attempts, created_at) VALUES (?, 'x@example.com', 'f', 's', 't', 'h', ?, ?, ?)`,
  )
    .bind(crypto.randomUUID(), status, attempts, createdAt)
    .run();
}

describe("the health panel on /admin", () => {
  it("says the crons have not run, no webhook came, and what content and build are serving", async () => {
    // A shop that has just opened: the test files share one database, so what earlier files ran is cleared first.
    await env.DB.prepare("DELETE FROM operation_runs").run();
    const text = await (await signedInAdmin())();
    expect(text).toContain("Daily card: not run yet");
    expect(text).toContain("Clean-up: not run yet");
    expect(text).toContain("Last Stripe webhook None received yet.");
    const version = /Content version ([0-9a-f]{16})/.exec(text)?.[1];
    expect(version).toBeTruthy();
    expect(text).toMatch(/Build [0-9a-f]{8}/);
  });

  it("shows each cron's last run with its outcome and count", async () => {
    await runSchedule(CLEANUP_CRON, new Date("2026-11-24T03:30:00Z"));
    await runSchedule(DAILY_CARD_CRON, new Date("2026-11-24T12:00:00Z"));
    const text = await (await signedInAdmin())();
    expect(text).toMatch(/Daily card: ok, \d+ done at Nov 24, 2026, 12:00 PM UTC/);
    expect(text).toMatch(/Clean-up: ok, \d+ done at Nov 24, 2026, 3:30 AM UTC/);
  });

  it("records a cron that failed, with its error, and the run still fails for Cloudflare", async () => {
    await env.DB.exec("ALTER TABLE sessions RENAME TO sessions_away");
    try {
      await expect(runSchedule(CLEANUP_CRON, new Date("2026-11-25T03:30:00Z"))).rejects.toThrow(/sessions/);
    } finally {
      await env.DB.exec("ALTER TABLE sessions_away RENAME TO sessions");
    }
    // Its log line, at error level, says which cron failed.
    const line = consoleErrors.map((args) => String(args[0])).find((text) => text.includes('"type":"cron"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "error", type: "cron", name: "cron:cleanup", outcome: "failed" });
    consoleErrors.length = 0;
    const text = await (await signedInAdmin())();
    expect(text).toMatch(/Clean-up: failed at Nov 25, 2026, 3:30 AM UTC .*sessions/);
  });

  it("counts the last day's emails as queued, sent, retrying and failed", async () => {
    const adminPanel = await signedInAdmin();
    const before = await adminPanel();
    const now = Date.now();
    await insertEmail("queued", 0, now - 60_000);
    await insertEmail("queued", 2, now - 60_000);
    await insertEmail("sent", 1, now - 60_000);
    await insertEmail("failed", 5, now - 60_000);
    await insertEmail("failed", 5, now - 25 * 3_600_000); // yesterday's: not counted
    const after = await adminPanel();
    for (const label of ["Queued", "Sent", "Retrying", "Failed"]) {
      expect(count(after, label) - count(before, label), label).toBe(1);
    }
    expect(after).toContain("Failed emails are listed below, each with a Resend button.");
  });

  it("counts purchases of the last 24 hours and 7 days, and shows the last verified Stripe webhook", async () => {
    fakeStripe();
    const adminPanel = await signedInAdmin();
    const before = await adminPanel();
    expect((await postJson("/api/mock-payment", { email: uniqueEmail("health-buyer") })).status).toBe(200);
    expect((await webhook(completed(paidSession(uniqueEmail("health-stripe"))))).status).toBe(200);
    // A forged webhook is not a webhook received.
    expect((await webhook(completed(paidSession(uniqueEmail("forged"))), { secret: "whsec_wrong" })).status).toBe(400);
    const after = await adminPanel();
    expect(count(after, "Last 24 hours") - count(before, "Last 24 hours")).toBe(2);
    expect(count(after, "Last 7 days") - count(before, "Last 7 days")).toBe(2);
    expect(after).toMatch(/Last Stripe webhook A payment completed at \w{3} \d+, \d{4}/);
  });
});
