import { expect, test } from "./fixtures";

/** The store's basics a buyer looks for: the policies in the footer, and the price and guarantee before paying. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.describe("the shop's policies and the checkout's promise, on a phone", () => {
  test.use(PHONE);

  test("Terms, Privacy and Refund policy are reachable from the landing's footer", async ({ page }) => {
    await page.goto("/");
    const policies = page.getByRole("contentinfo").getByRole("navigation", { name: "Policies" });
    await policies.getByRole("link", { name: "Refund policy" }).click();
    await expect(page.getByRole("heading", { name: "Refund Policy", level: 1 })).toBeVisible();
    await expect(page.getByText("you get your $27 back in full within 30 days of paying")).toBeVisible();

    await page.getByRole("navigation", { name: "Policies" }).first().getByRole("link", { name: "Terms of Sale and Use" }).click();
    await expect(page.getByRole("heading", { name: "Terms of Sale and Use", level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("the checkout's details step shows the price, the guarantee and the way in for buyers", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();
    const offer = page.getByTestId("checkout-offer");
    await expect(offer).toContainText("$27 one-time");
    await expect(offer).toContainText("Lifetime access · no subscription");
    await expect(offer).toContainText("30-day guarantee");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "Sign in" }).last().click();
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
  });
});
