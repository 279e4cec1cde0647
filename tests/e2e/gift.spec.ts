import AxeBuilder from "@axe-core/playwright";
import { uniqueEmail } from "../support/identities";
import { expect, expectHydrated, latestLinkTo, test } from "./fixtures";

/**
 * Giving a lifetime pass (docs/decisions/047-gifts.md) on a 390 px phone: bought from the landing's pricing on the test
 * payment page, received in the recipient's mailbox (the development outbox), claimed in another browser.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("a gift bought on the test payment page is claimed on another browser, which lands signed in with access", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const javaScriptEnabled = test.info().project.name === "javascript";
  const recipient = uniqueEmail("naomi");
  await page.goto("/#pricing");
  await page.getByRole("link", { name: "Give it as a gift" }).click();
  await expect(page.getByRole("heading", { name: "Give LIGHT Cards as a gift" })).toBeVisible();
  if (javaScriptEnabled) await expectHydrated(page);

  await page.getByLabel("Their name").fill("Naomi");
  await page.getByLabel("Their email address").fill(recipient);
  await page.getByLabel(/Your message/).fill("For the mornings. With love, Ruth");
  await page.getByLabel("Your name (they will see it)").fill("Ruth Giver");
  await page.getByLabel("Your email (for the receipt)").fill(uniqueEmail("ruth"));
  await page.getByRole("button", { name: "Pay $27.00 for the gift" }).click();

  await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible();
  await expect(page.getByText("A gift for Naomi")).toBeVisible();
  await page.getByRole("button", { name: "Complete Test Payment" }).click();
  await expect(page.getByRole("heading", { name: "Thank you: your gift is paid" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("We have emailed Naomi their lifetime pass")).toBeVisible();

  // Dated today, the gift goes out at once: the recipient opens it on their own phone.
  const claimLink = await latestLinkTo(request, recipient, "/gift/claim", "Ruth Giver gave you LIGHT Cards");
  const phone = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const theirs = await phone.newPage();
  await theirs.goto(claimLink);
  await expect(theirs.getByRole("heading", { name: "Ruth Giver gave you LIGHT Cards" })).toBeVisible();
  await expect(theirs.getByText("For the mornings. With love, Ruth")).toBeVisible();
  await expect(theirs.getByLabel("Your email address")).toHaveValue(recipient);
  if (javaScriptEnabled) await expectHydrated(theirs);
  await theirs.getByRole("button", { name: "Claim my gift" }).click();
  await expect(theirs.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(theirs.getByText("Your gift is yours").first()).toBeVisible();

  // The link is single use: opened again, it says so.
  await theirs.goto(claimLink);
  await expect(theirs.getByText("This gift has already been claimed")).toBeVisible();
  await phone.close();
});

test("a gift for someone who already has access is refused before payment", async ({ page, request }) => {
  const buyer = uniqueEmail("buyer");
  expect((await request.post("/api/mock-payment", { data: { email: buyer } })).status()).toBe(200);
  await page.goto("/gift");
  await expect(page.getByRole("heading", { name: "Give LIGHT Cards as a gift" })).toBeVisible();
  if (test.info().project.name === "javascript") await expectHydrated(page);
  await page.getByLabel("Their name").fill("Boaz");
  await page.getByLabel("Their email address").fill(buyer);
  await page.getByLabel("Your name (they will see it)").fill("Ruth Giver");
  await page.getByLabel("Your email (for the receipt)").fill(uniqueEmail("ruth"));
  await page.getByRole("button", { name: "Pay $27.00 for the gift" }).click();
  await expect(page.getByText(`${buyer} already has LIGHT Cards`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Give LIGHT Cards as a gift" })).toBeVisible();
});

test("the gift form and its errors meet WCAG 2 AA (axe) @js", async ({ page }) => {
  await page.goto("/gift");
  await expect(page.getByRole("heading", { name: "Give LIGHT Cards as a gift" })).toBeVisible();
  await expectHydrated(page);
  await page.getByRole("button", { name: "Pay $27.00 for the gift" }).click();
  await expect(page.getByText("Their name must be at least 2 characters")).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id} ${violation.nodes.map((node) => node.target).join(" ")}`)).toEqual([]);
});
