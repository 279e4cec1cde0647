import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/identities";
import { ADMIN, expect, expectHydrated, holdScripts, test } from "./fixtures";

async function openAdminPage(page: Page, loginAsAdmin: () => Promise<unknown>) {
  await loginAsAdmin();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
}

/** The audit log's row for one action on one email. */
function auditRow(page: Page, email: string, action: "Grant" | "Check" | "Revoke") {
  return page
    .getByRole("table", { name: "Audit log" })
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("cell", { name: action, exact: true }) });
}

test.describe("admin", () => {
  test("grants, checks and revokes access; the audit log shows who did each", async ({ page, loginAsAdmin }) => {
    // Dates are formatted on the server, so hydration matches; any script error fails the journey.
    const scriptErrors: string[] = [];
    page.on("pageerror", (error) => scriptErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") scriptErrors.push(message.text());
    });
    await openAdminPage(page, loginAsAdmin);
    const email = uniqueEmail("granted");
    const result = page.getByTestId("access-result");

    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel(/^Reason/).fill("Gift for the prayer group");
    await page.getByRole("button", { name: "Grant Access" }).click();
    await expect(page.getByText("Access Granted!").first()).toBeVisible();
    await expect(page).toHaveURL(`/admin?email=${encodeURIComponent(email)}`);
    await expect(result).toContainText(`Access for ${email}`);
    await expect(result.getByTestId("has-access")).toHaveText("Yes");
    await expect(result.getByTestId("user-id")).not.toHaveText("No account");
    await expect(result.getByTestId("purchase-date")).toHaveText("—");

    // The email stays in the field after the grant; Check reads it again and logs the check.
    await expect(page.getByLabel("Email Address")).toHaveValue(email);
    await page.getByRole("button", { name: "Check Access" }).click();
    await expect(auditRow(page, email, "Check")).toHaveCount(1);
    await expect(result).toContainText(`Access for ${email}`);
    await expect(result.getByTestId("has-access")).toHaveText("Yes");

    await page.getByLabel(/^Reason/).fill("Granted to the wrong address");
    await page.getByRole("button", { name: "Revoke Access" }).click();
    await expect(page.getByText("Access Revoked").first()).toBeVisible();
    await expect(result.getByTestId("has-access")).toHaveText("No");

    const grant = auditRow(page, email, "Grant");
    await expect(grant).toHaveCount(1);
    await expect(grant).toContainText(ADMIN.email);
    await expect(grant).toContainText("Reason: Gift for the prayer group");
    const revoke = auditRow(page, email, "Revoke");
    await expect(revoke).toHaveCount(1);
    await expect(revoke).toContainText(ADMIN.email);
    await expect(revoke).toContainText("Reason: Granted to the wrong address");
    expect(scriptErrors).toEqual([]);
  });

  test("an email typed before the scripts run can be checked once they do @js", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    const scripts = await holdScripts(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
    await page.getByLabel("Email Address").fill(ADMIN.email);
    scripts.release();
    await expectHydrated(page);
    await expect(page.getByLabel("Email Address")).toHaveValue(ADMIN.email);
    await expect(page.getByRole("button", { name: "Check Access" })).toBeEnabled();
  });

  test("revoking needs a reason, and an empty email is refused", async ({ page, loginAsAdmin }) => {
    await openAdminPage(page, loginAsAdmin);
    const grant = page.getByRole("button", { name: "Grant Access" });
    if (test.info().project.name === "javascript") {
      // The spec: the buttons are disabled while the email is empty.
      await expect(grant).toBeDisabled();
      await expect(page.getByRole("button", { name: "Check Access" })).toBeDisabled();
      await page.getByLabel("Email Address").fill("someone@example.com");
      await expect(grant).toBeEnabled();
      await page.getByLabel("Email Address").fill("");
      await expect(grant).toBeDisabled();
    } else {
      // Without JavaScript they stay enabled and the server says what is missing.
      await grant.click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    }

    await page.getByLabel("Email Address").fill(uniqueEmail("keep"));
    await page.getByRole("button", { name: "Revoke Access" }).click();
    await expect(page.getByText("Please give a reason for revoking access.")).toBeVisible();
  });

  test("a signed-in user who is not an admin is refused", async ({ page, login }) => {
    await login();
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You do not have permission to open this page.")).toBeVisible();
  });

  test("a visitor is sent to sign in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  });
});
