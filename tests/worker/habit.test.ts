/**
 * The habit engine through the real Worker and a real D1: who may read and write whose activity, what a day
 * is in the user's zone, grace days, and badges awarded exactly once under concurrent requests.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getStats, listBadges } from "~/modules/habit/progress.server";
import { checkBadges, recordActivity } from "~/modules/habit/record-activity.server";
import { localDay } from "~/modules/users/time-zone";
import { createUser } from "~/modules/users/users.server";
import { uniqueEmail } from "../support/identities";
import { postForm, postJson } from "./helpers";
import { api, buyer, db, type Caller as LibraryCaller, paidCard, previewCardIds, signedInUser } from "./library-support";

type Caller = Pick<LibraryCaller, "token" | "id" | "email">;

/** A plain account straight in D1, for driving the module with explicit clocks. */
async function plainUser(): Promise<string> {
  const user = await createUser(db, { email: uniqueEmail("habit"), emailVerified: true });
  if (!user) throw new Error("could not create user");
  return user.id;
}

function postActivity(caller: Pick<Caller, "token">, body: unknown, options: { cookie?: string } = {}) {
  return api("/api/activity", { token: caller.token, method: "POST", body: JSON.stringify(body), cookie: options.cookie });
}

async function paidCardId(): Promise<string> {
  return (await paidCard()).id;
}

async function activityRows(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM user_activity WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row!.n;
}

async function badgeRows(userId: string, badgeId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM user_badges WHERE user_id = ? AND badge_id = ?")
    .bind(userId, badgeId)
    .first<{ n: number }>();
  return row!.n;
}

type NewBadges = { newBadges: { badge: { id: string } }[] };
const badgeIds = (body: NewBadges) => body.newBadges.map((earned) => earned.badge.id);

describe("whose habit data a caller may see and write", () => {
  it("refuses another user's stats, activity and badges (403), and everything without a session (401)", async () => {
    const [a, b] = await Promise.all([signedInUser("a"), signedInUser("b")]);
    for (const path of [`/api/user/${b.id}/stats`, `/api/user/${b.id}/activity`, `/api/user/${b.id}/badges`]) {
      const forbidden = await api(path, { token: a.token });
      expect(forbidden.status, path).toBe(403);
      expect(await forbidden.json()).toEqual({ error: "You can only access your own account." });
      expect((await api(path)).status, path).toBe(401);
      const own = await api(path.replace(b.id, a.id), { token: a.token });
      expect(own.status, path).toBe(200);
      expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await api(`/api/user/${b.id}/check-badges`, { token: a.token, method: "POST" })).status).toBe(403);
    expect((await api(`/api/user/${b.id}/check-badges`, { method: "POST" })).status).toBe(401);
    expect((await postJson("/api/activity", { cardId: (await previewCardIds())[0], activityType: "view" })).status).toBe(401);
  });

  it("refuses activity posted as someone else, and writes nothing for them", async () => {
    const [a, b] = await Promise.all([signedInUser("a"), signedInUser("b")]);
    const [cardId] = await previewCardIds();
    const response = await postActivity(a, { cardId, activityType: "view", userId: b.id });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "You can only record your own activity." });
    expect(await activityRows(b.id)).toBe(0);
    expect(await activityRows(a.id)).toBe(0);
    expect((await postActivity(a, { cardId, activityType: "view", userId: a.id })).status).toBe(201);
  });

  it("lets an admin read another user's data, and answers 404 for an unknown id", async () => {
    const admin = await signedInUser("admin");
    const vars = { ADMIN_EMAILS: admin.email };
    const b = await signedInUser("b");
    const [cardId] = await previewCardIds();
    expect((await postActivity(b, { cardId, activityType: "view" })).status).toBe(201);

    const stats = await api(`/api/user/${b.id}/stats`, { token: admin.token, env: vars });
    expect(stats.status).toBe(200);
    // A view counts toward progress, never the streak: only a completed practice does.
    expect(await stats.json()).toMatchObject({ totalCardsViewed: 1, currentStreak: 0 });
    const activity = await api(`/api/user/${b.id}/activity`, { token: admin.token, env: vars });
    expect(((await activity.json()) as { items: unknown[] }).items).toHaveLength(1);
    const badges = await api(`/api/user/${b.id}/badges`, { token: admin.token, env: vars });
    expect(((await badges.json()) as { earned: { badge: { id: string } }[] }).earned.map((e) => e.badge.id)).toEqual(["first-light"]);

    const unknown = await api("/api/user/no-such-user/stats", { token: admin.token, env: vars });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "User not found." });
    // Without the admin list the same token is an ordinary user.
    expect((await api(`/api/user/${b.id}/stats`, { token: admin.token })).status).toBe(403);
  });
});

describe("POST /api/activity: only cards the caller may see", () => {
  it("refuses a paid card to a user without access (404, no row) and accepts one of their preview cards", async () => {
    const member = await signedInUser("member");
    const paid = await postActivity(member, { cardId: await paidCardId(), activityType: "view" });
    expect(paid.status).toBe(404);
    expect(await paid.json()).toEqual({ error: "Card not found." });
    const unknown = await postActivity(member, { cardId: "no-such-card", activityType: "view" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Card not found." });
    expect(await activityRows(member.id)).toBe(0);

    const [cardId] = await previewCardIds();
    const ok = await postActivity(member, { cardId, activityType: "read_scripture", metadata: { source: "card-page" } });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { activity: { id: string; cardId: string; activityType: string; timestamp: string } };
    expect(body.activity).toMatchObject({ cardId, activityType: "read_scripture" });
    expect(await activityRows(member.id)).toBe(1);

    const list = (await (await api(`/api/user/${member.id}/activity`, { token: member.token })).json()) as {
      items: { id: string; cardTitle: string | null; metadata: unknown }[];
    };
    expect(list.items[0]).toMatchObject({ id: body.activity.id, metadata: { source: "card-page" } });
    expect(list.items[0]!.cardTitle).toEqual(expect.any(String));
  });

  it("lets a buyer record a paid card; views count distinct cards and the stats change in the same request", async () => {
    const caller = await buyer();
    const paid = await paidCardId();
    const [preview] = await previewCardIds();
    for (const cardId of [paid, paid, preview]) expect((await postActivity(caller, { cardId, activityType: "view" })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await postActivity(caller, { cardId: paid, activityType: "speak_aloud" })).status).toBe(201);
    const stats = await (await api(`/api/user/${caller.id}/stats`, { token: caller.token })).json();
    expect(stats).toMatchObject({ totalCardsViewed: 2, totalSpokenAffirmations: 2, totalScriptureReads: 0, currentStreak: 0 });
  });

  it("answers 400 with a clear message to bad input, 405 to a wrong method", async () => {
    const caller = await signedInUser();
    const [cardId] = await previewCardIds();
    const cases: [unknown, RegExp][] = [
      [{ cardId, activityType: "dance" }, /activityType must be one of: view, read_scripture, speak_aloud, favorite/],
      [{ activityType: "view" }, /cardId is required/],
      [{ cardId, activityType: "view", metadata: { note: "x".repeat(2000) } }, /metadata may be at most 1024 bytes/],
      [
        { cardId, activityType: "view", metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
        /at most 20 keys/,
      ],
      [{ cardId, activityType: "view", metadata: [1, 2] }, /metadata must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const response = await postActivity(caller, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const badJson = await api("/api/activity", { token: caller.token, method: "POST", body: "{not json" });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ error: "Request body must be valid JSON." });
    expect(await activityRows(caller.id)).toBe(0);

    for (const query of ["pageSize=1000", "pageSize=0", "page=0", "page=abc"]) {
      const response = await api(`/api/user/${caller.id}/activity?${query}`, { token: caller.token });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error, query).toMatch(/^page(Size)? must be a whole number/);
    }

    expect((await api("/api/activity", { token: caller.token })).status).toBe(405);
    expect((await api(`/api/user/${caller.id}/check-badges`, { token: caller.token })).status).toBe(405);
    expect((await api(`/api/user/${caller.id}/stats`, { token: caller.token, method: "POST" })).status).toBe(405);
  });
});

describe("a day is the user's calendar day", () => {
  const record = (userId: string, iso: string, timeZone: string) =>
    recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone, now: new Date(iso) });

  it("crosses midnight in Auckland and Los Angeles at different UTC instants", async () => {
    const [auckland, losAngeles, utc] = await Promise.all([plainUser(), plainUser(), plainUser()]);
    // 11:30Z and 12:30Z on 10 May: 23:30 and 00:30 in Auckland (UTC+12), both early morning in Los Angeles.
    for (const iso of ["2026-05-10T11:30:00Z", "2026-05-10T12:30:00Z"]) {
      await record(auckland, iso, "Pacific/Auckland");
      await record(losAngeles, iso, "America/Los_Angeles");
      await record(utc, iso, "UTC");
    }
    const at = new Date("2026-05-10T12:30:00Z");
    expect(await getStats(db, auckland, { timeZone: "Pacific/Auckland", now: at })).toMatchObject({
      currentStreak: 2,
      lastActivityDate: "2026-05-11",
    });
    expect(await getStats(db, losAngeles, { timeZone: "America/Los_Angeles", now: at })).toMatchObject({
      currentStreak: 1,
      lastActivityDate: "2026-05-10",
    });
    expect((await getStats(db, utc, { timeZone: "UTC", now: at })).currentStreak).toBe(1);

    // 23:30 and 00:30 in Los Angeles (UTC-7) are 06:30Z and 07:30Z on 11 May.
    await record(losAngeles, "2026-05-11T06:30:00Z", "America/Los_Angeles");
    await record(losAngeles, "2026-05-11T07:30:00Z", "America/Los_Angeles");
    expect(await getStats(db, losAngeles, { timeZone: "America/Los_Angeles", now: new Date("2026-05-11T07:30:00Z") })).toMatchObject({
      currentStreak: 2,
      lastActivityDate: "2026-05-11",
    });
  });

  it("counts days, not 24-hour periods, across New York's daylight-saving changes", async () => {
    const spring = await plainUser();
    // 23:30 EST on 7 March, 23:30 EDT on 8 March (23 hours later), 00:30 EDT on 9 March: three days.
    for (const iso of ["2026-03-08T04:30:00Z", "2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z"])
      await record(spring, iso, "America/New_York");
    expect(await getStats(db, spring, { timeZone: "America/New_York", now: new Date("2026-03-09T04:30:00Z") })).toMatchObject({
      currentStreak: 3,
      lastActivityDate: "2026-03-09",
    });

    const autumn = await plainUser();
    // 23:30 EDT on 31 Oct, 00:30 EDT on 1 Nov, 23:30 EST on 1 Nov (the 25-hour day: same day), 23:30 EST on 2 Nov.
    await record(autumn, "2026-11-01T03:30:00Z", "America/New_York");
    await record(autumn, "2026-11-01T04:30:00Z", "America/New_York");
    await record(autumn, "2026-11-02T04:30:00Z", "America/New_York");
    expect((await getStats(db, autumn, { timeZone: "America/New_York", now: new Date("2026-11-02T04:30:00Z") })).currentStreak).toBe(2);
    await record(autumn, "2026-11-03T04:30:00Z", "America/New_York");
    expect(await getStats(db, autumn, { timeZone: "America/New_York", now: new Date("2026-11-03T05:30:00Z") })).toMatchObject({
      currentStreak: 3,
      lastActivityDate: "2026-11-02",
      atRisk: false,
    });
  });

  it("forgives one missed day (shown as the grace day), warns while at risk, and shows a lapsed streak as 0", async () => {
    const userId = await plainUser();
    const zone = "Europe/Paris";
    await record(userId, "2026-06-01T08:00:00Z", zone);
    await record(userId, "2026-06-02T08:00:00Z", zone);
    // 3 June missed: on 4 June the streak is at risk, not lost.
    expect(await getStats(db, userId, { timeZone: zone, now: new Date("2026-06-04T06:00:00Z") })).toMatchObject({
      currentStreak: 2,
      atRisk: true,
    });
    await record(userId, "2026-06-04T08:00:00Z", zone);
    expect(await getStats(db, userId, { timeZone: zone, now: new Date("2026-06-04T09:00:00Z") })).toMatchObject({
      currentStreak: 4,
      longestStreak: 4,
      graceDay: "2026-06-03",
      atRisk: false,
    });
    // Missing 5 June as well: the grace day is spent, so on 6 June the streak has lapsed.
    expect(await getStats(db, userId, { timeZone: zone, now: new Date("2026-06-06T09:00:00Z") })).toMatchObject({
      currentStreak: 0,
      longestStreak: 4,
      graceDay: null,
    });
    await record(userId, "2026-06-06T09:00:00Z", zone);
    expect(await getStats(db, userId, { timeZone: zone, now: new Date("2026-06-06T10:00:00Z") })).toMatchObject({
      currentStreak: 1,
      longestStreak: 4,
    });
  });

  it("takes the zone from the lc_tz cookie, keeps it on the user, and ignores an unknown one", async () => {
    const timeZoneOf = async (id: string) =>
      (await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(id).first<{ time_zone: string | null }>())?.time_zone;
    const lastDayOf = async (caller: Caller) =>
      ((await (await api(`/api/user/${caller.id}/stats`, { token: caller.token })).json()) as { lastActivityDate: string })
        .lastActivityDate;
    const practise = (caller: LibraryCaller, cookie = "") =>
      postForm("/today", { intent: "said-aloud" }, { cookie: [caller.cookie, cookie].filter(Boolean).join("; ") });
    const [cardId] = await previewCardIds();
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: their calendar days always differ.
    const [east, west, nowhere] = await Promise.all([buyer("tz"), buyer("tz"), buyer("tz")]);
    const before = new Date();
    expect((await practise(east, "lc_tz=Pacific%2FKiritimati")).status).toBe(302);
    // The API's body names a zone too; the practice then counts in the zone kept on the account.
    expect((await postActivity(west, { cardId, activityType: "view", timeZone: "Pacific/Pago_Pago" })).status).toBe(201);
    expect((await practise(west)).status).toBe(302);
    const after = new Date();
    expect(await timeZoneOf(east.id)).toBe("Pacific/Kiritimati");
    expect(await timeZoneOf(west.id)).toBe("Pacific/Pago_Pago");
    const [eastDay, westDay] = [await lastDayOf(east), await lastDayOf(west)];
    expect([localDay(before, "Pacific/Kiritimati"), localDay(after, "Pacific/Kiritimati")]).toContain(eastDay);
    expect([localDay(before, "Pacific/Pago_Pago"), localDay(after, "Pacific/Pago_Pago")]).toContain(westDay);
    expect(eastDay).not.toBe(westDay);

    // An unknown zone, by cookie or body, leaves the stored one in place.
    expect((await postActivity(east, { cardId, activityType: "view" }, { cookie: "lc_tz=Mars%2FOlympus_Mons" })).status).toBe(201);
    expect((await postActivity(east, { cardId, activityType: "view", timeZone: "Nowhere/Land" })).status).toBe(201);
    expect(await timeZoneOf(east.id)).toBe("Pacific/Kiritimati");
    expect(await lastDayOf(east)).toBe(eastDay);

    // A user with no stored zone and an unknown one counts in UTC; nothing is stored.
    const at = new Date();
    expect((await practise(nowhere, "lc_tz=Mars%2FOlympus_Mons")).status).toBe(302);
    expect(await timeZoneOf(nowhere.id)).toBeNull();
    expect([localDay(at, "UTC"), localDay(new Date(), "UTC")]).toContain(await lastDayOf(nowhere));
    // Reading stats with a zone cookie changes nothing (no GET writes).
    expect((await api(`/api/user/${nowhere.id}/stats`, { token: nowhere.token, cookie: "lc_tz=Pacific%2FKiritimati" })).status).toBe(200);
    expect(await timeZoneOf(nowhere.id)).toBeNull();
  });
});

describe("exactly once under concurrent requests", () => {
  it("awards First Light once when ten views arrive together, to exactly one response", async () => {
    const caller = await signedInUser("race");
    const cards = await previewCardIds();
    const viewed = Array.from({ length: 10 }, (_, i) => cards[i % cards.length]);
    const responses = await Promise.all(viewed.map((cardId) => postActivity(caller, { cardId, activityType: "view" })));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as NewBadges[];
    expect(bodies.filter((body) => badgeIds(body).includes("first-light"))).toHaveLength(1);
    expect(await badgeRows(caller.id, "first-light")).toBe(1);
    const stats = await (await api(`/api/user/${caller.id}/stats`, { token: caller.token })).json();
    expect(stats).toMatchObject({ totalCardsViewed: new Set(viewed).size, currentStreak: 0 });
    expect(await activityRows(caller.id)).toBe(10);
  });

  it("awards once when check-badges is called concurrently", async () => {
    const caller = await signedInUser("race");
    const userId = caller.id;
    // Three days in a row, recorded without badge checks racing yet: then ten concurrent checks.
    for (const day of ["2026-04-01", "2026-04-02", "2026-04-03"]) {
      await recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now: new Date(`${day}T12:00:00Z`) });
    }
    await env.DB.prepare("DELETE FROM user_badges WHERE user_id = ?").bind(userId).run();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => api(`/api/user/${userId}/check-badges`, { token: caller.token, method: "POST" })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const awarded = ((await Promise.all(responses.map((response) => response.json()))) as NewBadges[]).flatMap(badgeIds).sort();
    // A completed practice is said aloud: First Words too.
    expect(awarded).toEqual(["first-practice", "first-words", "three-day-streak"]);
    expect(await badgeRows(userId, "three-day-streak")).toBe(1);
    expect(await badgeRows(userId, "first-words")).toBe(1);
    expect(await checkBadges(db, userId)).toEqual([]);

    const progress = await env.DB.prepare("SELECT progress FROM user_badges WHERE user_id = ? AND badge_id = 'three-day-streak'")
      .bind(userId)
      .first<{ progress: string }>();
    expect(JSON.parse(progress!.progress)).toEqual({ current: 3, target: 3 });
  });

  it("counts every concurrent activity and the day once", async () => {
    const userId = await plainUser();
    await recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now: new Date("2026-07-01T12:00:00Z") });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now: new Date("2026-07-02T12:00:00Z") }),
      ),
    );
    expect(await getStats(db, userId, { timeZone: "UTC", now: new Date("2026-07-02T13:00:00Z") })).toMatchObject({
      totalSpokenAffirmations: 11,
      currentStreak: 2,
    });
  });

  it("does not lose a streak day when requests for two different days race", async () => {
    const userId = await plainUser();
    await recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now: new Date("2026-08-01T20:00:00Z") });
    // One instant: still 2 August in UTC, already 3 August in Auckland. Both read the same stats row.
    const now = new Date("2026-08-02T20:00:00Z");
    await Promise.all([
      recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now }),
      recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "Pacific/Auckland", now }),
    ]);
    const stats = await getStats(db, userId, { timeZone: "Pacific/Auckland", now });
    expect(stats).toMatchObject({ currentStreak: 3, lastActivityDate: "2026-08-03" });
  });
});

describe("badge listing", () => {
  it("lists every active badge with progress and names the closest unearned one as next", async () => {
    const userId = await plainUser();
    for (const day of ["2026-09-01", "2026-09-02"]) {
      await recordActivity(db, { userId, cardId: null, activityType: "practice", timeZone: "UTC", now: new Date(`${day}T12:00:00Z`) });
    }
    const list = await listBadges(db, userId);
    const cardCount = (await env.DB.prepare("SELECT count(*) AS n FROM affirmation_cards").first<{ n: number }>())!.n;
    expect(list.earned.map((earned) => earned.badge.id).sort()).toEqual(["first-practice", "first-words"]);
    expect(list.next).toMatchObject({ badge: { id: "three-day-streak" }, current: 2, target: 3 });
    expect(list.all.find((entry) => entry.badge.id === "whole-collection")).toMatchObject({ target: cardCount, earned: false });
  });
});
