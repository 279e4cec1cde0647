/**
 * Reminders at the buyer's own time (docs/decisions/049-reminders.md), through the real Worker, D1, the email queue and
 * the quarter-hourly cron driven with explicit dates: the morning card at the chosen quarter hour, the evening reminder
 * when it is on, each once per local day, across daylight-saving changes; the same card as /today; and an address not
 * yet confirmed, which gets nothing and is told so.
 */
import { env } from "cloudflare:workers";
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { cardOfTheDay } from "~/modules/cards/card";
import { getCardsFor } from "~/modules/cards/cards.server";
import { DAILY_CARD_CRON } from "~/modules/daily-card/daily-card.server";
import { localClock, localDay } from "~/modules/users/time-zone";
import { fakeHosts } from "../fakes/fetch";
import { uniqueEmail } from "../support/identities";
import { cookieFrom, expectRedirect, fetchApp, latestEmailTo, postForm, postJson, runSchedule, visibleText } from "./helpers";
import { buyer, type Caller, db, signedInUser } from "./library-support";

const QUARTER_HOUR = 15 * 60_000;
const MORNING = "Today's card:%";
const EVENING = "This evening:%";

/** Saves the settings page's reminders form as a browser in `zone` does (the zone travels in the lc_tz cookie). */
function saveReminders(caller: Pick<Caller, "cookie">, zone: string, fields: Record<string, string>) {
  return postForm("/settings", { intent: "reminders", ...fields }, { cookie: `${caller.cookie}; lc_tz=${encodeURIComponent(zone)}` });
}

async function subscribe(caller: Pick<Caller, "cookie">, zone: string, fields: Record<string, string> = {}) {
  const saved = await saveReminders(caller, zone, { newsletterSubscribed: "on", morningTime: "07:00", ...fields });
  expectRedirect(saved, "/settings", 302);
}

/** Delivered reminders of one kind per address. */
async function countsOf(subject: string): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT "to", count(*) AS n FROM email_outbox WHERE status = 'sent' AND subject LIKE ? GROUP BY "to"`,
  )
    .bind(subject)
    .all<{ to: string; n: number }>();
  return new Map(results.map((row) => [row.to, row.n]));
}

const PUSH_HOST = "push.example.test";
/** The cron run under way, so a push service answering it knows when. */
let runningAt = "";

/** A push service that accepts every message and keeps, per device, the cron runs whose message reached it. */
function fakePushService() {
  const reached = new Map<string, string[]>();
  fakeHosts([PUSH_HOST], async (request) => {
    reached.set(request.url, [...(reached.get(request.url) ?? []), runningAt]);
    return new Response(null, { status: 201 });
  });
  return reached;
}

/** Turns on notifications for one device of `caller`, as the settings page does: a real P-256 key and auth secret. */
async function addDevice(caller: Pick<Caller, "cookie">): Promise<string> {
  const keys = crypto.createECDH("prime256v1");
  keys.generateKeys();
  const endpoint = `https://${PUSH_HOST}/send/${crypto.randomUUID()}`;
  const subscription = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") },
  };
  const added = await postForm(
    "/settings/notifications",
    { intent: "push-subscribe", subscription: JSON.stringify(subscription) },
    { cookie: caller.cookie },
  );
  expect(added.status).toBe(302);
  return endpoint;
}

/** Runs the cron at every quarter hour in [from, to) and returns, per address, the runs that sent it a reminder of that kind. */
async function runEveryQuarterHour(from: string, to: string, subject: string, addresses: string[]) {
  const received = new Map<string, string[]>();
  for (let time = Date.parse(from); time < Date.parse(to); time += QUARTER_HOUR) {
    const before = await countsOf(subject);
    runningAt = new Date(time).toISOString();
    await runSchedule(DAILY_CARD_CRON, new Date(time));
    for (const [address, count] of await countsOf(subject)) {
      const added = count - (before.get(address) ?? 0);
      if (!addresses.includes(address)) continue;
      for (let index = 0; index < added; index++) received.set(address, [...(received.get(address) ?? []), new Date(time).toISOString()]);
    }
  }
  return received;
}

async function emailsTo(email: string, subject: string) {
  const { results } = await env.DB.prepare(
    `SELECT subject, text, headers FROM email_outbox WHERE lower("to") = lower(?) AND status = 'sent' AND subject LIKE ? ORDER BY created_at, rowid`,
  )
    .bind(email, subject)
    .all<{ subject: string; text: string; headers: string | null }>();
  return results;
}

describe("the morning card at the buyer's own time", () => {
  it("6:30 in Tokyo and 7:00 in Los Angeles: exactly one email and one push a day each, at their own times, across the spring change", {
    timeout: 60_000,
  }, async () => {
    const tokyo = await buyer("tokyo");
    const losAngeles = await buyer("los-angeles");
    await subscribe(tokyo, "Asia/Tokyo", { morningTime: "06:30" });
    await subscribe(losAngeles, "America/Los_Angeles");
    // Each also took notifications on a phone (docs/decisions/046-web-push.md): the push comes with the email.
    const pushes = fakePushService();
    const tokyoPhone = await addDevice(tokyo);
    const losAngelesPhone = await addDevice(losAngeles);

    // Los Angeles moves its clocks forward at 2:00 on Sunday 8 March 2026; Tokyo keeps no summer time.
    const received = await runEveryQuarterHour("2026-03-06T18:00:00Z", "2026-03-09T18:00:00Z", MORNING, [tokyo.email, losAngeles.email]);
    const tokyoMornings = ["2026-03-06T21:30:00.000Z", "2026-03-07T21:30:00.000Z", "2026-03-08T21:30:00.000Z"];
    expect(received.get(tokyo.email)).toEqual(tokyoMornings);
    expect(pushes.get(tokyoPhone)).toEqual(tokyoMornings);
    // 7:00 PST is 15:00 UTC; from Sunday 7:00 PDT is 14:00 UTC.
    const losAngelesMornings = ["2026-03-07T15:00:00.000Z", "2026-03-08T14:00:00.000Z", "2026-03-09T14:00:00.000Z"];
    expect(received.get(losAngeles.email)).toEqual(losAngelesMornings);
    expect(pushes.get(losAngelesPhone)).toEqual(losAngelesMornings);
    // The email and the push of a day name the same card.
    const { results: sends } = await env.DB.prepare(
      "SELECT day, channel, card_id FROM daily_card_sends WHERE user_id = ? ORDER BY day, channel",
    )
      .bind(losAngeles.id)
      .all<{ day: string; channel: string; card_id: string }>();
    expect(sends.map((send) => send.channel)).toEqual(["email", "push", "email", "push", "email", "push"]);
    for (let index = 0; index < sends.length; index += 2) expect(sends[index]!.card_id).toBe(sends[index + 1]!.card_id);

    // The same quarter hour again, or two runs at once, send nothing more that day.
    await Promise.all([
      runSchedule(DAILY_CARD_CRON, new Date("2026-03-09T14:15:00Z")),
      runSchedule(DAILY_CARD_CRON, new Date("2026-03-09T14:15:00Z")),
    ]);
    expect(await emailsTo(losAngeles.email, MORNING)).toHaveLength(3);
    expect(pushes.get(losAngelesPhone)).toHaveLength(3);
  });

  it("a time the spring change skips comes at the first minute after it; a time the autumn change repeats comes once", {
    timeout: 60_000,
  }, async () => {
    const spring = await buyer("spring");
    const autumn = await buyer("autumn");
    // 2:30 does not exist in Los Angeles on 8 March 2026; 1:30 happens twice there on 1 November 2026.
    await subscribe(spring, "America/Los_Angeles", { morningTime: "02:30" });
    await subscribe(autumn, "America/Los_Angeles", { morningTime: "01:30" });
    const march = await runEveryQuarterHour("2026-03-08T08:00:00Z", "2026-03-08T13:00:00Z", MORNING, [spring.email]);
    expect(march.get(spring.email)).toEqual(["2026-03-08T10:00:00.000Z"]); // 3:00 PDT, the first minute after 1:59 PST
    const november = await runEveryQuarterHour("2026-11-01T07:00:00Z", "2026-11-01T12:00:00Z", MORNING, [autumn.email]);
    expect(november.get(autumn.email)).toEqual(["2026-11-01T08:30:00.000Z"]); // 1:30 PDT; 1:30 PST an hour later sends nothing
  });

  it("a skipped run is caught up within the hour, and nothing comes once the hour has passed", async () => {
    const late = await buyer("caught-up");
    const missed = await buyer("missed");
    await subscribe(late, "Europe/London", { morningTime: "08:45" });
    await subscribe(missed, "Europe/London", { morningTime: "05:00" });
    // 8:45 in London in June is 7:45 UTC; the 7:45, 8:00 and 8:15 runs never happened.
    await runSchedule(DAILY_CARD_CRON, new Date("2026-06-10T08:30:00Z"));
    expect(await emailsTo(late.email, MORNING)).toHaveLength(1);
    expect(await emailsTo(missed.email, MORNING)).toHaveLength(0);
  });
});

describe("the push beside the email", () => {
  it("a push service that is down is tried again through the queue's retries, and the evening reminder comes by push too", {
    timeout: 60_000,
  }, async () => {
    const me = await buyer("push-retried");
    await subscribe(me, "Europe/Paris", { eveningReminder: "on", eveningTime: "20:30" });
    const phone = await addDevice(me);
    let down = true;
    const reached: { at: string; status: number }[] = [];
    fakeHosts([PUSH_HOST], async () => {
      const status = down ? 503 : 201;
      down = false;
      reached.push({ at: runningAt, status });
      return new Response(null, { status });
    });
    expect(phone).toContain(PUSH_HOST);

    // 7:00 in Paris in summer is 5:00 UTC: the first try meets the outage, the queue's retry delivers.
    runningAt = "morning";
    await runSchedule(DAILY_CARD_CRON, new Date("2026-07-01T05:00:00Z"));
    expect(reached).toEqual([
      { at: "morning", status: 503 },
      { at: "morning", status: 201 },
    ]);
    expect(await emailsTo(me.email, MORNING)).toHaveLength(1);
    runningAt = "evening";
    await runSchedule(DAILY_CARD_CRON, new Date("2026-07-01T18:30:00Z"));
    await runSchedule(DAILY_CARD_CRON, new Date("2026-07-01T18:45:00Z"));
    expect(reached.filter((entry) => entry.at === "evening")).toEqual([{ at: "evening", status: 201 }]);
    // The device is kept: only a 404 or 410 removes it.
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?")
      .bind(me.id)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });
});

describe("the evening reminder", () => {
  it("is off until chosen, then comes once at its time with today's card and the evening check", { timeout: 60_000 }, async () => {
    const evening = await buyer("evening");
    const morningOnly = await buyer("morning-only");
    await subscribe(evening, "Europe/Paris", { eveningReminder: "on", eveningTime: "20:30" });
    await subscribe(morningOnly, "Europe/Paris");

    const received = await runEveryQuarterHour("2026-07-01T00:00:00Z", "2026-07-02T00:00:00Z", EVENING, [evening.email, morningOnly.email]);
    expect(received.get(evening.email)).toEqual(["2026-07-01T18:30:00.000Z"]); // 20:30 in Paris, summer time
    expect(received.get(morningOnly.email)).toBeUndefined();

    const [morning] = await emailsTo(evening.email, MORNING);
    const [reminder] = await emailsTo(evening.email, EVENING);
    // The morning's card, the evening check's address, and the same one-click unsubscribe as the daily card.
    expect(reminder!.subject.replace("This evening: ", "")).toBe(morning!.subject.replace("Today's card: ", ""));
    expect(reminder!.text).toContain("How did today's card go?");
    expect(reminder!.text).toContain("Answer the evening check: http://localhost:8787/today#evening");
    const headers = JSON.parse(reminder!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    const unsubscribed = await fetchApp(oneClick.pathname + oneClick.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    await runSchedule(DAILY_CARD_CRON, new Date("2026-07-02T05:00:00Z"));
    await runSchedule(DAILY_CARD_CRON, new Date("2026-07-02T18:30:00Z"));
    expect(await emailsTo(evening.email, MORNING)).toHaveLength(1);
    expect(await emailsTo(evening.email, EVENING)).toHaveLength(1);
  });

  it("refuses a time before 17:00 or off the quarter hour with a 400 and its message, and saves nothing", async () => {
    const me = await buyer("evening-bad");
    for (const [fields, message] of [
      [{ eveningReminder: "on", eveningTime: "16:45" }, "The evening reminder comes from 17:00."],
      [{ eveningReminder: "on", eveningTime: "20:10" }, "Choose a time from the list."],
      [{ morningTime: "7am" }, "Choose a time from the list."],
      [{ morningTime: "" }, "Choose a time from the list."],
    ] as const) {
      const response = await saveReminders(me, "Europe/Paris", { newsletterSubscribed: "on", morningTime: "07:00", ...fields });
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(message);
    }
    const row = await env.DB.prepare("SELECT newsletter_subscribed, evening_reminder_minutes FROM users WHERE id = ?")
      .bind(me.id)
      .first<{ newsletter_subscribed: number; evening_reminder_minutes: number | null }>();
    expect(row).toEqual({ newsletter_subscribed: 0, evening_reminder_minutes: null });
  });
});

describe("the same card on every channel", () => {
  it("the card a buyer picked on /today is the one the morning email and /today show that day", async () => {
    const me = await buyer("picked");
    // The buyer's morning is the quarter hour they are in now (UTC), so the pick and the cron share a day.
    const now = new Date();
    // A card that is not the day's own, so only the pick can put it in the email.
    const { cards } = await getCardsFor(db, "buyer");
    const ownCard = cardOfTheDay(cards, localDay(now, "UTC"))!;
    const chosen = cards.find((card) => !card.isPreview && card.id !== ownCard.id)!;
    const { minutes } = localClock(now, "UTC");
    const quarter = minutes - (minutes % 15);
    await subscribe(me, "UTC", {
      morningTime: `${String(Math.floor(quarter / 60)).padStart(2, "0")}:${String(quarter % 60).padStart(2, "0")}`,
    });
    const picked = await postForm("/today", { intent: "practise", cardId: chosen.id }, { cookie: `${me.cookie}; lc_tz=UTC` });
    expect(picked.headers.get("Location")).toBe("/today#listen");

    await runSchedule(DAILY_CARD_CRON, new Date(Math.floor(now.getTime() / QUARTER_HOUR) * QUARTER_HOUR));
    const [morning] = await emailsTo(me.email, MORNING);
    expect(morning!.subject).toBe(`Today's card: ${chosen.title}`);
    expect(morning!.text).toContain(`/cards/${chosen.id}`);
    const today = visibleText(await (await fetchApp("/today", { headers: { Cookie: `${me.cookie}; lc_tz=UTC` } })).text());
    expect(today).toContain(chosen.title);
  });
});

describe("an address not yet confirmed (049)", () => {
  /** Pays with the test card as a new visitor: the success page signs the unconfirmed buyer in. */
  async function unconfirmedBuyer() {
    const email = uniqueEmail("unconfirmed");
    const paid = await postForm("/mock-checkout", { email, name: "Grace Buyer", cardNumber: "4242 4242 4242 4242" });
    const success = await fetchApp(paid.headers.get("Location")!);
    expect(success.status).toBe(200);
    return { email, cookie: cookieFrom(success, "lc_session") };
  }

  it("gets no daily card and is told to confirm, with one tap that sends the link; once confirmed, the card comes", async () => {
    const me = await unconfirmedBuyer();
    const saved = await saveReminders(me, "Asia/Tokyo", { newsletterSubscribed: "on", morningTime: "06:30" });
    expectRedirect(saved, "/settings", 302);
    const page = visibleText(await (await fetchApp("/settings", { headers: { Cookie: me.cookie } })).text());
    expect(page).toContain("Confirm your email to start");
    expect(page).not.toContain("Daily card on");

    // 6:30 in Tokyo: nothing goes to the unconfirmed address.
    await runSchedule(DAILY_CARD_CRON, new Date("2026-05-04T21:30:00Z"));
    expect(await emailsTo(me.email, MORNING)).toHaveLength(0);

    // The one tap: a verification link to the account's own address, whatever the form says.
    const tapped = await postForm("/settings", { intent: "confirm-email", email: "someone-else@example.com" }, { cookie: me.cookie });
    expectRedirect(tapped, "/settings", 302);
    const { token, subject } = await latestEmailTo(me.email, "Verify your email");
    expect(subject).toBe("Verify your email for LIGHT Cards");
    expect((await postJson("/api/auth/verify-email", { token })).status).toBe(200);

    const confirmed = visibleText(await (await fetchApp("/settings", { headers: { Cookie: me.cookie } })).text());
    expect(confirmed).toContain("Daily card on: it reaches your inbox each morning at 06:30 (Asia/Tokyo time).");
    expect(confirmed).not.toContain("Confirm your email to start");
    await runSchedule(DAILY_CARD_CRON, new Date("2026-05-05T21:30:00Z"));
    expect(await emailsTo(me.email, MORNING)).toHaveLength(1);
  });

  it("a confirmed account is never offered the confirmation, its zone comes from the form, and turning the card off says so", async () => {
    const me = await signedInUser("confirmed");
    // With JavaScript the form sends the browser's zone itself: no lc_tz cookie needed.
    const fields = { intent: "reminders", newsletterSubscribed: "on", morningTime: "07:00", timeZone: "Europe/Paris" };
    expectRedirect(await postForm("/settings", fields, { cookie: me.cookie }), "/settings", 302);
    const on = visibleText(await (await fetchApp("/settings", { headers: { Cookie: me.cookie } })).text());
    expect(on).toContain("Daily card on: it reaches your inbox each morning at 07:00 (Europe/Paris time).");
    expect(on).not.toContain("Confirm your email to start");
    expectRedirect(await saveReminders(me, "Europe/Paris", { morningTime: "07:00" }), "/settings", 302);
    const off = visibleText(await (await fetchApp("/settings", { headers: { Cookie: me.cookie } })).text());
    expect(off).toContain("You will not receive the daily card by email.");
  });
});
