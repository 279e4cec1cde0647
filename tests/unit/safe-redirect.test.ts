/**
 * Where a `redirectTo` may send the browser. The browser resolves the Location header against this
 * site, so the check is on the normalised path that goes out, not on the text that came in.
 */
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/modules/auth/auth.schema";

const SITE = "https://lightcards.app";

describe("safeRedirectPath", () => {
  it.each([
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/%2E%2e//evil.com/x",
    "/././/evil.com",
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "https://evil.com",
    "javascript:alert(1)",
    "evil.com",
    "",
  ])("keeps %j on this site", (attack) => {
    const path = safeRedirectPath(attack);
    expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
    expect(new URL(path, SITE).origin).toBe(SITE);
  });

  it("returns the fallback (home: /today) for anything off-site and keeps ordinary paths with their query and hash", () => {
    expect(safeRedirectPath("/.//evil.com")).toBe("/today");
    expect(safeRedirectPath("//evil.com", "/cards")).toBe("/cards");
    expect(safeRedirectPath("/cards?category=peace#top")).toBe("/cards?category=peace#top");
    expect(safeRedirectPath("/sample-card")).toBe("/sample-card");
    expect(safeRedirectPath(42)).toBe("/today");
  });
});
