import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, landingHeading, test } from "./fixtures";

/**
 * What Chromium itself says about installing the app (Lighthouse 12 dropped its installability audit): the manifest
 * it reads from the page and the reasons it would refuse to install, none (docs/decisions/025-installable-offline.md).
 */
test.describe("the installable app @js", () => {
  test("Chromium finds the manifest and reports no installability error", async ({ playwright, baseURL }, testInfo) => {
    // A browser profile of its own: Chromium never offers to install from an incognito context (Playwright's default).
    const profile = mkdtempSync(join(tmpdir(), "light-cards-install-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      serviceWorkers: "allow",
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await expect(landingHeading(page)).toBeVisible();
      const cdp = await context.newCDPSession(page);
      const { url, errors, manifest } = await cdp.send("Page.getAppManifest");
      expect(new URL(url).pathname).toBe("/manifest.webmanifest");
      expect(errors).toEqual([]);
      expect(manifest).toMatchObject({ name: "LIGHT Cards", display: "kStandalone", startUrl: expect.stringMatching(/\/cards$/) });
      // Chromium checks the manifest's icons by downloading them: its verdict settles on no error.
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
