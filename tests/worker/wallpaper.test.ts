/**
 * Today's card on the lock screen (docs/decisions/044-wallpaper-address.md): a buyer's private wallpaper address,
 * through the real Worker and D1. It serves today's card (the buyer's day, their chosen card) as a PNG at the phone's
 * size, reached by its token alone; it stops at once when turned off, replaced or when access ends; sizes out of
 * bounds are refused; the token is stored hashed, exported as on/off only and deleted with the account.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { revokeAccessByEmail } from "~/modules/access/grants.server";
import { cardOfTheDay } from "~/modules/cards/card";
import { getCardsFor } from "~/modules/cards/cards.server";
import { describeCardImage, RENDERER_VERSION } from "~/modules/images/card-images.server";
import { sha256Hex } from "~/modules/security/crypto.server";
import { localDay } from "~/modules/users/time-zone";
import { SCREEN_SIZE_MESSAGE } from "~/modules/wallpaper/wallpaper.schema";
import { WALLPAPER_MESSAGES } from "~/modules/wallpaper/wallpaper-image.server";
import { memoryRateLimitBindings } from "../fakes/ratelimits";
import { PASSWORD } from "../support/identities";
import { recordingD1, signedBookmarkCookie } from "./d1-support";
import { fetchApp, fetchAppWithBindings, postForm, visibleText } from "./helpers";
import { buyer, type Caller, db, paidCard, signedInUser } from "./library-support";

const IPHONE = "w=1179&h=2556";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Uint8Array) {
  expect(Array.from(bytes.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Posts the settings page's form as a browser without JavaScript does. */
function settings(caller: Caller, fields: Record<string, string>, cookie = "") {
  return postForm("/wallpaper", fields, { cookie: `${caller.cookie}${cookie}` });
}

/** Turns the buyer's address on (or replaces it) and returns the token the page showed, the only time it is shown. */
async function turnOn(caller: Caller, fields: Record<string, string> = { intent: "turn-on", style: "elegant" }): Promise<string> {
  const response = await settings(caller, fields);
  expect(response.status).toBe(200);
  const html = await response.text();
  const token = /\/wallpaper\/([A-Za-z0-9_-]{43})\.png\?w=1179&amp;h=2556/.exec(html)?.[1];
  expect(token, "the page shows the address in full").toBeTruthy();
  return token!;
}

/** The address as the phone fetches it: no cookie, no session. */
function fetchWallpaper(token: string, query = IPHONE, headers: Record<string, string> = {}) {
  return fetchApp(`/wallpaper/${token}.png?${query}`, { headers });
}

describe("a buyer's wallpaper address", () => {
  it("serves today's card as a PNG at the phone's size, by its token alone, private until the buyer's day ends", async () => {
    const me = await buyer("wallpaper");
    const token = await turnOn(me, { intent: "turn-on", style: "warm" });

    // Stored hashed: the row holds the SHA-256, never the token.
    const row = await env.DB.prepare("SELECT id, style FROM wallpaper_tokens WHERE user_id = ?")
      .bind(me.id)
      .first<{ id: string; style: string }>();
    expect(row).toEqual({ id: await sha256Hex(token), style: "warm" });

    const first = await fetchWallpaper(token);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("X-Image-Cache")).toBe("miss");
    expect(first.headers.getSetCookie()).toEqual([]);
    const cacheControl = first.headers.get("Cache-Control") ?? "";
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(cacheControl)?.[1]);
    // The buyer's zone is UTC (none kept yet): cacheable exactly until the UTC day ends.
    const untilMidnight =
      (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    expect(maxAge).toBeGreaterThan(0);
    expect(Math.abs(maxAge - untilMidnight)).toBeLessThan(60);
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1179, height: 2556 });

    // Today's own card in the buyer's day, as /today and the daily email choose it, in the buyer's style.
    const expected = cardOfTheDay((await getCardsFor(db, "buyer")).cards, localDay(new Date(), "UTC"));
    const image = await describeCardImage(expected!, "warm", "wallpaper", { width: 1179, height: 2556 });
    expect(first.headers.get("ETag")).toBe(image.etag);
    // Kept in R2 per card, style and size, and read from there the next time.
    expect(image.key).toMatch(new RegExp(`^card-images/v${RENDERER_VERSION}/${expected!.id}/wallpaper-warm-1179x2556-[0-9a-f]{16}\\.png$`));
    expect(await env.CARD_ASSETS.head(image.key)).not.toBeNull();
    const again = await fetchWallpaper(token);
    expect(again.headers.get("X-Image-Cache")).toBe("hit");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    // A phone that has today's picture is told so, without a body.
    const unchanged = await fetchWallpaper(token, IPHONE, { "If-None-Match": image.etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);

    // Another size of the same phone family is drawn at exactly its pixels.
    const other = await fetchWallpaper(token, "w=1080&h=2400");
    expect(pngSize(new Uint8Array(await other.arrayBuffer()))).toEqual({ width: 1080, height: 2400 });
  });

  it("shows the card the buyer chose for today, in the day of the zone their account keeps", async () => {
    const me = await buyer("wallpaper-chosen");
    const chosen = await paidCard();
    // "Practise this card" from a browser in a zone whose calendar day is not UTC's right now: the account keeps it.
    const zone = new Date().getUTCHours() < 12 ? "Etc/GMT+12" : "Etc/GMT-14";
    expect(localDay(new Date(), zone)).not.toBe(localDay(new Date(), "UTC"));
    const picked = await postForm(
      "/today",
      { intent: "practise", cardId: chosen.id },
      { cookie: `${me.cookie}; lc_tz=${encodeURIComponent(zone)}` },
    );
    expect(picked.headers.get("Location")).toBe("/today#listen");
    const token = await turnOn(me);
    const response = await fetchWallpaper(token);
    const [card] = (await getCardsFor(db, "buyer")).cards.filter((entry) => entry.id === chosen.id);
    expect(response.headers.get("ETag")).toBe((await describeCardImage(card!, "elegant", "wallpaper", { width: 1179, height: 2556 })).etag);
    await response.arrayBuffer();
  });

  it("answers 403 once the buyer's access is revoked", async () => {
    const me = await buyer("wallpaper-revoked");
    const token = await turnOn(me);
    expect((await fetchWallpaper(token)).status).toBe(200);

    await revokeAccessByEmail(db, { email: me.email, actor: { userId: null, email: "tests" }, reason: "wallpaper test" });
    const refused = await fetchWallpaper(token);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(WALLPAPER_MESSAGES.accessEnded);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses a size outside the bounds with 400 and the bounds, before anything is drawn", async () => {
    const me = await buyer("wallpaper-sizes");
    const token = await turnOn(me);
    for (const query of [
      "w=100&h=2556",
      "w=1179&h=9000",
      "w=3000&h=4000",
      "w=2048&h=2048",
      "w=1179&h=200",
      "w=1179.5&h=2556",
      "w=abc&h=2556",
      "w=-1179&h=2556",
      "w=1179",
      "",
    ]) {
      const response = await fetchWallpaper(token, query);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toBe(SCREEN_SIZE_MESSAGE);
    }
    // The bounds themselves are drawable.
    expect((await fetchWallpaper(token, "w=320&h=480")).status).toBe(200);
  });

  it("stops at once when replaced or turned off; a made-up token opens nothing, and the token opens nothing else", async () => {
    const me = await buyer("wallpaper-replace");
    const first = await turnOn(me);
    const second = await turnOn(me, { intent: "replace" });
    expect(second).not.toBe(first);
    const old = await fetchWallpaper(first);
    expect(old.status).toBe(403);
    expect(await old.text()).toBe(WALLPAPER_MESSAGES.notAnAddress);
    expect((await fetchWallpaper(second)).status).toBe(200);

    expect((await fetchWallpaper("A".repeat(43))).status).toBe(403);
    expect((await fetchWallpaper("not-a-token")).status).toBe(403);
    // Not a session, not an API token, not a share link's token.
    expect((await fetchApp("/api/auth/me", { headers: { Authorization: `Bearer ${second}` } })).status).toBe(401);
    expect((await fetchApp("/api/auth/me", { headers: { Cookie: `lc_session=${second}` } })).status).toBe(401);
    const card = await paidCard();
    expect((await fetchApp(`/cards/${card.id}/image.png?t=${second}`)).status).toBe(403);

    const off = await settings(me, { intent: "turn-off" });
    expect(off.status).toBe(302);
    expect((await fetchWallpaper(second)).status).toBe(403);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM wallpaper_tokens WHERE user_id = ?").bind(me.id).first("n")).toBe(0);
  });

  it("is answered from the address alone: a session cookie sent along neither changes the picture nor gets a cookie back", async () => {
    const owner = await buyer("wallpaper-owner");
    const other = await buyer("wallpaper-other");
    const token = await turnOn(owner, { intent: "turn-on", style: "modern" });
    const plain = await fetchWallpaper(token);
    // A browser opening the address, signed in as someone else, with a page's Accept header.
    const withSession = await fetchWallpaper(token, IPHONE, { Cookie: other.cookie, Accept: "text/html,image/*;q=0.8" });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get("ETag")).toBe(plain.headers.get("ETag"));
    expect(withSession.headers.getSetCookie()).toEqual([]);
    await plain.arrayBuffer();
    await withSession.arrayBuffer();
  });

  it("reads on D1's primary, whatever bookmark a browser sends along, so an address just turned off opens nothing", async () => {
    const me = await buyer("wallpaper-primary");
    const token = await turnOn(me);
    const d1 = recordingD1();
    const response = await fetchAppWithBindings({ DB: d1.DB }, `/wallpaper/${token}.png?${IPHONE}`, {
      headers: { Cookie: await signedBookmarkCookie("00000001-00000002-00000003-abc") },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(d1.sessions).toEqual(["first-primary"]);
  });

  it("draws in the style the buyer saves, and counts new drawings against the buyer: past 10 a minute, 429", async () => {
    const me = await buyer("wallpaper-style");
    const token = await turnOn(me);
    const before = await fetchWallpaper(token);
    await before.arrayBuffer();
    const saved = await settings(me, { intent: "style", style: "peaceful" });
    expect(saved.status).toBe(302);
    const after = await fetchWallpaper(token);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    await after.arrayBuffer();

    // The buyer's draws this minute are used up: a size not yet drawn is refused, a drawn one still served from R2.
    const drawLimit = memoryRateLimitBindings.RL_WALLPAPER_DRAW_SUBJECT!;
    while ((await drawLimit.limit({ key: `wallpaper_draw_subject:${me.id}` })).success) {}
    const refused = await fetchWallpaper(token, "w=1170&h=2532");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect((await fetchWallpaper(token)).status).toBe(200);
  });
});

describe("the settings page /wallpaper", () => {
  it("is a buyer's page: a visitor signs in, a member without access goes to the checkout", async () => {
    const me = await buyer("wallpaper-page");
    const page = await fetchApp("/wallpaper", { headers: { Cookie: me.cookie } });
    expect(page.status).toBe(200);
    const text = visibleText(await page.text());
    expect(text).toContain("Today's card on your lock screen");
    expect(text).toContain("Turn on my wallpaper address");
    expect(text).toContain("On iPhone: a Shortcuts automation");
    expect(text).toContain("On Android");

    expect((await fetchApp("/wallpaper")).headers.get("Location")).toBe("/login?redirectTo=%2Fwallpaper");
    const member = await signedInUser("wallpaper-member");
    expect((await fetchApp("/wallpaper", { headers: { Cookie: member.cookie } })).headers.get("Location")).toBe("/checkout");
    expect((await postForm("/wallpaper", { intent: "turn-on", style: "warm" }, { cookie: member.cookie })).headers.get("Location")).toBe(
      "/checkout",
    );
    expect(await env.DB.prepare("SELECT count(*) AS n FROM wallpaper_tokens WHERE user_id = ?").bind(member.id).first("n")).toBe(0);
  });

  it("shows the address only in the answer that made it; later it says the address is on and since when", async () => {
    const me = await buyer("wallpaper-once");
    const token = await turnOn(me);
    const later = await (await fetchApp("/wallpaper", { headers: { Cookie: me.cookie } })).text();
    expect(later).not.toContain(token);
    expect(visibleText(later)).toContain("Your address is on");
    expect(visibleText(later)).toContain("Replace address");
  });

  it("refuses an unknown style or intent with 400 and a message", async () => {
    const me = await buyer("wallpaper-bad");
    const bad = await settings(me, { intent: "turn-on", style: "neon" });
    expect(bad.status).toBe(400);
    expect(visibleText(await bad.text())).toContain("Choose one of the styles: elegant, modern, peaceful, warm.");
    expect((await settings(me, { intent: "explode" })).status).toBe(400);
    const noAddress = await settings(me, { intent: "style", style: "warm" });
    expect(noAddress.status).toBe(409);
    expect(visibleText(await noAddress.text())).toContain("Turn the wallpaper address on first.");
  });

  it("previews today's wallpaper to the signed-in buyer only", async () => {
    const me = await buyer("wallpaper-preview");
    const preview = await fetchApp("/wallpaper/preview.png?style=modern", { headers: { Cookie: me.cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(pngSize(new Uint8Array(await preview.arrayBuffer()))).toEqual({ width: 440, height: 952 });
    const thumb = await fetchApp("/wallpaper/preview.png?style=modern&size=thumb", { headers: { Cookie: me.cookie } });
    expect(pngSize(new Uint8Array(await thumb.arrayBuffer()))).toEqual({ width: 144, height: 312 });

    expect((await fetchApp("/wallpaper/preview.png")).status).toBe(403);
    const member = await signedInUser("wallpaper-preview-member");
    expect((await fetchApp("/wallpaper/preview.png", { headers: { Cookie: member.cookie } })).status).toBe(403);
    expect((await fetchApp("/wallpaper/preview.png?style=neon", { headers: { Cookie: me.cookie } })).status).toBe(400);
  });
});

describe("the account and the wallpaper address", () => {
  it("exports whether it is on and since when, never the token or its hash; deleting the account deletes it", async () => {
    const me = await buyer("wallpaper-account");
    const token = await turnOn(me, { intent: "turn-on", style: "warm" });
    const exported = await (await fetchApp("/account/data.json", { headers: { Cookie: me.cookie } })).text();
    expect(JSON.parse(exported).wallpaper).toEqual({ on: true, createdAt: expect.any(String), style: "warm" });
    expect(exported).not.toContain(token);
    expect(exported).not.toContain(await sha256Hex(token));

    const deleted = await postForm(
      "/account/delete",
      { intent: "delete-with-password", password: PASSWORD, confirm: "on" },
      { cookie: me.cookie },
    );
    expect([302, 303]).toContain(deleted.status);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM wallpaper_tokens WHERE user_id = ?").bind(me.id).first("n")).toBe(0);
    expect((await fetchWallpaper(token)).status).toBe(403);
  });
});
