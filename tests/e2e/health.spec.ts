import { expect, fireSchedule, test } from "./fixtures";

/**
 * The health panel on /admin (docs/decisions/029), as an admin sees it (a page of text that no script changes, so it runs once): the clean-up cron
 * fired by hand (the test server's scheduled trigger, as /__scheduled does under `npm start`) shows its run; the email, purchase, webhook and serving tiles read as text.
 */
test.describe("admin health panel", () => {
  test("shows the last cron run, the day's email and purchases, the last webhook and what is serving @once", async ({
    page,
    loginAsAdmin,
    request,
  }) => {
    await fireSchedule(request, "30 3 * * *");

    await loginAsAdmin();
    await page.goto("/admin");
    const health = page.getByRole("region", { name: "Health" });
    await expect(health).toBeVisible();
    await expect(health.getByTestId("cron-run").filter({ hasText: "Clean-up" })).toContainText(
      /Clean-up: ok, \d+ done at \w{3} \d+, \d{4}/,
    );
    await expect(health.getByText("Emails, last 24 hours")).toBeVisible();
    for (const label of ["Queued", "Sent", "Retrying", "Failed", "Last 24 hours", "Last 7 days"]) {
      await expect(health.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(health.getByTestId("last-webhook")).toBeVisible();
    // What is serving is for a developer: a click away.
    await expect(health.getByText("Content version")).toBeHidden();
    await health.getByText("For a developer: what is serving").click();
    await expect(health.getByText("Content version")).toBeVisible();
    await expect(health.getByText("Build", { exact: true })).toBeVisible();
  });
});
