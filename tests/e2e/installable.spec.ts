import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createVerifiedUser, expect, landingHeading, signInContext, test } from "./fixtures";

/**
 * What Chromium itself says about installing the app (Lighthouse 12 dropped its installability audit): the manifest
 * it reads from a buyer's page and the reasons it would refuse to install, none (docs/decisions/025-installable-offline.md).
 * A visitor's page offers no app (docs/decisions/038-one-serif-file.md).
 */
test.describe("the installable app @js", () => {
  test("Chromium finds the manifest on a buyer's library and reports no installability error", async ({
    playwright,
    request,
    baseURL,
  }, testInfo) => {
    // A browser profile of its own: Chromium never offers to install from an incognito context (Playwright's default).
    const profile = mkdtempSync(join(tmpdir(), "light-cards-install-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      serviceWorkers: "allow",
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await page.goto("/");
      await expect(landingHeading(page)).toBeVisible();
      expect((await cdp.send("Page.getAppManifest")).url, "a visitor's landing links no manifest").toBe("");

      const buyer = await createVerifiedUser(request);
      expect((await request.post("/api/mock-payment", { data: { email: buyer.email } })).status()).toBe(200);
      await signInContext(context, buyer, baseURL!);
      await page.goto("/cards");
      await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
      const { url, errors, manifest } = await cdp.send("Page.getAppManifest");
      expect(new URL(url).pathname).toBe("/manifest.webmanifest");
      expect(errors).toEqual([]);
      expect(manifest).toMatchObject({ name: "LIGHT Cards", display: "kStandalone", startUrl: expect.stringMatching(/\/today$/) });
      // Chromium checks the manifest's icons by downloading them: its verdict settles on no error.
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
