/**
 * The LIGHT practice (docs/decisions/040-the-light-practice.md): /today's five steps, the journal, the evening check,
 * and a streak that counts practice. Forms are posted as a browser without JavaScript posts them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIGHT_STEPS } from "~/content/light-steps";
import { SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { localClock, localDay } from "~/modules/users/time-zone";
import { expectConsoleError, fetchApp, postForm, visibleText } from "./helpers";
import { api, buyer, type Caller, paidCard, previewCardIds, signedInUser } from "./library-support";

/** A fixed-offset zone whose clock now reads an hour in [from, to): the evening check's gate without a fake clock. */
function zoneAt(from: number, to: number): string {
  for (let offset = -12; offset <= 14; offset++) {
    // Etc/GMT-5 is five hours east of UTC (POSIX signs).
    const zone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const hour = Math.floor(localClock(new Date(), zone).minutes / 60);
    if (hour >= from && hour < to) return zone;
  }
  throw new Error("no zone at that hour");
}

const MORNING = `lc_tz=${encodeURIComponent(zoneAt(7, 12))}`;
const EVENING = `lc_tz=${encodeURIComponent(zoneAt(18, 22))}`;

const withZone = (caller: Caller, zone: string) => `${caller.cookie}; ${zone}`;
const today = (caller: Caller, fields: Record<string, string>, zone = MORNING) =>
  postForm("/today", fields, { cookie: withZone(caller, zone) });
const page = async (path: string, cookie: string) => {
  const response = await fetchApp(path, { headers: { Cookie: cookie } });
  return { status: response.status, headers: response.headers, text: visibleText(await response.text()) };
};
const stats = async (caller: Caller) =>
  (await (await api(`/api/user/${caller.id}/stats`, { token: caller.token })).json()) as Record<string, unknown>;
const practiceRows = async (caller: Caller) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM user_activity WHERE user_id = ? AND activity_type = 'practice'")
      .bind(caller.id)
      .first<{ n: number }>()
  )?.n;

describe("the five steps", () => {
  it("are taught in the same words and order on the landing, on /sample-card and in /today's practice", async () => {
    expect(LIGHT_STEPS.map((step) => step.name)).toEqual(["Listen", "Internalize", "Ground", "Hear Again", "Transform"]);
    const me = await buyer("five-steps");
    const pages = {
      landing: visibleText(await (await fetchApp("/")).text()),
      sample: visibleText(await (await fetchApp("/sample-card")).text()),
      today: (await page("/today", withZone(me, MORNING))).text,
    };
    for (const [name, text] of Object.entries(pages)) {
      // Each step's name, then its one line, each after the one before.
      const at = LIGHT_STEPS.map((step) => text.indexOf(`${step.name} ${step.text}`));
      expect(at, name).not.toContain(-1);
      expect(at, name).toEqual([...at].sort((a, b) => a - b));
    }
    // The method the sample card taught before, in three steps of its own, is gone.
    expect(pages.sample).not.toContain("Read and flip");
  });

  it("can be walked on the sample card by a visitor: read aloud, the verse, the prompt and action, said aloud, nothing saved", async () => {
    const html = await (await fetchApp("/sample-card")).text();
    const step = (id: string, next: string) => visibleText(html.slice(html.indexOf(`id="${id}"`), html.indexOf(`id="${next}"`)));
    const card = await env.DB.prepare("SELECT affirmation, anchor FROM affirmation_cards WHERE id = ?")
      .bind(SAMPLE_CARD_ID)
      .first<{ affirmation: string; anchor: string }>();
    expect(step("listen", "internalize")).toContain(card!.affirmation);
    expect(html.slice(html.indexOf('id="listen"'), html.indexOf('id="internalize"'))).toContain("Speak");
    expect(step("internalize", "ground")).toContain("The LORD is my shepherd; I shall not want.");
    expect(step("internalize", "ground")).toContain("Word notes: want: lack, be in need");
    expect(step("ground", "hear-again")).toContain("Anchor:");
    expect(step("hear-again", "transform")).toContain(card!.affirmation);
    expect(step("hear-again", "transform")).toContain("Next: Transform");
    expect(visibleText(html.slice(html.indexOf('id="transform"')))).toContain(`Today's action: ${card!.anchor}`);
    // Nothing to post: the walk saves nothing, so the page stays the same for every visitor (and cacheable).
    const walk = html.slice(html.indexOf('id="walk-title"'), html.indexOf("Get Instant Access"));
    expect(walk).not.toContain("<form");
  });
});

describe("/today", () => {
  it("shows today's card in five steps to a buyer, and sends others where they belong", async () => {
    const me = await buyer("today");
    const shown = await page("/today", withZone(me, MORNING));
    expect(shown.status).toBe(200);
    for (const step of ["Listen", "Internalize", "Ground", "Hear Again", "Transform"]) expect(shown.text).toContain(step);
    expect(shown.text).toContain("I said it aloud");
    expect(shown.text).toContain("The evening check opens at 5 pm your time.");
    // Never a bedtime card in the morning.
    expect(shown.text).not.toMatch(/Today · \S+ (Sweet Sleep|Tonight)/);

    const visitor = await fetchApp("/today", { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/login");
    const member = await signedInUser("today-member");
    const withoutAccess = await fetchApp("/today", { headers: { Cookie: member.cookie }, redirect: "manual" });
    // The installed app opens here: an account without access is at home on its dashboard, with the preview and the offer.
    expect(withoutAccess.status).toBe(302);
    expect(withoutAccess.headers.get("Location")).toBe("/dashboard");
  });

  it("reads the day's verse in its passage at Internalize, the modern English one link away (without JavaScript)", async () => {
    const me = await buyer("today-passage");
    const html = await (await fetchApp("/today", { headers: { Cookie: withZone(me, MORNING) } })).text();
    const cardId = /href="\/cards\/([a-z0-9-]+)"[^>]*>Open the card/.exec(html)?.[1];
    const row = await env.DB.prepare("SELECT passage FROM affirmation_cards WHERE id = ?").bind(cardId).first<{ passage: string }>();
    const context = (JSON.parse(row?.passage ?? "[]") as { own: boolean; kjv: string; web: string }[]).filter((verse) => !verse.own);
    expect(context.length, `${cardId} has verses around it`).toBeGreaterThan(0);
    for (const verse of context) expect(visibleText(html)).toContain(verse.kjv);
    expect(html).toContain('href="/today?translation=web#passage"');
    const web = await page("/today?translation=web", withZone(me, MORNING));
    for (const verse of context) expect(web.text).toContain(verse.web);
    expect(web.text).toContain("World English Bible");
  });

  it("completes the morning once a day: two tabs saying it aloud together count once, and the streak moves", async () => {
    const me = await buyer("said-aloud");
    const [first, second] = await Promise.all([today(me, { intent: "said-aloud" }), today(me, { intent: "said-aloud" })]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await practiceRows(me)).toBe(1);
    expect(await stats(me)).toMatchObject({ currentStreak: 1 });
    const shown = await page("/today", withZone(me, MORNING));
    expect(shown.text).toContain("Today's practice is complete");
    expect(shown.text).toContain("Streak: 1 day");
    expect((await today(me, { intent: "said-aloud" })).status).toBe(302);
    expect(await practiceRows(me)).toBe(1);
    const badges = await env.DB.prepare("SELECT badge_id FROM user_badges WHERE user_id = ? ORDER BY badge_id").bind(me.id).all();
    expect(badges.results.map((row) => row.badge_id)).toEqual(["first-practice", "first-words"]);
  });

  it("carries a streak from before the practice: yesterday's days still count", async () => {
    const me = await buyer("carried");
    const yesterday = localDay(new Date(Date.now() - 86_400_000), zoneAt(7, 12));
    await env.DB.prepare(
      "INSERT INTO user_stats (id, user_id, current_streak, longest_streak, last_activity_date, created_at, updated_at) VALUES (?, ?, 5, 5, ?, 0, 0)",
    )
      .bind(crypto.randomUUID(), me.id, yesterday)
      .run();
    await today(me, { intent: "said-aloud" });
    expect(await stats(me)).toMatchObject({ currentStreak: 6, longestStreak: 6 });
  });

  it("keeps one line of reflection; over 1,000 characters is refused with a clear message and the saved one kept", async () => {
    const me = await buyer("reflect");
    expect((await today(me, { intent: "reflect", reflection: "Slow down before answering." })).status).toBe(302);
    const tooLong = await today(me, { intent: "reflect", reflection: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(visibleText(await tooLong.text())).toContain("Your reflection can be at most 1,000 characters.");
    const journal = await page("/journal", me.cookie);
    expect(journal.text).toContain("Slow down before answering.");
  });

  it("asks the evening check from 17:00 in the buyer's day, and refuses it before", async () => {
    const me = await buyer("evening");
    const early = await today(me, { intent: "evening", answer: "yes" }, MORNING);
    expect(early.status).toBe(400);
    expect(visibleText(await early.text())).toContain("The evening check opens at 5 pm your time.");

    const evening = await buyer("evening-late");
    expect((await page("/today", withZone(evening, EVENING))).text).toContain("Did you live it today?");
    expect((await today(evening, { intent: "evening", answer: "partly", note: "Kinder at lunch." }, EVENING)).status).toBe(302);
    const journal = await page("/journal", evening.cookie);
    expect(journal.text).toContain("Lived it: Partly.");
    expect(journal.text).toContain("Kinder at lunch.");
    // The evening adds to the journal, never to the streak.
    expect(await stats(evening)).toMatchObject({ currentStreak: 0 });
    expect((await today(evening, { intent: "evening", answer: "maybe" }, EVENING)).status).toBe(400);
  });

  it("saves the evening answer and counts it together: when the count cannot be written, no answer is kept either", async () => {
    const me = await buyer("evening-together");
    const checks = async () =>
      (await env.DB.prepare("SELECT total_evening_checks AS n FROM user_stats WHERE user_id = ?").bind(me.id).first<{ n: number }>())?.n ??
      0;
    // The count cannot be written for this buyer, once: the answer must not land without it.
    await env.DB.prepare(
      `CREATE TRIGGER evening_count_fails BEFORE UPDATE ON user_stats WHEN NEW.user_id = '${me.id}' BEGIN SELECT RAISE(ABORT, 'the count failed'); END`,
    ).run();
    try {
      const failed = await today(me, { intent: "evening", answer: "yes", note: "Answered once." }, EVENING);
      expect(failed.status).toBe(500);
      expectConsoleError(/the count failed/);
    } finally {
      await env.DB.prepare("DROP TRIGGER evening_count_fails").run();
    }
    expect((await page("/journal", me.cookie)).text).not.toContain("Answered once.");
    expect(await checks()).toBe(0);

    // Answered again, both land: the answer and its count.
    expect((await today(me, { intent: "evening", answer: "yes", note: "Answered once." }, EVENING)).status).toBe(302);
    expect((await page("/journal", me.cookie)).text).toContain("Lived it: Yes.");
    expect(await checks()).toBe(1);
    // A second answer the same evening changes the words, not the count.
    expect((await today(me, { intent: "evening", answer: "partly", note: "On second thought." }, EVENING)).status).toBe(302);
    expect((await page("/journal", me.cookie)).text).toContain("On second thought.");
    expect(await checks()).toBe(1);
  });

  it("reads word notes only beside the KJV at Internalize: they explain its words, which the WEB does not use", async () => {
    const me = await buyer("today-word-notes");
    await today(me, { intent: "practise", cardId: SAMPLE_CARD_ID });
    const internalize = (html: string) => visibleText(html.slice(html.indexOf('id="internalize"'), html.indexOf('id="ground"')));
    const kjv = await (await fetchApp("/today", { headers: { Cookie: withZone(me, MORNING) } })).text();
    expect(internalize(kjv)).toContain("Word notes: want: lack, be in need");
    const web = await (await fetchApp("/today?translation=web", { headers: { Cookie: withZone(me, MORNING) } })).text();
    expect(internalize(web)).toContain("World English Bible");
    expect(internalize(web)).not.toContain("Word notes");
    // The card it opens keeps the reader's translation.
    expect(web).toContain(`href="/cards/${SAMPLE_CARD_ID}?translation=web"`);
  });

  it("lets a buyer practise another card today from its page, until the morning is done", async () => {
    const me = await buyer("pick");
    const card = await paidCard();
    const picked = await today(me, { intent: "practise", cardId: card.id });
    expect(picked.headers.get("Location")).toBe("/today#listen");
    expect((await page("/today", withZone(me, MORNING))).text).toContain(card.title);
    expect((await today(me, { intent: "practise", cardId: "no-such-card" })).status).toBe(404);
    await today(me, { intent: "said-aloud" });
    // Once said aloud, today's card stays the one the reflection was written for.
    const [other] = await previewCardIds();
    const again = await today(me, { intent: "practise", cardId: other! });
    expect(again.headers.get("Location")).toBe(`/cards/${other}`);
    expect((await page("/today", withZone(me, MORNING))).text).toContain(card.title);
  });
});

describe("the journal is its owner's alone", () => {
  it("lists, edits, deletes and downloads the owner's days as Markdown and CSV, never cached", async () => {
    const me = await buyer("journal");
    await today(me, { intent: "reflect", reflection: '=cmd|"calc"' });
    await today(me, { intent: "said-aloud" });
    const markdown = await page("/journal.md", me.cookie);
    expect(markdown.headers.get("Cache-Control")).toBe("private, no-store");
    expect(markdown.text).toContain('Reflection: =cmd|"calc"');
    expect(markdown.text).toContain("Said it aloud: yes");
    const csv = await page("/journal.csv", me.cookie);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    // A spreadsheet formula is written as text.
    expect(csv.text).toContain(`"'=cmd|""calc"""`);

    const entryId = await env.DB.prepare("SELECT id FROM practice_days WHERE user_id = ?").bind(me.id).first<{ id: string }>();
    expect(
      (await postForm("/journal", { intent: "edit", entryId: entryId!.id, reflection: "Edited." }, { cookie: me.cookie })).status,
    ).toBe(302);
    expect((await page("/journal", me.cookie)).text).toContain("Edited.");
    expect((await postForm("/journal", { intent: "delete", entryId: entryId!.id }, { cookie: me.cookie })).status).toBe(302);
    expect((await page("/journal", me.cookie)).text).toContain("Nothing here yet.");
    // The day still counted.
    expect(await stats(me)).toMatchObject({ currentStreak: 1 });
  });

  it("answers an edit over the limit at the entry being edited, with the typed words kept (without JavaScript)", async () => {
    const me = await buyer("journal-edit-error");
    await today(me, { intent: "reflect", reflection: "First words." });
    await today(me, { intent: "said-aloud" });
    const { id } = (await env.DB.prepare("SELECT id FROM practice_days WHERE user_id = ?").bind(me.id).first<{ id: string }>())!;
    const typed = Array.from({ length: 110 }, () => "Too long.").join(" ");
    const refused = await postForm("/journal", { intent: "edit", entryId: id, reflection: typed, note: "" }, { cookie: me.cookie });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The entry's own form, from its id to its button: the message is there, not above the list.
    const form = html.slice(html.indexOf(`name="entryId" value="${id}"`), html.indexOf("Save entry"));
    expect(visibleText(form)).toContain("Your reflection can be at most 1,000 characters.");
    expect(visibleText(html.slice(0, html.indexOf("<ol")))).not.toContain("at most 1,000 characters");
    expect(form).toContain(`${typed}</textarea>`);
    expect(form).toMatch(/aria-invalid="true"/);
    // Its details are open, so the answer is on screen without a tap.
    expect(html.slice(0, html.indexOf(`name="entryId" value="${id}"`))).toMatch(/<details open=""[^>]*>(?:(?!<details).)*$/s);
    // Nothing was saved.
    expect((await page("/journal", me.cookie)).text).toContain("First words.");
  });

  it("another account cannot read, change or delete a reflection (attack)", async () => {
    const owner = await buyer("journal-owner");
    await today(owner, { intent: "reflect", reflection: "Only mine." });
    const { id } = (await env.DB.prepare("SELECT id FROM practice_days WHERE user_id = ?").bind(owner.id).first<{ id: string }>())!;
    const other = await buyer("journal-other");
    for (const path of ["/journal", "/journal.md", "/journal.csv", "/today"]) {
      expect((await page(path, withZone(other, MORNING))).text, path).not.toContain("Only mine.");
    }
    const edit = await postForm(
      "/journal",
      { intent: "edit", entryId: id, reflection: "Changed by someone else." },
      { cookie: other.cookie },
    );
    expect(edit.status).toBe(404);
    expect((await postForm("/journal", { intent: "delete", entryId: id }, { cookie: other.cookie })).status).toBe(404);
    expect((await page("/journal", owner.cookie)).text).toContain("Only mine.");
    const visitor = await fetchApp("/journal.md", { redirect: "manual" });
    expect(visitor.status).toBe(302);
  });

  it("keeps the journal readable after access ends", async () => {
    const me = await buyer("journal-refunded");
    await today(me, { intent: "reflect", reflection: "Still mine after a refund." });
    await env.DB.prepare("UPDATE access_grants SET revoked_at = ? WHERE user_id = ?").bind(Date.now(), me.id).run();
    const journal = await page("/journal", me.cookie);
    expect(journal.status).toBe(200);
    expect(journal.text).toContain("Still mine after a refund.");
    expect((await fetchApp("/today", { headers: { Cookie: me.cookie }, redirect: "manual" })).status).toBe(302);
  });
});
