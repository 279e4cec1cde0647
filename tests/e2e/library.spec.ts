import type { Page } from "@playwright/test";
import { dashboardHeading, expect, test } from "./fixtures";

/**
 * The buyer's library: the card browser's filters, the page per card, favourites and the dashboard. Every journey
 * runs with JavaScript and without (the filters are links and GET forms; favourites are forms).
 */

/** The list under the filters (a region named by its title: 'All Affirmation Cards', 'Evening Cards', ...). */
function cardList(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

async function openCollection(page: Page, path = "/cards") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
}

/** The categories, favourites only and grid or list sit in the Filters menu above the results. */
async function openFilters(page: Page) {
  await page.getByTestId("library-filters").locator("summary").click();
}

async function search(page: Page, text: string) {
  await page.getByLabel("Search cards").fill(text);
  // Without JavaScript the search is a GET form; with it the list narrows as you type.
  if (test.info().project.name === "no-javascript") await page.getByLabel("Search cards").press("Enter");
}

test.describe("the card browser", () => {
  test("filter by category, search, clear filters, grid and list, favourites only", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page);
    await expect(page.getByText(/^Showing (\d+) of \1 cards$/)).toBeVisible();

    await openFilters(page);
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /^Evening \(\d+\)$/ })
      .click();
    await expect(page.getByRole("heading", { name: "Evening Cards" })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of \d+ cards$/)).toBeVisible();

    // 'The Lord is my shepherd' is a Provision card: searching within Evening finds nothing.
    await search(page, "shepherd");
    await expect(page.getByRole("heading", { name: "No Cards Found" })).toBeVisible();
    await expect(page.getByText(/^Showing 0 of \d+ cards \(matching "shepherd"\)$/)).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page.getByRole("heading", { name: "All Affirmation Cards" })).toBeVisible();
    await expect(page.getByText(/^Showing (\d+) of \1 cards$/)).toBeVisible();

    await search(page, "lovingkindness in the morning");
    await expect(cardList(page, "All Affirmation Cards").getByRole("heading", { name: "Show Me the Way" })).toBeVisible();
    await expect(page.getByText('(matching "lovingkindness in the morning")')).toBeVisible();
    await expect(page).toHaveURL(/q=lovingkindness/);

    await openFilters(page);
    await page.getByRole("navigation", { name: "Layout" }).getByRole("link", { name: "List" }).click();
    await expect(page.getByTestId("card-list").getByRole("link", { name: "View Card: Show Me the Way" })).toBeVisible();
    await openFilters(page);
    await page.getByRole("navigation", { name: "Layout" }).getByRole("link", { name: "Grid" }).click();
    await expect(page.getByTestId("card-list")).toHaveCount(0);

    await openFilters(page);
    await page.getByRole("link", { name: "Show Favorites Only" }).click();
    await expect(page.getByRole("heading", { name: "Your Favorite Cards" })).toBeVisible();
    await expect(page.getByText(/^Showing 0 of \d+ cards \(favorites only, matching "lovingkindness in the morning"\)$/)).toBeVisible();
  });

  test("the back button returns to the previous filter", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page);
    const categories = page.getByRole("navigation", { name: "Categories" });
    await openFilters(page);
    await categories.getByRole("link", { name: /^Evening \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Evening Cards" })).toBeVisible();
    await openFilters(page);
    await categories.getByRole("link", { name: /^Identity \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Identity Cards" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Evening Cards" })).toBeVisible();
  });
});

test.describe("the card browser with JavaScript @js", () => {
  test("the list narrows as you type, with no request to the server", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page);
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    // The list narrows in the browser once the script runs, as the cards' Speak buttons show.
    await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await page.getByLabel("Search cards").pressSequentially("shepherd", { delay: 20 });
    await expect(cardList(page, "All Affirmation Cards").getByRole("heading", { name: "The Lord Is My Shepherd" })).toBeVisible();
    await expect(page.getByText('(matching "shepherd")')).toBeVisible();
    await openFilters(page);
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: /^Morning \(\d+\)$/ })
      .click();
    await expect(page.getByRole("heading", { name: "No Cards Found" })).toBeVisible();
    expect(dataRequests).toEqual([]);
    await expect(page).toHaveURL(/q=shepherd&category=morning/);
  });

  test("words typed in the search before the scripts run are the search once they do", async ({ page, loginAsBuyer, beforeHydration }) => {
    await loginAsBuyer();
    await beforeHydration("/cards", async () => {
      await expect(page.getByRole("heading", { name: "All Affirmation Cards" })).toBeVisible();
      await page.getByLabel("Search cards").fill("shepherd");
    });
    await expect(page.getByLabel("Search cards")).toHaveValue("shepherd");
    await expect(page.getByText('(matching "shepherd")')).toBeVisible();
    await expect(cardList(page, "All Affirmation Cards").getByRole("heading", { name: "The Lord Is My Shepherd" })).toBeVisible();
  });

  test("turning a card to its verse counts as reading it, and the first card earns a badge", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page, "/cards?category=peace");
    const list = cardList(page, "Peace Cards");
    // Turning a card is recorded by the script, which runs once the cards' Speak buttons show.
    await expect(list.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await list.locator('[data-face="front"]').first().click();
    await expect(page.getByTestId("toast").getByText("New badge: First Light", { exact: false })).toBeVisible();
    await page.goto("/dashboard");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByTestId("stat-scriptures-read")).toHaveText("1");
    await expect(page.getByTestId("stat-cards-viewed")).toHaveText("1");
  });

  test("a card turned before the scripts run counts as read once they do", async ({ page, loginAsBuyer, beforeHydration }) => {
    await loginAsBuyer();
    const list = cardList(page, "Peace Cards");
    await beforeHydration("/cards?category=peace", async () => {
      await list.locator('[data-face="front"]').first().click();
      await expect(list.locator('[data-face="back"]').first()).toBeVisible();
    });
    await expect(page.getByTestId("toast").getByText("New badge: First Light", { exact: false })).toBeVisible();
    await page.goto("/dashboard");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByTestId("stat-scriptures-read")).toHaveText("1");
  });
});

test.describe("a page per card", () => {
  test("open a card from a filtered list and step to the next one within that filter", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page, "/cards?category=evening&view=list");
    const tiles = page.getByTestId("card-list").locator("[data-card-id]");
    const firstTitle = (await tiles.nth(0).getByRole("heading").textContent()) ?? "";
    const secondTitle = (await tiles.nth(1).getByRole("heading").textContent()) ?? "";
    await tiles
      .nth(0)
      .getByRole("link", { name: `View Card: ${firstTitle}` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
    await expect(page.getByText(/^Evening · Card 1 of \d+$/)).toBeVisible();

    await page.getByRole("link", { name: `Next: ${secondTitle}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: secondTitle })).toBeVisible();
    await expect(page.getByText(/^Evening · Card 2 of \d+$/)).toBeVisible();
    await page.getByRole("link", { name: "Back to your cards" }).click();
    await expect(page.getByRole("heading", { name: "Evening Cards" })).toBeVisible();
  });

  test("favourite and unfavourite a card", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await page.goto("/cards/evening-his-song-in-the-night");
    const title = "His Song in the Night";
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("button", { name: `Add ${title} to favorites` }).click();
    await expect(page.getByText("Added to Favorites").first()).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove ${title} from favorites` })).toBeVisible();

    // Favourites only within another category: the page says the category hides the favourite, and shows the way to it.
    await openCollection(page, "/cards?favorites=1&category=peace");
    await expect(page.getByRole("heading", { name: "No Peace favorites" })).toBeVisible();
    await expect(page.getByText("Your favorite is in other categories: the Peace filter hides it.")).toBeVisible();
    await page.getByRole("link", { name: "Show All Favorites" }).click();
    await expect(cardList(page, "Your Favorite Cards").getByRole("heading", { name: title })).toBeVisible();

    await openCollection(page, "/cards?favorites=1");
    await expect(cardList(page, "Your Favorite Cards").getByRole("heading", { name: title })).toBeVisible();
    await expect(page.locator("a", { hasText: "Show Favorites Only (1)" })).toBeAttached();

    await cardList(page, "Your Favorite Cards")
      .getByRole("button", { name: `Remove ${title} from favorites` })
      .click();
    await expect(page.getByText("Removed from Favorites").first()).toBeVisible();
    await expect(page.locator("a", { hasText: "Show Favorites Only (0)" })).toBeAttached();
  });

  test("the verse read below the card on its page counts as read, without turning the card @js", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await page.setViewportSize({ width: 390, height: 844 });
    const read = page.waitForResponse(
      (response) => response.url().endsWith("/api/activity") && (response.request().postData() ?? "").includes('"read_scripture"'),
    );
    await page.goto("/cards/evening-his-song-in-the-night");
    await expect(page.getByRole("heading", { level: 1, name: "His Song in the Night" })).toBeAttached();
    // The verse is below the card on a phone: the reader scrolls to it.
    await page.getByRole("region", { name: /^Scripture · / }).scrollIntoViewIfNeeded();
    expect((await read).ok()).toBe(true);
    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-scriptures-read")).toHaveText("1");
  });

  test("a card favourited deep in the grid keeps the reader's place", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    await openCollection(page);
    const list = cardList(page, "All Affirmation Cards");
    // With JavaScript the fetcher keeps the page where it is; without, the redirect returns to the card's own fragment.
    // The script has started once the cards' Speak buttons show.
    if (test.info().project.name === "javascript") await expect(list.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    const card = list.locator("article[data-card-id]").nth(30);
    const title = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("button", { name: `Add ${title} to favorites` }).click();
    await expect(page.getByText("Added to Favorites").first()).toBeVisible();
    await expect(card.getByRole("button", { name: `Remove ${title} from favorites` })).toBeInViewport();
    await expect(page.locator("a", { hasText: "Show Favorites Only (1)" })).toBeAttached();
  });
});

test.describe("the dashboard", () => {
  test("a buyer's dashboard is their Journey: progress and badges, no library; their favourites are in the library", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer();
    await page.goto("/dashboard");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByText("Full Access")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Progress" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Badges earned/ })).toBeVisible();
    // The library is /cards: not one card is repeated here, nor its tabs, nor the account's forms.
    await expect(page.locator("[data-card-id]")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your Cards" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Browse Cards" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save Profile" })).toHaveCount(0);

    await page.getByRole("link", { name: "Settings", exact: true }).last().click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await page.getByRole("link", { name: "Favorites", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/cards?favorites=1");
  });

  test("a user without access sees the preview cards and can open one", async ({ page, login }) => {
    await login();
    await page.goto("/dashboard");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByText("Preview Mode")).toBeVisible();
    await expect(page.getByText(/^Preview \d+ of \d+ available cards$/)).toBeVisible();
    const tile = page.getByRole("region", { name: "Your Cards" }).locator("[data-card-id]").first();
    const title = (await tile.getByRole("heading").textContent()) ?? "";
    await tile.getByRole("link", { name: `View Card: ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });
});
