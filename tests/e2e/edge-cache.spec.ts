import { expect, expectHydrated, test } from "./fixtures";

test.describe("public pages from the edge cache", () => {
  test("a page served from the cache runs its own scripts and still blocks an injected inline script @js", async ({ page }) => {
    const path = `/sample-card?edge-test=${crypto.randomUUID()}`;
    await page.goto(path);
    const cached = await page.goto(path);
    expect(cached?.headers()["server-timing"]).toContain('edge;desc="hit"');
    await expect(page.getByRole("heading", { name: "The Lord Is My Shepherd" })).toBeVisible();

    // Its own inline scripts, allowed by hash, ran: Remix hydrated the page.
    await expectHydrated(page);

    // A script an attacker manages to insert is refused by the same policy.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    const injectedRan = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true;";
      document.body.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(injectedRan).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
});
