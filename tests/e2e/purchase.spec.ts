import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/identities";
import { expect, latestLinkTo, test } from "./fixtures";

/** The collection's own heading (/cards once the visitor has access; the gate's is "Access Your Collection"). */
function collectionHeading(page: Page) {
  return page.getByRole("heading", { name: "Your Collection", exact: true });
}

/**
 * The collection renders every card; with JavaScript that render is one client-side transition, during which the
 * previous page stays on screen. On a loaded 2-core machine it has taken over 5 seconds (the default expect timeout).
 */
const COLLECTION_RENDER_MS = 15_000;

test.describe("buying the collection in test mode", () => {
  test("details errors, then pay with the success card, success page, /cards opens", async ({ page }) => {
    const email = uniqueEmail("buyer");
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Get Access Now" }).click();
    await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();

    await page.getByLabel("Full Name").fill("G");
    await page.getByLabel("Email Address", { exact: true }).fill(email);
    await page.getByLabel("Confirm Email Address").fill(`other-${email}`);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Email addresses must match")).toBeVisible();

    await page.getByLabel("Full Name").fill("Grace Buyer");
    await page.getByLabel("Confirm Email Address").fill(email);
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
    const summary = page.getByRole("definition");
    await expect(summary.filter({ hasText: "Grace Buyer" })).toBeVisible();
    await expect(summary.filter({ hasText: /^\d+ LIGHT Cards$/ })).toBeVisible();
    await expect(summary.filter({ hasText: "$27.00" })).toBeVisible();
    await page.getByRole("button", { name: "Pay $27.00" }).click();

    await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
    await expect(page.getByText("$27.00 (Test)")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue(email);
    await expect(page.getByLabel("Card Number")).toHaveValue("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Complete Test Payment" }).click();

    // With JavaScript a confirmation shows for 2 seconds; without it the success page comes at once.
    await expect(page.getByRole("heading", { name: "What's Next" })).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/success\?session_id=mock_/);
    await expect(page.getByText(/Access granted to all \d+ cards!/)).toBeVisible();
    await page.getByRole("link", { name: "Access Your Collection" }).click();
    await expect(collectionHeading(page)).toBeVisible({ timeout: COLLECTION_RENDER_MS });
    await expect(page.getByText(/\d+ Cards Available/)).toBeVisible();
    expect(await page.locator("[data-card-id]").count()).toBeGreaterThan(6);
  });

  for (const [card, message] of [
    ["4000 0000 0000 0002", "Your card was declined."],
    ["4000 0000 0000 9995", "Your card has insufficient funds."],
  ] as const) {
    test(`the test card ${card} fails with '${message}'`, async ({ page }) => {
      await page.goto("/mock-checkout");
      await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
      await page.getByLabel("Email Address").fill(uniqueEmail("declined"));
      await page.getByLabel("Card Number").fill(card);
      await page.getByRole("button", { name: "Complete Test Payment" }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page).toHaveURL(/\/mock-checkout$/);
    });
  }

  test("/test-checkout lists the three test cards @once", async ({ page }) => {
    await page.goto("/test-checkout");
    for (const number of ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995"]) {
      await expect(page.getByRole("cell", { name: number })).toBeVisible();
    }
  });
});

test.describe("the access gate", () => {
  test("a visitor asks for a sign-in link and the link confirms access", async ({ page, request }) => {
    const buyer = uniqueEmail("gate");
    expect((await request.post("/api/mock-payment", { data: { email: buyer } })).status()).toBe(200);

    await page.goto("/cards");
    await expect(page.getByRole("heading", { name: "Access Your Collection" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Purchase Collection ($27)" })).toHaveAttribute("href", "/checkout");
    await page.getByLabel("Email Address").fill(buyer);
    await page.getByRole("button", { name: "Check Access" }).click();
    await expect(page.getByText("If this email has purchased the collection, a sign-in link is on its way.").first()).toBeVisible();

    // The purchase's receipt carries a sign-in link too; the gate's own email is the one asked for.
    await page.goto(await latestLinkTo(request, buyer, "/login/link", "Your LIGHT Cards sign-in link"));
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(collectionHeading(page)).toBeVisible({ timeout: COLLECTION_RENDER_MS });
    await expect(page).toHaveURL(/\/cards$/);
    await expect(page.getByText("Access Confirmed!").first()).toBeVisible();
    await expect(page.getByText(/\d+ Cards Available/)).toBeVisible();
  });

  test("a signed-in user without access is sent to checkout with 'Access Required' @once", async ({ page, login }) => {
    await login();
    await page.goto("/cards");
    await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText("Access Required").first()).toBeVisible();
  });

  test("'Grant Access (Dev)' grants the typed email and opens the collection", async ({ page }) => {
    await page.goto("/cards");
    await page.getByLabel("Email Address").fill(uniqueEmail("devgrant"));
    await page.getByRole("button", { name: "Grant Access (Dev)" }).click();
    await expect(collectionHeading(page)).toBeVisible({ timeout: COLLECTION_RENDER_MS });
    await expect(page.getByText("Access Granted!").first()).toBeVisible();
    await expect(page.getByText(/\d+ Cards Available/)).toBeVisible();
  });
});

test.describe("the access gate with JavaScript @js", () => {
  test("'Check Access' is disabled while the email is empty", async ({ page }) => {
    await page.goto("/cards");
    const button = page.getByRole("button", { name: "Check Access" });
    await expect(button).toBeDisabled();
    await page.getByLabel("Email Address").fill("someone@example.com");
    await expect(button).toBeEnabled();
  });

  test("an email typed before the scripts run still checks access once they do", async ({ page, beforeHydration }) => {
    await beforeHydration("/cards", () => page.getByLabel("Email Address").fill("someone@example.com"));
    await expect(page.getByLabel("Email Address")).toHaveValue("someone@example.com");
    await page.getByRole("button", { name: "Check Access" }).click();
    await expect(page.getByText("If this email has purchased the collection, a sign-in link is on its way.").first()).toBeVisible();
  });
});
