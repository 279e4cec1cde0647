/**
 * A card's verse read in its passage, on the card's page and in the practice's Internalize step: the verse after Psalm
 * 23:1-3 is there, lighter, and the modern English (WEB) is one tap away, with JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { expect, expectHydrated, test } from "./fixtures";

const CARD = "/cards/abundance-the-lord-is-my-shepherd";
const KJV_CONTEXT = "Yea, though I walk through the valley of the shadow of death";
const WEB_CONTEXT = "Even though I walk through the valley of the shadow of death";
const WEB_OWN = "Yahweh is my shepherd: I shall lack nothing.";

function passage(page: Page) {
  return page.locator("#passage");
}

function translations(page: Page) {
  return page.getByRole("navigation", { name: "Translation" });
}

test.describe("a card's passage", () => {
  test("shows the verses around the card's in the KJV, and the same passage in modern English one tap away", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer();
    await page.goto(`${CARD}?category=abundance`);
    await expect(passage(page).getByText(KJV_CONTEXT)).toBeVisible();
    await expect(passage(page).locator("[data-context]")).toContainText(KJV_CONTEXT);
    await expect(passage(page).locator("[data-own]").first()).toContainText("The LORD is my shepherd; I shall not want.");
    await expect(translations(page).getByRole("link", { name: "King James (KJV)" })).toHaveAttribute("aria-current", "true");

    await translations(page).getByRole("link", { name: "Modern English (WEB)" }).click();
    await expect(passage(page).getByText(WEB_CONTEXT)).toBeVisible();
    await expect(passage(page).getByText(WEB_OWN)).toBeVisible();
    await expect(passage(page).getByText(KJV_CONTEXT)).toHaveCount(0);
    await expect(passage(page).getByText("World English Bible")).toBeVisible();
    await expect(translations(page).getByRole("link", { name: "Modern English (WEB)" })).toHaveAttribute("aria-current", "true");
    // The word notes explain KJV words: not under the WEB. The filter the reader came from stays.
    await expect(passage(page).getByText(/^Word notes: /)).toHaveCount(0);
    await expect(page).toHaveURL(/\?category=abundance&translation=web/);

    await translations(page).getByRole("link", { name: "King James (KJV)" }).click();
    await expect(passage(page).getByText(KJV_CONTEXT)).toBeVisible();
    await expect(passage(page).getByText(/^Word notes: want: /)).toBeVisible();
    await expect(page).toHaveURL(/\?category=abundance(#passage)?$/);
  });

  test("keeps the translation chosen on the way to the next card and back", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await page.goto(`${CARD}?category=abundance`);
    await expect(passage(page).getByText(KJV_CONTEXT)).toBeVisible();
    await translations(page).getByRole("link", { name: "Modern English (WEB)" }).click();
    await expect(passage(page).getByText(WEB_CONTEXT)).toBeVisible();

    const steps = page.getByRole("navigation", { name: "Card navigation" });
    const next = steps.getByRole("link", { name: /^Next: / });
    const nextTitle = (await next.textContent())!.replace(/^Next: (.*) →$/, "$1");
    await next.click();
    await expect(page.getByRole("heading", { name: nextTitle, level: 1 })).toBeAttached();
    await expect(passage(page).getByText("World English Bible")).toBeVisible();
    await expect(translations(page).getByRole("link", { name: "Modern English (WEB)" })).toHaveAttribute("aria-current", "true");
    await steps.getByRole("link", { name: /^← Previous: / }).click();
    await expect(passage(page).getByText(WEB_CONTEXT)).toBeVisible();
    await expect(page).toHaveURL(/\?category=abundance&translation=web$/);
  });
});

test.describe("the passage in today's practice", () => {
  test("Internalize reads today's verse in its passage, and switches to modern English", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await page.goto("/today");
    const internalize = page.getByRole("region", { name: "Internalize" });
    await expect(internalize.getByText("King James Version")).toBeVisible();
    await expect(internalize.locator("[data-context]").first()).toBeVisible();
    await internalize.getByRole("link", { name: "Modern English (WEB)" }).click();
    await expect(internalize.getByText("World English Bible")).toBeVisible();
    await expect(page).toHaveURL(/\/today\?translation=web/);
  });
});

test.describe("a card's passage with JavaScript @js", () => {
  test("switches translation in place: no request, and the page stays where it was", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(CARD);
    await expectHydrated(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document" || new URL(request.url()).pathname.endsWith(".data")) requests.push(request.url());
    });
    const web = translations(page).getByRole("link", { name: "Modern English (WEB)" });
    await web.scrollIntoViewIfNeeded();
    const top = await web.evaluate((link) => link.getBoundingClientRect().top);

    await web.click();
    await expect(passage(page).getByText(WEB_CONTEXT)).toBeVisible();
    await expect(page).toHaveURL(/\?translation=web$/);
    expect(await web.evaluate((link) => link.getBoundingClientRect().top)).toBe(top);

    await translations(page).getByRole("link", { name: "King James (KJV)" }).click();
    await expect(passage(page).getByText(KJV_CONTEXT)).toBeVisible();
    expect(requests).toEqual([]);
  });
});
