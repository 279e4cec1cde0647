/**
 * The D1 bookmark cookie (docs/decisions/023-d1-sessions.md) as an attacker or a broken browser sends it: garbled,
 * overlong, unsigned, signed but not a bookmark, or a bookmark D1 refuses. Every one gets the normal page, never a
 * 500, read from a session D1 chose, and a signed-in browser gets a good bookmark back.
 */
import { describe, expect, it } from "vitest";
import { bookmarkIn, D1_BOOKMARK_SHAPE, recordingD1, signedBookmarkCookie } from "../d1-support";
import { fetchAppWithBindings } from "../helpers";
import { buyer } from "../library-support";

const BOOKMARK = "0000000a-00000003-00004f8e-5f9c4a7e1b2d3c4e5f60718293a4b5c6";

async function badCookies(): Promise<Record<string, string>> {
  return {
    "not base64": "lc_d1=garbage!!",
    "broken percent-encoding": "lc_d1=%E0%A4%A.%ZZ",
    overlong: `lc_d1=${"A".repeat(16_000)}.${"B".repeat(16_000)}`,
    "a bookmark without a signature": `lc_d1=${BOOKMARK}`,
    "two of them": `lc_d1=garbage; lc_d1=${BOOKMARK}`,
    "signed, not a bookmark": await signedBookmarkCookie("zzzzzzzz-zzzzzzzz-zzzzzzzz-zz"),
    "signed, an object": await signedBookmarkCookie({ bookmark: BOOKMARK }),
    "signed, an overlong bookmark": await signedBookmarkCookie(`${BOOKMARK}${"f".repeat(4_000)}`),
  };
}

describe("a bad D1 bookmark cookie", () => {
  it("gets the normal page, on a session D1 chose, and a signed-in browser a good bookmark back", async () => {
    const me = await buyer("bookmark");
    const failures: string[] = [];
    for (const [label, cookie] of Object.entries(await badCookies())) {
      for (const [who, path, session] of [
        ["signed in", "/cards", `${me.cookie}; `],
        ["visitor", `/sample-card?bookmark=${crypto.randomUUID()}`, ""],
      ] as const) {
        const d1 = recordingD1();
        const response = await fetchAppWithBindings({ DB: d1.DB }, path, { headers: { Cookie: `${session}${cookie}` } });
        const body = await response.text();
        if (response.status !== 200) failures.push(`${label}, ${who}: ${response.status}`);
        if (/\n\s+at /.test(body)) failures.push(`${label}, ${who}: stack trace in the body`);
        // Without a bookmark it can use, a signed-in browser checks its session on the primary (attacks/replica-session).
        const expected = who === "signed in" ? "first-primary" : "first-unconstrained";
        if (d1.sessions.some((opened) => opened !== expected)) failures.push(`${label}, ${who}: session ${d1.sessions}`);
        const sent = bookmarkIn(response);
        if (who === "signed in" && !D1_BOOKMARK_SHAPE.test(sent ?? "")) failures.push(`${label}, ${who}: bookmark back ${sent}`);
        if (who === "visitor" && sent !== null) failures.push(`${label}, ${who}: a visitor got a bookmark`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a well-formed, signed bookmark that D1 refuses costs the request its bookmark, not its answer", async () => {
    const me = await buyer("refused");
    const d1 = recordingD1({ refuseBookmarks: true });
    const response = await fetchAppWithBindings({ DB: d1.DB }, "/cards", {
      headers: { Cookie: `${me.cookie}; ${await signedBookmarkCookie(BOOKMARK)}` },
    });
    expect(response.status).toBe(200);
    expect(d1.sessions).toEqual([BOOKMARK, "first-primary"]);
    expect(bookmarkIn(response)).toMatch(D1_BOOKMARK_SHAPE);
  });
});
