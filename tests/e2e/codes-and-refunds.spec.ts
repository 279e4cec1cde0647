/**
 * Discount codes and the self-serve refund in the browser, with JavaScript and without
 * (docs/decisions/050-codes-and-refunds.md): the admin makes a code, a buyer uses it at checkout and pays the
 * discounted price on the test payment page; a buyer refunds from /settings.
 */
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/identities";
import { expect, test } from "./fixtures";

async function detailsToPayment(page: Page, email: string) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();
  await page.getByLabel("Full Name").fill("Grace Buyer");
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByLabel("Confirm Email Address").fill(email);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
}

test("the admin creates a code; a buyer applies it at checkout and pays the discounted price", async ({ page, loginAsAdmin }) => {
  const code = `SPRING-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  await loginAsAdmin();
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Discount codes" });
  await expect(section).toBeVisible();
  await section.getByLabel("Code (letters, digits, dashes)").fill(code.toLowerCase());
  await section.getByLabel("Percent off").check();
  await section.getByRole("spinbutton", { name: /^Percent/ }).fill("25");
  await section.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText(`Code ${code} created`).first()).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: code })).toContainText("25% off · No end date · 0 uses");

  await page.context().clearCookies();
  await detailsToPayment(page, uniqueEmail("code-buyer"));
  await page.getByText("Have a discount code?").click();
  // A code nobody made: refused, with what was typed kept.
  await page.getByLabel("Discount code").fill("nope-nope");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("We don't know the code NOPE-NOPE. Check how it is spelled, or pay without one.")).toBeVisible();
  // Kept as typed (the server echoes it upper-cased; with JavaScript the field keeps the keystrokes).
  await expect(page.getByLabel("Discount code")).toHaveValue(/^nope-nope$/i);

  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("applied-code")).toContainText(`Code ${code} applied: 25% off`);
  await page.getByRole("button", { name: "Pay $20.25" }).click();

  await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
  await expect(page.getByText("$20.25 (Test)")).toBeVisible();
  await expect(page.getByTestId("test-payment-code")).toHaveText(`Code ${code}: 25% off`);
  await page.getByRole("button", { name: "Complete Test Payment" }).click();
  await expect(page.getByRole("heading", { name: "What's Next" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/Access granted to all \d+ cards!/)).toBeVisible();
});

test("a buyer refunds their purchase from /settings, after one confirmation that says access ends", async ({ page, loginAsBuyer }) => {
  await loginAsBuyer();
  await page.goto("/settings");
  const purchase = page.getByRole("region", { name: "Your Purchase" });
  await expect(purchase).toContainText("The 30-day guarantee refunds it in full until");
  await purchase.getByRole("link", { name: "Refund My Purchase" }).click();

  await expect(page.getByRole("heading", { name: "Refund Your Purchase" })).toBeVisible();
  await expect(page.getByTestId("refund-warning")).toContainText("Your access to the cards ends as soon as the refund is made.");
  await page.getByLabel(/Why are you leaving/).fill("I prefer paper cards");
  await page.getByRole("button", { name: "Refund $27.00 and End My Access" }).click();

  await expect(page.getByText("Purchase refunded").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Purchase" })).toContainText("was refunded on");
  await expect(page.getByRole("link", { name: "Refund My Purchase" })).toHaveCount(0);
});
