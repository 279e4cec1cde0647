import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { EXPERIMENT_TITLES } from "~/modules/experiments/plain-words";
import { uniqueEmail } from "../support/identities";
import { ADMIN, createVerifiedUser, expect, latestLinkTo, test } from "./fixtures";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

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

  test("an email typed before the scripts run can be checked once they do @js", async ({ page, loginAsAdmin, beforeHydration }) => {
    await loginAsAdmin();
    await beforeHydration("/admin", async () => {
      await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
      await page.getByLabel("Email Address").fill(ADMIN.email);
    });
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

  test("a signed-in user who is not an admin is refused @once", async ({ page, login }) => {
    await login();
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You do not have permission to open this page.")).toBeVisible();
  });

  test("a visitor is sent to sign in @once", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin/);
  });
});

test.describe("admin on a phone (390x844)", () => {
  test.use(PHONE);

  test("never scrolls sideways: each table's rows stack as labelled lines, long emails are cut with a title", async ({
    page,
    loginAsAdmin,
  }) => {
    await openAdminPage(page, loginAsAdmin);
    const longEmail = uniqueEmail("margaret.elizabeth.thompson-whitaker");
    await page.getByLabel("Email Address").fill(longEmail);
    await page.getByRole("button", { name: "Grant Access" }).click();
    await expect(page.getByText("Access Granted!").first()).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const auditLog = page.getByTestId("audit-log");
    // On a phone the row is a block: its action cell shows its column's name beside the value, inside the screen.
    const action = auditLog.locator('td[data-label="Action"]').first();
    await expect(action).toBeVisible();
    expect(await action.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Action"');
    expect(await auditLog.evaluate((table) => table.scrollWidth <= table.clientWidth)).toBe(true);
    const cut = auditLog.getByTitle(longEmail).first();
    await expect(cut).toHaveText(longEmail);
    expect(await cut.evaluate((email) => email.scrollWidth > email.clientWidth)).toBe(true);
  });

  // axe runs as a script in the page, so it needs JavaScript; the markup it checks is the server's, as without it.
  test("meets WCAG 2 AA (axe), the statistics and the figures by day opened @js", async ({ page, loginAsAdmin }) => {
    await openAdminPage(page, loginAsAdmin);
    for (const summary of await page.locator("details > summary").all()) await summary.click();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("revoking a buyer who paid says that paid access cannot be revoked", async ({ page, request, loginAsAdmin }) => {
    const buyer = await createVerifiedUser(request, uniqueEmail("paid"));
    expect((await request.post("/api/mock-payment", { data: { email: buyer.email } })).status()).toBe(200);
    await openAdminPage(page, loginAsAdmin);
    await page.getByLabel("Email Address").fill(buyer.email);
    await page.getByLabel(/^Reason/).fill("Asked for it");
    await page.getByRole("button", { name: "Revoke Access" }).click();
    // The toast the scripts show, or without them the one the server renders.
    const toast = page.getByTestId(/^(server-)?toast$/).first();
    await expect(toast.getByText("Paid access cannot be revoked")).toBeVisible();
    await expect(toast).toContainText("still has access through a paid purchase; refund it in Stripe");
    await expect(page.getByText("Access Revoked")).toHaveCount(0);
    await expect(page.getByTestId("access-result").getByTestId("has-access")).toHaveText("Yes");
  });

  test("ending a test asks first: Cancel leaves it running, Yes ends it and only Restart is left", async ({ page, loginAsAdmin }) => {
    // Each browser project ends its own test, so the two can run at the same time.
    const name = test.info().project.name === "javascript" ? "pricing_copy" : "cta_button";
    await openAdminPage(page, loginAsAdmin);
    const card = page.getByTestId(`experiment-${name}`);
    const status = card.getByTestId("experiment-status");
    await expect(status).toHaveText(/^Running/);
    await expect(card.getByTestId("variant-copy").first()).not.toBeEmpty();

    await card.getByRole("button", { name: "End: B wins" }).click();
    const question = page.getByRole("group", { name: `End “${EXPERIMENT_TITLES[name]}” with B as the winner?` });
    await expect(question).toBeVisible();
    await expect(question).toBeInViewport();
    await expect(status).toHaveText(/^Running/);
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(card.getByRole("button", { name: "End: B wins" })).toBeVisible();
    await expect(status).toHaveText(/^Running/);

    await card.getByRole("button", { name: "End: B wins" }).click();
    await page.getByRole("button", { name: "Yes, end the test and show B to everyone" }).click();
    await expect(page.getByText("Experiment updated").first()).toBeVisible();
    await expect(status).toHaveText("Ended: B won");
    await expect(card.getByRole("button", { name: "Save split" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^End:/ })).toHaveCount(0);

    await card.getByRole("button", { name: "Restart" }).click();
    await expect(status).toHaveText(/^Running/);
    await expect(card.getByRole("button", { name: "End: B wins" })).toBeVisible();
  });
});

test.describe("the owner's admin", () => {
  test("a grant with a message emails the recipient a sign-in link and the message", async ({ page, request, loginAsAdmin }) => {
    await openAdminPage(page, loginAsAdmin);
    const friend = uniqueEmail("gift-friend");
    await page.getByLabel("Email Address").fill(friend);
    await page.getByLabel(/^Message to them/).fill("Merry Christmas, Anna! These cards carried me through the year.");
    await page.getByRole("button", { name: "Grant Access" }).click();
    await expect(page.getByText("We emailed them a sign-in link.").first()).toBeVisible();

    const link = await latestLinkTo(request, friend, "/login/link");
    await page.goto(`/dev/outbox?to=${encodeURIComponent(friend)}`);
    const message = page.getByTestId("outbox-message").first();
    await expect(message).toContainText("You've been given LIGHT Cards");
    await expect(message).toContainText("Merry Christmas, Anna! These cards carried me through the year.");
    expect(new URL(link).searchParams.get("token")).toBeTruthy();
  });

  test("finds a customer by part of their email, and shows every customer again", async ({ page, request, loginAsAdmin }) => {
    const tag = crypto.randomUUID().slice(0, 8);
    const buyer = await createVerifiedUser(request, `buyer-${tag}@example.com`);
    expect((await request.post("/api/mock-payment", { data: { email: buyer.email } })).status()).toBe(200);
    await openAdminPage(page, loginAsAdmin);
    const customers = page.getByRole("region", { name: "Customers" });
    await customers.getByLabel("Search by email").fill(tag);
    await customers.getByRole("button", { name: "Search" }).click();
    await expect(customers.getByText(`1 customer matches “${tag}”.`)).toBeVisible();
    const row = customers.getByRole("row").filter({ hasText: buyer.email });
    await expect(row).toContainText("Paid");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));

    await customers.getByRole("link", { name: "Show all" }).click();
    await expect(customers.getByText(/^\d+ customers?\./)).toBeVisible();
  });

  test("shows the sales and offers both downloads", async ({ page, loginAsAdmin }) => {
    await openAdminPage(page, loginAsAdmin);
    const sales = page.getByRole("region", { name: "Sales" });
    await expect(sales.getByRole("img", { name: /^Revenue by day for the last 30 days/ })).toBeVisible();
    const totals = sales.getByTestId("sales-totals");
    for (const label of ["Net", "Gross", "Refunds", "Payments"]) await expect(totals.getByText(label, { exact: true })).toBeVisible();
    await expect(sales.getByRole("link", { name: "Purchases (CSV)" })).toHaveAttribute("href", "/admin/purchases.csv");
    await expect(sales.getByRole("link", { name: "Buyers who agreed to news (CSV)" })).toHaveAttribute("href", "/admin/newsletter.csv");
  });
});
