/**
 * One D1 session per request (docs/decisions/023-d1-sessions.md): a signed-in browser carries the session's bookmark
 * and its next request opens its session there, so it reads its own writes from any replica; a visitor's public
 * page stays cookie-free and cacheable; pages say how long they waited for D1.
 */
import { describe, expect, it } from "vitest";
import { PASSWORD } from "../support/identities";
import { bookmarkIn, D1_BOOKMARK_SHAPE, recordingD1, signedBookmarkCookie } from "./d1-support";
import { cookieFrom, fetchApp, fetchAppWithBindings, postForm, visibleText } from "./helpers";
import { buyer, paidCard } from "./library-support";

function serverTiming(response: Response): string | null {
  return response.headers.get("Server-Timing");
}

describe("a signed-in browser reads its own writes", () => {
  it("sign-in starts the bookmark; a favourite's answer carries the one after its write; the next page opens its session there", async () => {
    const me = await buyer("d1");
    const card = await paidCard();
    const signIn = await postForm("/login", { email: me.email, password: PASSWORD, intent: "password" });
    expect(signIn.status).toBe(302);
    expect(bookmarkIn(signIn)).toMatch(D1_BOOKMARK_SHAPE);
    const session = cookieFrom(signIn, "lc_session");

    const before = await fetchApp("/cards?favorites=1", { headers: { Cookie: `${session}; ${cookieFrom(signIn, "lc_d1")}` } });
    expect(visibleText(await before.text())).toMatch(/Showing 0 of \d+ cards \(favorites only\)/);
    // The browser keeps the newer bookmark when the page sent one.
    const latest = bookmarkIn(before) ? before : signIn;
    const readBookmark = bookmarkIn(latest) ?? "";

    const favourite = await postForm(
      "/favorites",
      { cardId: card.id, intent: "add", redirectTo: "/cards?favorites=1" },
      { cookie: `${session}; ${cookieFrom(latest, "lc_d1")}` },
    );
    expect(favourite.status).toBe(302);
    const written = bookmarkIn(favourite) ?? "";
    expect(written).toMatch(D1_BOOKMARK_SHAPE);
    expect(written > readBookmark, `${written} is after ${readBookmark}`).toBe(true);

    const d1 = recordingD1();
    const after = await fetchAppWithBindings({ DB: d1.DB }, "/cards?favorites=1", {
      headers: { Cookie: `${session}; ${cookieFrom(favourite, "lc_d1")}` },
    });
    expect(after.status).toBe(200);
    expect(d1.sessions).toEqual([written]);
    expect(visibleText(await after.text())).toMatch(/Showing 1 of \d+ cards \(favorites only\)/);
  });

  it("sign-out clears the bookmark with the session", async () => {
    const me = await buyer("d1-out");
    const bookmark = await signedBookmarkCookie("00000000-00000001-00000000-00000000000000000000000000000000");
    const out = await postForm("/logout", {}, { cookie: `${me.cookie}; ${bookmark}` });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_session="))).toMatch(/^lc_session=;/);
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_d1="))).toMatch(/^lc_d1=; Max-Age=0/);
  });
});

describe("visitors get no bookmark", () => {
  it("a visitor's public page sets no bookmark cookie and is kept by the edge cache, even for a browser that still holds one", async () => {
    const sample = `/sample-card?d1=${crypto.randomUUID()}`;
    const first = await fetchApp(sample);
    expect(first.status).toBe(200);
    expect(bookmarkIn(first)).toBeNull();
    const stale = await signedBookmarkCookie("00000000-00000001-00000000-00000000000000000000000000000000");
    const second = await fetchApp(sample, { headers: { Cookie: stale } });
    expect(serverTiming(second)).toContain('edge;desc="hit"');
    expect(bookmarkIn(second)).toBeNull();

    const landing = `/?d1=${crypto.randomUUID()}`;
    const visit = await fetchApp(landing);
    expect(visit.status).toBe(200);
    expect(
      visit.headers
        .getSetCookie()
        .map((cookie) => cookie.split("=")[0])
        .sort(),
    ).toEqual(["lc_ab", "lc_vid"]);
    const again = await fetchApp(landing, { headers: { Cookie: `${cookieFrom(visit, "lc_ab")}; ${cookieFrom(visit, "lc_vid")}` } });
    expect(serverTiming(again)).toContain('edge;desc="hit"');
    expect(bookmarkIn(again)).toBeNull();
  });

  it("a visitor's form post gets no bookmark (its answer must not change with what the database did) and starts on the primary", async () => {
    const d1 = recordingD1();
    const post = await fetchAppWithBindings({ DB: d1.DB }, "/login", {
      method: "POST",
      headers: { Origin: "http://localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nobody@example.com", password: "wrong-password", intent: "password" }).toString(),
    });
    expect(post.status).toBe(401);
    expect(bookmarkIn(post)).toBeNull();
    expect(d1.sessions).toEqual(["first-primary"]);
  });
});

describe("Server-Timing", () => {
  it("pages show the D1 time beside the edge and the app; form posts carry no timing at all", async () => {
    const me = await buyer("d1-timing");
    const TIMING = /^edge;desc="(hit|miss|bypass)", app;dur=\d+, db;dur=\d+;desc="D1"$/;
    const signedIn = await fetchApp("/cards", { headers: { Cookie: me.cookie } });
    expect(serverTiming(signedIn)).toMatch(TIMING);
    const path = `/sample-card?timing=${crypto.randomUUID()}`;
    for (const visit of [await fetchApp(path), await fetchApp(path)]) expect(serverTiming(visit)).toMatch(TIMING);

    const favourite = await postForm("/favorites", { cardId: (await paidCard()).id, intent: "add" }, { cookie: me.cookie });
    expect(favourite.status).toBe(200);
    expect(serverTiming(favourite)).toBeNull();
    const failedSignIn = await postForm("/login", { email: me.email, password: "wrong-password", intent: "password" });
    expect(failedSignIn.status).toBe(401);
    expect(serverTiming(failedSignIn)).toBeNull();
  });
});
