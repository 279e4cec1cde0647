/**
 * /settings, the account's own page: reached from the gear at the top of every signed-in page, its forms post to the
 * page and come back to it, with JavaScript and without (the reminders form on a phone: tests/e2e/phone.spec.ts).
 */
import { uniqueEmail } from "../support/identities";
import { dashboardHeading, expect, expectHydrated, latestLinkTo, test } from "./fixtures";

const settingsHeading = (page: import("@playwright/test").Page) => page.getByRole("heading", { level: 1, name: "Settings" });

test("a buyer finds Settings from the top of the page and changes their name", async ({ page, loginAsBuyer }) => {
  await loginAsBuyer();
  await page.goto("/cards");
  await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await expect(settingsHeading(page)).toBeVisible();

  const profile = page.getByRole("region", { name: "Your Profile" });
  // Too long: the message next to the field (in the browser with JavaScript, from the server's 400 without).
  await profile.getByLabel("First Name").fill("L".repeat(61));
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(profile.getByText("First name must be at most 60 characters")).toBeVisible();

  await profile.getByLabel("First Name").fill("Lydia");
  await profile.getByLabel("Last Name").fill("Purple");
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated").first()).toBeVisible();
  await expect(profile.getByLabel("First Name")).toHaveValue("Lydia");

  await page.goto("/dashboard");
  await expect(dashboardHeading(page)).toHaveText("Welcome back, Lydia!");
});

test("an account with a password changes it through a link emailed to its own address", async ({ page, request, login }) => {
  const account = await login();
  await page.goto("/settings");
  await expect(settingsHeading(page)).toBeVisible();
  await expect(page.getByRole("region", { name: "Set a password" })).toHaveCount(0);
  await page.getByRole("button", { name: "Email Me a Link to Change It" }).click();
  await expect(page.getByText(`A link to choose a new password is on its way to ${account.email}.`).first()).toBeVisible();

  await page.goto(await latestLinkTo(request, account.email, "/reset-password", "Reset your LIGHT Cards password"));
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
});

test("a buyer signed in by the success page is asked to confirm the address before any daily card, with one tap", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("unconfirmed");
  await page.goto("/mock-checkout");
  await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Complete Test Payment" }).click();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible({ timeout: 10_000 });

  await page.goto("/settings");
  const daily = page.getByRole("region", { name: "Daily Card" });
  await expect(daily.getByRole("heading", { name: "Daily Card" })).toBeVisible();
  if (test.info().project.name === "javascript") await expectHydrated(page);
  await daily.getByText("Send me the daily card by email").click();
  await daily.getByRole("button", { name: "Save Reminders" }).click();
  // Nothing promises a card the cron will not send: the address is not confirmed yet.
  await expect(daily.getByText("Confirm your email to start", { exact: true })).toBeVisible();
  await expect(daily.getByText(/Daily card on/)).toHaveCount(0);

  await daily.getByRole("button", { name: "Confirm My Email" }).click();
  await expect(page.getByText("Confirmation link sent").first()).toBeVisible();
  await page.goto(await latestLinkTo(request, email, "/verify-email"));
  if (test.info().project.name !== "javascript") await page.getByRole("button", { name: "Verify My Email" }).click();
  await expect(page.getByRole("heading", { name: "Email Verified!" })).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByTestId("reminder-summary")).toHaveText(/^Daily card on: it reaches your inbox each morning at 07:00/);
  await expect(page.getByRole("button", { name: "Confirm My Email" })).toHaveCount(0);
});
