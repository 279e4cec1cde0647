/**
 * "Download my data" and "Delete my account" on a phone (docs/decisions/039-account-deletion-and-export.md): a buyer
 * with a password downloads the JSON file from the dashboard and deletes with the password; a buyer without one
 * deletes through the emailed link. Both run with JavaScript and without.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/identities";
import { expect, landingHeading, latestLinkTo, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const CONFIRM = "I understand that this deletes my account and cannot be undone";

/** A console.error in the page is a failure, except the 4xx that answers a refused form without JavaScript. */
function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && !/the server responded with a status of 40[03]/.test(text)) errors.push(text);
  });
  return errors;
}

/** Deleted, signed out: the home page says so, and the dashboard asks to sign in. */
async function expectDeletedAndSignedOut(page: Page) {
  await expect(landingHeading(page)).toBeVisible();
  await expect(page.getByText("Account deleted").first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
}

test("a buyer downloads their data from Settings, then deletes the account with the password", async ({ page, loginAsBuyer }) => {
  const errors = recordConsoleErrors(page);
  const buyer = await loginAsBuyer(uniqueEmail("leaving-buyer"));
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const yourData = page.getByRole("region", { name: "Your Data" });
  await expect(yourData).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), yourData.getByRole("link", { name: "Download My Data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^light-cards-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.account.email).toBe(buyer.email);
  expect(data.purchases).toHaveLength(1);

  await yourData.getByRole("link", { name: "Delete My Account" }).click();
  await expect(page.getByRole("heading", { name: "Delete Your Account" })).toBeVisible();

  // Not ticked: nothing happens but the message (in the browser with JavaScript, from the server's 400 without).
  await page.getByLabel("Current Password", { exact: true }).fill(buyer.password);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page.getByText("Tick the box to confirm that your account should be deleted.")).toBeVisible();

  await page.getByLabel("Current Password", { exact: true }).fill("Not my password 1");
  await page.getByLabel(CONFIRM).check();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page.getByText("That is not your current password. Nothing was deleted.")).toBeVisible();

  await page.getByLabel("Current Password", { exact: true }).fill(buyer.password);
  await page.getByLabel(CONFIRM).check();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expectDeletedAndSignedOut(page);
  expect(errors).toEqual([]);
});

test("a buyer without a password deletes the account through the emailed link", async ({ page, request }) => {
  const errors = recordConsoleErrors(page);
  const email = uniqueEmail("linked-leaver");
  await page.goto("/mock-checkout");
  await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Complete Test Payment" }).click();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible({ timeout: 10_000 });

  await page.goto("/account/delete");
  await expect(page.getByRole("heading", { name: "Delete Your Account" })).toBeVisible();
  await page.getByRole("button", { name: "Email Me a Link to Delete My Account" }).click();
  await expect(page.getByText("Check your email").first()).toBeVisible();

  const link = await latestLinkTo(request, email, "/account/delete", "Confirm deleting your LIGHT Cards account");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Delete Your Account" })).toBeVisible();
  await expect(page.getByText(`This link deletes the account for ${email}.`)).toBeVisible();
  await page.getByLabel(CONFIRM).check();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expectDeletedAndSignedOut(page);
  expect(errors).toEqual([]);
});

// axe runs as a script in the page, so it needs JavaScript; the markup it checks is the server's, as without it.
test("the Your Data panel and the delete page, with its errors showing, meet WCAG 2 AA (axe) @js", async ({ page, loginAsBuyer }) => {
  await loginAsBuyer(uniqueEmail("axe-buyer"));
  const wcag = async () => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  };
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Your Data" })).toBeVisible();
  expect(await wcag()).toEqual([]);
  await page.goto("/account/delete");
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page.getByText("Tick the box to confirm that your account should be deleted.")).toBeVisible();
  expect(await wcag()).toEqual([]);
});
