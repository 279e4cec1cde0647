import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLEANUP_CRON } from "~/modules/maintenance/cleanup.server";
import { createVerifiedUser, fetchApp, ORIGIN, runSchedule } from "./helpers";
import { buyer, type Caller, paidCard } from "./library-support";

const NOW = Date.parse("2026-09-01T03:30:00Z");
const DAY = 86_400_000;

async function userId(email: string) {
  const row = await env.DB.prepare("SELECT id FROM users WHERE lower(email) = lower(?)").bind(email).first<{ id: string }>();
  return row!.id;
}

async function ids(table: string, prefix: string) {
  const { results } = await env.DB.prepare(`SELECT id FROM ${table} WHERE id LIKE ? ORDER BY id`).bind(`${prefix}%`).all<{ id: string }>();
  return results.map((row) => row.id);
}

async function insertOutbox(id: string, status: string, createdAt: number) {
  await env.DB.prepare(
    `INSERT INTO email_outbox (id, "to", "from", subject, text, html, status, attempts, created_at) VALUES (?, 'old@example.com', 'x', 's', 't', 'h', ?, 1, ?)`,
  )
    .bind(id, status, createdAt)
    .run();
}

describe("the daily clean-up", () => {
  // What the clean-up keeps would stay in the database the files share: a queued email 200 days old is what the
  // quarter-hourly schedule puts back on the queue, so a later file running it met this file's made-up outbox id.
  afterEach(async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM daily_card_sends WHERE id LIKE 'cleanup-%'"),
      env.DB.prepare("DELETE FROM email_outbox WHERE id LIKE 'cleanup-%'"),
    ]);
  });

  it("deletes expired sessions, used or expired one-time tokens and sent email older than 90 days, and nothing else", async () => {
    // The Worker test files share one database (docs/decisions/028-test-harness.md): a first run clears what the files
    // before this one left, so the counts below are this test's own.
    const quiet = vi.spyOn(console, "log").mockImplementation(() => {});
    await runSchedule(CLEANUP_CRON, new Date(NOW));
    quiet.mockRestore();
    const { email } = await createVerifiedUser();
    const user = await userId(email);
    const session = env.DB.prepare("INSERT INTO sessions (id, user_id, persistent, expires_at, created_at) VALUES (?, ?, 0, ?, ?)");
    const token = env.DB.prepare(
      "INSERT INTO one_time_tokens (id, user_id, purpose, expires_at, used_at, created_at) VALUES (?, ?, 'sign_in', ?, ?, ?)",
    );
    await env.DB.batch([
      session.bind("cleanup-session-expired", user, NOW - 1, NOW - 2 * DAY),
      session.bind("cleanup-session-live", user, NOW + DAY, NOW - 2 * DAY),
      token.bind("cleanup-token-used", user, NOW + 600_000, NOW - 60_000, NOW - 120_000),
      token.bind("cleanup-token-expired", user, NOW - 1, null, NOW - DAY),
      token.bind("cleanup-token-live", user, NOW + 600_000, null, NOW - 60_000),
    ]);
    // More expired sessions than one delete batch takes (500), so the batching is exercised.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1201)
       INSERT INTO sessions (id, user_id, persistent, expires_at, created_at) SELECT 'cleanup-bulk-' || i, ?, 0, ?, ? FROM n`,
    )
      .bind(user, NOW - DAY, NOW - 3 * DAY)
      .run();
    await insertOutbox("cleanup-mail-sent-old", "sent", NOW - 91 * DAY);
    await insertOutbox("cleanup-mail-sent-recent", "sent", NOW - 89 * DAY);
    await insertOutbox("cleanup-mail-failed-old", "failed", NOW - 200 * DAY);
    await insertOutbox("cleanup-mail-queued-old", "queued", NOW - 200 * DAY);
    const daily = env.DB.prepare(
      "INSERT INTO daily_card_sends (id, user_id, day, card_id, outbox_id, created_at) VALUES (?, ?, ?, 'c', ?, ?)",
    );
    await env.DB.batch([
      daily.bind("cleanup-daily-old", user, "2026-05-01", "cleanup-mail-sent-old", NOW - 91 * DAY),
      daily.bind("cleanup-daily-recent", user, "2026-06-05", "cleanup-mail-sent-recent", NOW - 89 * DAY),
    ]);

    // A gift written before its payment and never paid goes after 30 days; a paid one, however old, stays (047).
    const gift = env.DB.prepare(
      `INSERT INTO gifts (id, giver_name, giver_email, recipient_name, recipient_email, deliver_on, time_zone, status, created_at)
       VALUES (?, 'Ruth', 'ruth@example.com', 'Naomi', 'naomi@example.com', '2026-06-10', 'UTC', ?, ?)`,
    );
    await env.DB.batch([
      gift.bind("cleanup-gift-unpaid-old", "pending", NOW - 31 * DAY),
      gift.bind("cleanup-gift-unpaid-recent", "pending", NOW - 29 * DAY),
      gift.bind("cleanup-gift-paid-old", "paid", NOW - 200 * DAY),
    ]);

    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await runSchedule(CLEANUP_CRON, new Date(NOW));

    expect(await ids("gifts", "cleanup-")).toEqual(["cleanup-gift-paid-old", "cleanup-gift-unpaid-recent"]);
    expect(await ids("sessions", "cleanup-")).toEqual(["cleanup-session-live"]);
    expect(await ids("one_time_tokens", "cleanup-")).toEqual(["cleanup-token-live"]);
    expect(await ids("email_outbox", "cleanup-")).toEqual([
      "cleanup-mail-failed-old",
      "cleanup-mail-queued-old",
      "cleanup-mail-sent-recent",
    ]);
    expect(await ids("daily_card_sends", "cleanup-")).toEqual(["cleanup-daily-recent"]);
    // Three tokens: the two above and the account's own verification link, used when it was verified.
    const notes = log.mock.calls
      .map((call) => JSON.parse(String(call[0])) as { type?: string; what?: string })
      .filter((line) => line.type === "note");
    expect(notes.map((line) => line.what)).toContain(
      "Clean-up: deleted 1202 expired sessions, 3 used or expired one-time tokens, 1 sent emails and 1 daily-card records older than 90 days; " +
        "A/B events older than 2 days folded into daily totals: 0 clicks, 0 visitors' page views; " +
        "0 recordings of cards no longer in the collection, 1 gifts never paid in 30 days",
    );

    // The account itself, and its verification (a used token, now gone), are untouched: it still signs in.
    expect(await userId(email)).toBe(user);
  });

  it("deletes the recordings of a card taken out of the collection, and keeps the recordings of every other card", async () => {
    const me = await buyer("cleanup-voice");
    const kept = await paidCard();
    // A card that will leave the collection: a copy of a seeded one under its own id.
    const leaving = "cleanup-leaving-card";
    const { results: columns } = await env.DB.prepare("SELECT name FROM pragma_table_info('affirmation_cards')").all<{ name: string }>();
    const names = columns.map((column) => column.name);
    await env.DB.prepare(
      `INSERT INTO affirmation_cards (${names.join(", ")}) SELECT ${names.map((name) => (name === "id" ? "?" : name)).join(", ")} FROM affirmation_cards WHERE id = ?`,
    )
      .bind(leaving, kept.id)
      .run();
    for (const cardId of [leaving, kept.id]) expect((await record(me, cardId)).status).toBe(201);

    // The seed removes a card in SQL alone (db/seed/seed.ts): its recording rows go with it, its bytes stay.
    await env.DB.prepare("DELETE FROM affirmation_cards WHERE id = ?").bind(leaving).run();
    expect(await env.CARD_ASSETS.head(`recordings/${me.id}/${leaving}`)).not.toBeNull();

    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await runSchedule(CLEANUP_CRON, new Date(NOW));
    expect(await env.CARD_ASSETS.head(`recordings/${me.id}/${leaving}`)).toBeNull();
    expect(await env.CARD_ASSETS.head(`recordings/${me.id}/${kept.id}`)).not.toBeNull();
    const played = await fetchApp(`/recordings/${kept.id}`, { headers: { Cookie: me.cookie } });
    expect(played.status).toBe(200);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(WEBM);
    const notes = log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes("Clean-up:"));
    expect(notes.join("\n")).toContain("1 recordings of cards no longer in the collection");
  });
});

/** The first bytes of a WebM recording (what Chromium's MediaRecorder writes), padded. */
const WEBM = (() => {
  const bytes = new Uint8Array(256);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84]);
  bytes.set(new TextEncoder().encode("webm"), 16);
  return bytes;
})();

function record(caller: Pick<Caller, "cookie">, cardId: string) {
  const form = new FormData();
  form.append("recording", new Blob([WEBM], { type: "audio/webm" }), "recording.webm");
  return fetchApp(`/recordings/${cardId}`, {
    method: "POST",
    headers: { Cookie: caller.cookie, Origin: ORIGIN, Accept: "application/json" },
    body: form,
  });
}
