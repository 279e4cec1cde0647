import { describe, expect, it } from "vitest";
import { homeFor, journeyFor, leadsHome } from "~/modules/access/home";

describe("an account's home (app/modules/access/home.ts)", () => {
  it("is the day's practice for a buyer and the dashboard (the preview and the offer) without access", () => {
    expect(homeFor({ hasAccess: true })).toBe("/today");
    expect(homeFor({ hasAccess: false })).toBe("/dashboard");
  });

  it("is /admin for the shop's admin, with or without access of their own", () => {
    expect(homeFor({ hasAccess: true, isAdmin: true })).toBe("/admin");
    expect(homeFor({ hasAccess: false, isAdmin: true })).toBe("/admin");
    expect(homeFor({ hasAccess: true, isAdmin: false })).toBe("/today");
  });

  it("puts the Journey on the dashboard: all of it for a buyer, its progress section without access", () => {
    expect(journeyFor({ hasAccess: true })).toBe("/dashboard");
    expect(journeyFor({ hasAccess: false })).toBe("/dashboard?section=journey#journey");
  });

  it("treats /today with any query or step as home, and nothing else", () => {
    for (const destination of ["/today", "/today#listen", "/today?translation=web"]) expect(leadsHome(destination), destination).toBe(true);
    for (const destination of ["/dashboard", "/today-and-more", "/cards?next=/today", "/journal"]) {
      expect(leadsHome(destination), destination).toBe(false);
    }
  });
});
