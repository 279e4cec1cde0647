import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { displayReference, passagesOf, type ScriptureVerse } from "~/modules/cards/card";
import { DAILY_CARD_CRON } from "~/modules/daily-card/daily-card.server";
import { fakeResend } from "../fakes/resend";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  expectRedirect,
  fetchApp,
  latestEmailTo,
  ORIGIN,
  PRODUCTION,
  postForm,
  postJson,
  runSchedule,
  signInCookie,
  visibleText,
} from "./helpers";

type DailyEmail = { to: string; subject: string; text: string; html: string; headers: string | null };

/** The daily cards an address has received (delivered outbox rows), oldest first. */
async function dailyEmailsTo(email: string): Promise<DailyEmail[]> {
  const { results } = await env.DB.prepare(
    `SELECT * FROM email_outbox WHERE lower("to") = lower(?) AND status = 'sent' AND subject LIKE 'Today''s card:%' ORDER BY created_at, rowid`,
  )
    .bind(email)
    .all<DailyEmail>();
  return results;
}

/**
 * Registers through the /register form as a browser would: the daily-card box ticked or not, the zone from the
 * form's script (`timeZone`) or from the lc_tz cookie the root's script sets; then verifies by the emailed link.
 */
async function subscriber(options: { timeZone?: string; cookieZone?: string; subscribe?: boolean; verify?: boolean } = {}) {
  const email = uniqueEmail("daily");
  const fields: Record<string, string> = { email, password: PASSWORD, confirmPassword: PASSWORD };
  if (options.subscribe ?? true) fields.newsletterSubscribed = "on";
  if (options.timeZone) fields.timeZone = options.timeZone;
  const cookie = options.cookieZone ? `lc_tz=${encodeURIComponent(options.cookieZone)}` : undefined;
  expect((await postForm("/register", fields, { cookie })).status).toBe(302);
  if (options.verify ?? true) {
    const { token } = await latestEmailTo(email);
    expect((await postJson("/api/auth/verify-email", { token, password: PASSWORD })).status).toBe(200);
  }
  return email;
}

/** How many daily cards each address has received. */
async function dailyEmailCounts(): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT "to", count(*) AS n FROM email_outbox WHERE status = 'sent' AND subject LIKE 'Today''s card:%' GROUP BY "to"`,
  ).all<{ to: string; n: number }>();
  return new Map(results.map((row) => [row.to, row.n]));
}

async function storedZone(email: string) {
  const row = await env.DB.prepare("SELECT time_zone FROM users WHERE lower(email) = lower(?)")
    .bind(email)
    .first<{ time_zone: string | null }>();
  return row?.time_zone ?? null;
}

const QUARTER_HOUR = 15 * 60_000;

describe("the daily card cron", () => {
  it("sends each subscriber one card per local day, in the run where their 7:00 has just passed, across a DST change", {
    timeout: 60_000,
  }, async () => {
    const newYork = await subscriber({ timeZone: "America/New_York" });
    const london = await subscriber({ timeZone: "Europe/London" });
    const kolkata = await subscriber({ cookieZone: "Asia/Kolkata" });
    const unknownZone = await subscriber();
    const notSubscribed = await subscriber({ timeZone: "Europe/London", subscribe: false });
    const notVerified = await subscriber({ timeZone: "Europe/London", verify: false });
    expect(await storedZone(newYork)).toBe("America/New_York");
    // workerd's ICU may spell it by its older name; either is the same zone.
    expect(["Asia/Kolkata", "Asia/Calcutta"]).toContain(await storedZone(kolkata));
    expect(await storedZone(unknownZone)).toBeNull();

    // Every quarter hour of two UTC days; New York moves its clocks forward at 2:00 on Sunday 8 March 2026.
    const everyone = [newYork, london, kolkata, unknownZone, notSubscribed, notVerified];
    const received = new Map<string, string[]>();
    for (let time = Date.parse("2026-03-07T00:00:00Z"); time < Date.parse("2026-03-09T00:00:00Z"); time += QUARTER_HOUR) {
      const before = await dailyEmailCounts();
      await runSchedule(DAILY_CARD_CRON, new Date(time));
      for (const [to, count] of await dailyEmailCounts()) {
        const added = count - (before.get(to) ?? 0);
        if (everyone.includes(to) && added > 0) {
          received.set(to, [...(received.get(to) ?? []), ...Array.from({ length: added }, () => new Date(time).toISOString())]);
        }
      }
    }
    expect(received.get(newYork)).toEqual(["2026-03-07T12:00:00.000Z", "2026-03-08T11:00:00.000Z"]); // 7:00 EST, then 7:00 EDT
    expect(received.get(london)).toEqual(["2026-03-07T07:00:00.000Z", "2026-03-08T07:00:00.000Z"]);
    expect(received.get(kolkata)).toEqual(["2026-03-07T01:30:00.000Z", "2026-03-08T01:30:00.000Z"]);
    expect(received.get(unknownZone)).toEqual(["2026-03-07T07:00:00.000Z", "2026-03-08T07:00:00.000Z"]); // UTC when unknown
    expect(received.get(notSubscribed)).toBeUndefined();
    expect(received.get(notVerified)).toBeUndefined();

    // Running 7:00 New York again, or twice at once, sends nothing more that day.
    await runSchedule(DAILY_CARD_CRON, new Date("2026-03-08T11:00:00Z"));
    await Promise.all([
      runSchedule(DAILY_CARD_CRON, new Date("2026-03-08T11:15:00Z")),
      runSchedule(DAILY_CARD_CRON, new Date("2026-03-08T11:15:00Z")),
    ]);
    expect(await dailyEmailsTo(newYork)).toHaveLength(2);
  });

  it("catches up a skipped run before 8:00, and two overlapping runs still send one card", async () => {
    const email = await subscriber({ timeZone: "Asia/Tokyo" });
    // 7:00 in Tokyo is 22:00 UTC; the 22:00 and 22:15 runs never happened.
    await Promise.all([
      runSchedule(DAILY_CARD_CRON, new Date("2026-05-04T22:30:00Z")),
      runSchedule(DAILY_CARD_CRON, new Date("2026-05-04T22:30:00Z")),
    ]);
    expect(await dailyEmailsTo(email)).toHaveLength(1);
    await runSchedule(DAILY_CARD_CRON, new Date("2026-05-04T22:45:00Z"));
    expect(await dailyEmailsTo(email)).toHaveLength(1);
  });
});

describe("the daily card email", () => {
  it("a buyer gets the card with a link to its page; a non-buyer only ever a preview card, with the sample and checkout", async () => {
    const buyer = await subscriber({ timeZone: "Europe/Paris" });
    expect((await postJson("/api/mock-payment", { email: buyer })).status).toBe(200);
    const member = await subscriber({ timeZone: "Europe/Paris" });
    const { results: cards } = await env.DB.prepare(
      "SELECT id, title, affirmation, scripture, scripture_reference, scripture_references, is_preview FROM affirmation_cards",
    ).all<{
      id: string;
      title: string;
      affirmation: string;
      scripture: string;
      scripture_reference: string;
      scripture_references: string | null;
      is_preview: number;
    }>();
    /** The passages as readers see them: "Psalm 23:1", verses that do not follow each other quoted apart. */
    const quotesOf = (card: (typeof cards)[number]) =>
      passagesOf({
        scripture: card.scripture,
        scriptureReference: displayReference(card.scripture_reference),
        scriptureReferences: card.scripture_references
          ? (JSON.parse(card.scripture_references) as ScriptureVerse[]).map((verse) => ({
              ...verse,
              reference: displayReference(verse.reference),
            }))
          : null,
      }).map((passage) => `"${passage.text}"\n— ${passage.reference} (KJV)`);
    const cardOf = (email: DailyEmail) => cards.find((card) => email.subject === `Today's card: ${card.title}`)!;

    // Seven mornings at 7:00 in Paris (summer time, 5:00 UTC).
    for (let day = 1; day <= 7; day++) await runSchedule(DAILY_CARD_CRON, new Date(`2026-06-0${day}T05:00:00Z`));
    const buyerEmails = await dailyEmailsTo(buyer);
    const memberEmails = await dailyEmailsTo(member);
    expect(buyerEmails).toHaveLength(7);
    expect(memberEmails).toHaveLength(7);

    for (const email of buyerEmails) {
      const card = cardOf(email);
      expect(email.text).toContain(card.affirmation);
      for (const quote of quotesOf(card)) expect(email.text).toContain(quote);
      expect(email.text).toContain(`Open today's card: ${ORIGIN}/cards/${card.id}`);
    }
    expect(new Set(buyerEmails.map((email) => cardOf(email).id)).size).toBe(7); // the card changes every day
    expect(buyerEmails.some((email) => cardOf(email).is_preview === 0)).toBe(true);

    for (const email of memberEmails) {
      const card = cardOf(email);
      expect(card.is_preview).toBe(1);
      expect(email.text).toContain(card.affirmation);
      expect(email.text).toContain(`See a sample card: ${ORIGIN}/sample-card`);
      expect(email.text).toMatch(new RegExp(`Unlock all \\d+ cards: ${ORIGIN}/checkout`));
      expect(email.text).not.toContain(`${ORIGIN}/cards/`);
      // No paid card's words reach a non-buyer's inbox.
      for (const paid of cards.filter((entry) => entry.is_preview === 0)) expect(email.text).not.toContain(paid.affirmation);
    }
  });

  /** A new buyer's daily email on the first summer day from 1 June whose featured card is `cardId`; 7:00 in Paris. */
  async function dailyEmailFeaturing(cardId: string): Promise<DailyEmail> {
    const buyer = await subscriber({ timeZone: "Europe/Paris" });
    expect((await postJson("/api/mock-payment", { email: buyer })).status).toBe(200);
    // The morning's cards, in order: a bedtime card is never the 7:00 card (docs/decisions/040).
    const { results: ordered } = await env.DB.prepare(
      "SELECT id FROM affirmation_cards WHERE category != 'evening' ORDER BY order_index, id",
    ).all<{ id: string }>();
    const index = ordered.findIndex((card) => card.id === cardId);
    const june = Date.UTC(2026, 5, 1) / 86_400_000;
    const day = june + ((((index - june) % ordered.length) + ordered.length) % ordered.length);
    await runSchedule(DAILY_CARD_CRON, new Date(day * 86_400_000 + 5 * 3_600_000));
    const [daily] = await dailyEmailsTo(buyer);
    return daily!;
  }

  it("quotes the sample card's passage as one quotation under 'Psalm 23:1-3'", async () => {
    const daily = await dailyEmailFeaturing("abundance-the-lord-is-my-shepherd");
    expect(daily.subject).toBe("Today's card: The Lord Is My Shepherd");
    expect(daily.text).toContain('"The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures:');
    expect(daily.text).toContain('for his name’s sake."\n— Psalm 23:1-3 (KJV)');
    expect(daily.text).not.toContain("Psalms");
    expect((daily.html.match(/<blockquote/g) ?? []).length).toBe(1);
  });

  it("quotes verses that do not follow each other separately, each under its own reference", async () => {
    const daily = await dailyEmailFeaturing("motivation-commit-your-work");
    expect(daily.subject).toBe("Today's card: Commit Your Work");
    expect(daily.text).toContain(
      '"Commit thy works unto the LORD, and thy thoughts shall be established."\n— Proverbs 16:3 (KJV)\n\n"A man’s heart',
    );
    expect(daily.text).toContain("— Proverbs 16:9 (KJV)");
    expect((daily.html.match(/<blockquote/g) ?? []).length).toBe(2);
  });

  it("has a plain-text and an HTML part, escapes the card's words, and carries the RFC 8058 headers", async () => {
    const email = await subscriber({ timeZone: "Europe/Berlin" });
    await env.DB.prepare("UPDATE affirmation_cards SET affirmation = affirmation || ' <b>& \"more\"</b>' WHERE is_preview = 1").run();
    await runSchedule(DAILY_CARD_CRON, new Date("2026-01-15T06:00:00Z"));
    const [daily] = await dailyEmailsTo(email);
    expect(daily!.text).toContain(' <b>& "more"</b>');
    expect(daily!.html).toContain(" &lt;b&gt;&amp; &quot;more&quot;&lt;/b&gt;");
    expect(daily!.html).not.toContain("<b>&");
    const headers = JSON.parse(daily!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/one-click\\?token=[^>]+>$`));
    expect(daily!.text).toMatch(new RegExp(`Unsubscribe: ${ORIGIN}/unsubscribe\\?token=\\S+`));
    await env.DB.prepare("UPDATE affirmation_cards SET affirmation = replace(affirmation, ' <b>& \"more\"</b>', '')").run();
  });

  it("in production goes to Resend from EMAIL_FROM with both parts and the unsubscribe headers", async () => {
    const email = await subscriber({ timeZone: "Europe/Berlin" });
    const resend = fakeResend();
    await runSchedule(DAILY_CARD_CRON, new Date("2026-01-16T06:00:00Z"), { ...PRODUCTION, RESEND_API_KEY: "re_test_key" });
    const sent = resend.sent.find((entry) => entry.body.to[0] === email)!;
    expect(sent.body.from).toBe(env.EMAIL_FROM);
    expect(sent.body.subject).toMatch(/^Today's card: /);
    expect(sent.body.text).toContain(`Unsubscribe: ${ORIGIN}/unsubscribe?token=`);
    expect(sent.body.html).toContain(`<a href="${ORIGIN}/unsubscribe?token=`);
    expect(sent.body.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(sent.idempotencyKey).toMatch(/^light-cards-outbox-/);
  });
});

/** The unsubscribe link in the body of the newest daily card to `email` (for people). */
async function unsubscribeLinkOf(email: string) {
  const emails = await dailyEmailsTo(email);
  return new URL(/Unsubscribe: (\S+)/.exec(emails.at(-1)!.text)![1]!);
}

/** The List-Unsubscribe address of the newest daily card to `email` (for mail providers). */
async function oneClickLinkOf(email: string) {
  const emails = await dailyEmailsTo(email);
  const headers = JSON.parse(emails.at(-1)!.headers!) as Record<string, string>;
  return new URL(headers["List-Unsubscribe"]!.slice(1, -1));
}

/** A mail provider's one-click POST (RFC 8058): from its own server, so no Origin and no cookie. */
function providerPost(path: string, body = "List-Unsubscribe=One-Click") {
  return fetchApp(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
}

async function isSubscribed(email: string) {
  const row = await env.DB.prepare("SELECT newsletter_subscribed FROM users WHERE lower(email) = lower(?)")
    .bind(email)
    .first<{ newsletter_subscribed: number }>();
  return row?.newsletter_subscribed === 1;
}

describe("unsubscribing", () => {
  it("by the link, signed out and without script: GET only asks, the form's POST unsubscribes, and no card comes again", async () => {
    const email = await subscriber({ timeZone: "Europe/Madrid" });
    await runSchedule(DAILY_CARD_CRON, new Date("2026-02-02T06:00:00Z"));
    const link = await unsubscribeLinkOf(email);

    const page = await fetchApp(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain(`Unsubscribe From the Daily Card? Stop sending the daily card to ${email} ?`);
    expect(await isSubscribed(email)).toBe(true);

    const confirmed = await postForm(link.pathname + link.search, { token: link.searchParams.get("token")! });
    expectRedirect(confirmed, "/unsubscribe?done=1", 303);
    expect(visibleText(await (await fetchApp("/unsubscribe?done=1")).text())).toContain("You're Unsubscribed");
    expect(await isSubscribed(email)).toBe(false);

    await runSchedule(DAILY_CARD_CRON, new Date("2026-02-03T06:00:00Z"));
    expect(await dailyEmailsTo(email)).toHaveLength(1);
  });

  it("by the mail provider's one-click POST to the List-Unsubscribe address (RFC 8058)", async () => {
    const email = await subscriber({ timeZone: "Europe/Rome" });
    await runSchedule(DAILY_CARD_CRON, new Date("2026-02-04T06:00:00Z"));
    const link = await oneClickLinkOf(email);
    // A person whose mail client opens that address gets the confirmation page; a GET never unsubscribes.
    expectRedirect(await fetchApp(link.pathname + link.search), `/unsubscribe${link.search}`, 303);
    expect(await isSubscribed(email)).toBe(true);
    // Without the one-click body, nothing happens either.
    const bare = await providerPost(link.pathname + link.search, "");
    expect(bare.status).toBe(400);
    expect(await bare.text()).toBe("A one-click unsubscribe posts List-Unsubscribe=One-Click (RFC 8058).");
    expect(await isSubscribed(email)).toBe(true);
    const response = await providerPost(link.pathname + link.search);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("Unsubscribed from the daily card.");
    expect(await isSubscribed(email)).toBe(false);
  });

  it("refuses a forged or tampered link with a clear 400 and changes nothing", async () => {
    const email = await subscriber({ timeZone: "Europe/Vienna" });
    await runSchedule(DAILY_CARD_CRON, new Date("2026-02-05T06:00:00Z"));
    const token = (await unsubscribeLinkOf(email)).searchParams.get("token")!;
    const [userId, signature] = token.split(".");
    const forged = [`${userId}.${signature!.slice(0, -2)}AA`, `${crypto.randomUUID()}.${signature}`, "nonsense", "", "x".repeat(500)];
    for (const bad of forged) {
      const page = await fetchApp(`/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(page.status).toBe(400);
      expect(visibleText(await page.text())).toContain("This unsubscribe link is not valid.");
      const post = await providerPost(`/unsubscribe/one-click?token=${encodeURIComponent(bad)}`);
      expect(post.status).toBe(400);
      expect(await post.text()).toBe("This unsubscribe link is not valid. Please use the link from your most recent email.");
    }
    expect((await postForm("/unsubscribe", { token: forged[0]! })).status).toBe(400);
    expect(await isSubscribed(email)).toBe(true);
  });

  it("from Settings: the signed-in user turns the daily card off and on, and bad input is a 400", async () => {
    const email = await subscriber({ timeZone: "Europe/Lisbon" });
    const cookie = await signInCookie(email);
    const settings = visibleText(await (await fetchApp("/settings", { headers: { Cookie: cookie } })).text());
    expect(settings).toContain("Send me the daily card by email");

    const off = await postForm("/settings", { intent: "reminders", morningTime: "07:00" }, { cookie });
    expectRedirect(off, "/settings", 302);
    expect(await isSubscribed(email)).toBe(false);
    expect(cookieFrom(off, "lc_toast")).toBeTruthy();

    // Saving keeps the browser's current zone for the 7:00.
    const on = await postForm(
      "/settings",
      { intent: "reminders", newsletterSubscribed: "on", morningTime: "07:00" },
      { cookie: `${cookie}; lc_tz=Asia%2FTokyo` },
    );
    expectRedirect(on, "/settings", 302);
    expect(await isSubscribed(email)).toBe(true);
    expect(await storedZone(email)).toBe("Asia/Tokyo");

    const bad = await postForm("/settings", { intent: "reminders", newsletterSubscribed: "maybe", morningTime: "07:00" }, { cookie });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain("Choose on or off.");
    expect(await isSubscribed(email)).toBe(true);
  });
});
