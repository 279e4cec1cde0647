import { createCookie as remixCreateCookie } from "@remix-run/cloudflare";
import { describe, expect, test } from "vitest";
import { createCookie } from "~/modules/http/cookies.server";
import { isCrawler } from "~/modules/http/crawlers";

/**
 * The app signs its Remix cookies with keys imported once per isolate (docs/decisions/037-fixed-cost-per-request.md).
 * Browsers hold cookies Remix's own signing made before that change, and will hold the app's: each must read the
 * other's, and neither may accept a forgery.
 */
const options = { secrets: ["current secret", "older secret"], path: "/", httpOnly: true, sameSite: "lax" as const };
const value = { subject: "assign:visitor:7c646c79-dc0f-469b-8bd1-8be3e995ea60", assignment: { hero_messaging: "B" }, viewed: "2026-11-25" };

function cookieHeader(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

describe("signed cookies", () => {
  test("a cookie Remix signed reads back in the app, and the app's in Remix, byte for byte the same", async () => {
    const byRemix = await remixCreateCookie("lc_ab", options).serialize(value);
    const byApp = await createCookie("lc_ab", options).serialize(value);
    expect(byApp).toBe(byRemix);
    expect(await createCookie("lc_ab", options).parse(cookieHeader(byRemix))).toEqual(value);
    expect(await remixCreateCookie("lc_ab", options).parse(cookieHeader(byApp))).toEqual(value);
  });

  test("a cookie signed with a secret still listed for rotation reads back", async () => {
    const old = await createCookie("lc_ab", { ...options, secrets: ["older secret"] }).serialize(value);
    expect(await createCookie("lc_ab", options).parse(cookieHeader(old))).toEqual(value);
  });

  test("a changed value, a signature of another secret or a garbled signature reads as no cookie", async () => {
    const signed = cookieHeader(await createCookie("lc_ab", options).serialize(value));
    const [name, rest] = signed.split("=") as [string, string];
    const [encoded, signature] = decodeURIComponent(rest).split(".") as [string, string];
    const forgedValue = btoa(JSON.stringify({ ...value, assignment: { hero_messaging: "A" } }));
    const cookie = createCookie("lc_ab", options);
    expect(await cookie.parse(`${name}=${encodeURIComponent(`${forgedValue}.${signature}`)}`)).toBeNull();
    const otherSecret = cookieHeader(await createCookie("lc_ab", { ...options, secrets: ["someone else's"] }).serialize(value));
    expect(await cookie.parse(otherSecret)).toBeNull();
    await expect(cookie.parse(`${name}=${encodeURIComponent(`${encoded}.not*base64`)}`)).rejects.toThrow();
  });
});

describe("crawlers", () => {
  test("a browser is not a crawler, a crawler is", () => {
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(isCrawler(chrome)).toBe(false);
    expect(isCrawler(googlebot)).toBe(true);
    expect(isCrawler(null)).toBe(false);
  });
});
