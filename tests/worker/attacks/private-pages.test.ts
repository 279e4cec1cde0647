/**
 * Personal pages as a shared proxy, a CDN or the next user of a shared computer would meet them: every answer the
 * page cache did not serve says `Cache-Control: private, no-store`, pages and their `.data` answers alike, so
 * nobody but the signed-in browser ever holds a buyer's library, dashboard or admin view, and not even that browser
 * keeps it.
 */
import { describe, expect, it } from "vitest";
import { fetchApp, fetchAppWithEnv } from "../helpers";
import { admin, buyer, signedInUser } from "../library-support";

const PRIVATE = "private, no-store";

describe("personal pages are private", () => {
  it("/cards, /dashboard, /settings and /collection, and their .data answers, carry Cache-Control: private, no-store for a buyer", async () => {
    const me = await buyer("private");
    const answers: Record<string, string | null> = {};
    const pages = ["/cards", "/dashboard", "/settings", "/collection"];
    for (const path of [...pages, ...pages.map((page) => `${page}.data`)]) {
      const response = await fetchApp(path, { headers: { Cookie: me.cookie } });
      expect(response.status, path).toBe(200);
      answers[path] = response.headers.get("Cache-Control");
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((path) => [path, PRIVATE])));
  });

  it("/admin, /checkout and /unsubscribe carry it too, and so does the redirect a visitor gets from /dashboard", async () => {
    const boss = await admin();
    const member = await signedInUser("checkout");
    const answers = {
      "/admin": (await fetchAppWithEnv(boss.vars, "/admin", { headers: { Cookie: boss.cookie } })).headers.get("Cache-Control"),
      "/checkout": (await fetchApp("/checkout", { headers: { Cookie: member.cookie } })).headers.get("Cache-Control"),
      "/unsubscribe": (await fetchApp("/unsubscribe?token=not-a-token")).headers.get("Cache-Control"),
      "/dashboard (visitor)": (await fetchApp("/dashboard")).headers.get("Cache-Control"),
    };
    expect(answers).toEqual({ "/admin": PRIVATE, "/checkout": PRIVATE, "/unsubscribe": PRIVATE, "/dashboard (visitor)": PRIVATE });
  });
});
