import AxeBuilder from "@axe-core/playwright";
import { expect, expectHydrated, test } from "./fixtures";

/**
 * Today's card on the lock screen (docs/decisions/044-wallpaper-address.md) on a 390 px phone: the settings page shows
 * today's wallpaper, turns the private address on and shows it in full (with JavaScript and without), and the address
 * itself serves the picture to an app that carries no session.
 */
test.describe("today's card on the lock screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("turns on a private address from /today's link: the address in full, the picture, and the picture at the address", async ({
    page,
    request,
    loginAsBuyer,
  }, testInfo) => {
    const scripts = testInfo.project.name === "javascript" ? "js" : "no-js";
    await loginAsBuyer();
    await page.goto("/today");
    await page.getByRole("link", { name: "Today's card on your lock screen" }).click();
    await expect(page.getByRole("heading", { name: "Today's card on your lock screen" })).toBeVisible();

    const preview = page.getByRole("img", { name: /^Today's wallpaper: .+, in the Elegant style$/ });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(440);
    await expect(page.getByRole("heading", { name: "On iPhone: a Shortcuts automation" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`wallpaper-off-light-${scripts}.png`), fullPage: true });
    // Dark from the first paint (switching a painted page catches its buttons' colour transition half-way).
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/wallpaper");
    await expect(page.getByRole("heading", { name: "Today's card on your lock screen" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`wallpaper-off-dark-${scripts}.png`), fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/wallpaper");

    await page.getByRole("radio", { name: "Warm" }).check();
    await page.getByRole("button", { name: "Turn on my wallpaper address" }).click();
    await expect(page.getByRole("heading", { name: "Your wallpaper address" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your address is on" })).toBeVisible();
    await expect(page.getByRole("img", { name: /, in the Warm style$/ })).toBeVisible();
    const address = await page.getByRole("textbox", { name: "Wallpaper address" }).inputValue();
    // Without scripts the address is for the default phone; with them, for this screen (390 x 844 at 1x here).
    expect(address).toMatch(
      scripts === "js" ? /\/wallpaper\/[A-Za-z0-9_-]{43}\.png\?w=390&h=844$/ : /\/wallpaper\/[A-Za-z0-9_-]{43}\.png\?w=1179&h=2556$/,
    );
    await page.screenshot({ path: testInfo.outputPath(`wallpaper-on-light-${scripts}.png`), fullPage: true });

    // The phone's app fetches it with no session: the test's request context carries none.
    const picture = await request.get(address);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");
    expect(picture.headers()["cache-control"]).toMatch(/^private, max-age=\d+$/);

    // Shown once: the page afterwards says it is on, and offers to replace it.
    await page.goto("/wallpaper");
    await expect(page.getByRole("heading", { name: "Your address is on" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Wallpaper address" })).toHaveCount(0);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Wallpaper address turned off").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn on my wallpaper address" })).toBeVisible();
    expect((await request.get(address)).status()).toBe(403);
  });

  test("copies the address, and the preview follows the style chosen @js", async ({ page, context, loginAsBuyer }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAsBuyer();
    await page.goto("/wallpaper");
    await expect(page.getByRole("heading", { name: "Today's card on your lock screen" })).toBeVisible();
    await expectHydrated(page);
    await page.getByRole("radio", { name: "Modern" }).check();
    await expect(page.getByRole("img", { name: /, in the Modern style$/ })).toBeVisible();
    await page.getByRole("button", { name: "Turn on my wallpaper address" }).click();
    await expect(page.getByRole("heading", { name: "Your wallpaper address" })).toBeVisible();
    await page.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByTestId("toast").getByText("Address copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByRole("textbox", { name: "Wallpaper address" }).inputValue());
  });
});

test.describe("the wallpaper page, accessible", () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

  test("meets WCAG 2 AA (axe), light and dark, with the address shown @js", async ({ page, loginAsBuyer }) => {
    test.setTimeout(90_000);
    await loginAsBuyer();
    await page.goto("/wallpaper");
    await page.getByRole("button", { name: "Turn on my wallpaper address" }).click();
    await expect(page.getByRole("heading", { name: "Your wallpaper address" })).toBeVisible();
    const violations: string[] = [];
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The buttons' colours ease into the new scheme: judge them once they have.
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      const builder = new AxeBuilder({ page });
      // Dark mode changes colours only: in it, the colour rules (as tests/e2e/phone.spec.ts does).
      const results = await (scheme === "light"
        ? builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        : builder.withRules(["color-contrast", "link-in-text-block"])
      ).analyze();
      violations.push(
        ...results.violations.map((violation) => `${scheme}: ${violation.id} ${violation.nodes.map((node) => node.target).join(" ")}`),
      );
    }
    expect(violations).toEqual([]);
  });
});
