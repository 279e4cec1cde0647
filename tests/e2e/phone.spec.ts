import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { uniqueEmail } from "../support/identities";
import { createVerifiedUser, expect, expectHydrated, landingHeading, signIn, test, todayHeading } from "./fixtures";

/**
 * A buyer's daily use on a phone (390x844, touch), with JavaScript on and off: whole cards, a library that starts with
 * cards, one signed-in navigation, no page that scrolls sideways, in-page links that land, and the way back in.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** An ordinary address of 30 characters (the dashboard's header once pushed Log Out off the screen with less). */
function thirtyCharacterEmail() {
  // Ten random hex digits: three let two tests of one run meet the same address (a 409 at sign-up).
  const email = `grace.${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}.t@example.org`;
  expect(email).toHaveLength(30);
  return email;
}

/** The narrow phones every page is measured at: the walkthrough's 390 px, and 360 px, the narrowest in common use. */
const PHONE_WIDTHS = [390, 360];

/**
 * Opens each page (once its heading shows) and measures, at each phone width, its width beyond the viewport: what a
 * reader would scroll sideways to see. The page is laid out again for each width, as when a phone turns.
 */
async function expectNoSidewaysScroll(page: Page, pages: [path: string, heading: RegExp | string][]) {
  for (const [path, heading] of pages) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0]!, height: 844 });
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    }
  }
}

async function openCollection(page: Page, path = "/cards") {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
}

test.describe(`no page scrolls sideways on a phone (${PHONE_WIDTHS.join(" and ")} px)`, () => {
  test("visitor pages", async ({ page }) => {
    await expectNoSidewaysScroll(page, [
      ["/", "Frequently Asked Questions"],
      ["/sample-card", "Try a Sample Card"],
      ["/login", "Welcome Back"],
      ["/register", "Create Your Account"],
      ["/checkout", /^(Get Full Access|Complete Your Purchase)$/],
      ["/cards", "Access Your Collection"],
      ["/cards/abundance-the-lord-is-my-shepherd", "Access Your Collection"],
    ]);
  });

  test("a buyer's pages, with a 30-character email", async ({ page, loginAsBuyer }) => {
    const buyer = await loginAsBuyer(thirtyCharacterEmail());
    await expectNoSidewaysScroll(page, [
      ["/today", "Listen"],
      ["/dashboard", /^Welcome back, .+!$/],
      ["/settings", /^Settings$/],
      ["/cards", "Your Collection"],
      ["/cards?view=list", "Your Collection"],
      ["/cards/abundance-the-lord-is-my-shepherd", "The Lord Is My Shepherd"],
      ["/collection", "The collection as a PDF"],
      ["/", "Frequently Asked Questions"],
    ]);
    // The address is cut to fit, and whole in its title; Settings and Log Out stay on the screen, at either width.
    await page.goto("/dashboard");
    await expect(page.getByTestId("account-email")).toHaveAttribute("title", buyer.email);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole("link", { name: "Settings", exact: true }).first()).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: "Log Out" })).toBeInViewport({ ratio: 1 });
    }
  });
});

test.describe("whole cards", () => {
  test.use({ reducedMotion: "reduce" });

  test("every card shows the end of its verse and its reflection on the card, and keeps its controls inside", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    await openCollection(page);
    const cards = page.locator("article.flip-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    await expect(page.getByText(new RegExp(`^Showing ${count} of ${count} cards$`))).toBeVisible();

    // Turn every card (the checkbox each card's face is a label for), then measure what a reader would see.
    const clipped = await page.evaluate(() => {
      const inside = (outer: DOMRect, inner: DOMRect | undefined) =>
        Boolean(inner) &&
        inner!.top >= outer.top - 0.5 &&
        inner!.bottom <= outer.bottom + 0.5 &&
        inner!.left >= outer.left - 0.5 &&
        inner!.right <= outer.right + 0.5;
      const problems: string[] = [];
      for (const card of document.querySelectorAll<HTMLElement>("article.flip-card")) {
        const title = card.getAttribute("aria-label") ?? "a card";
        const front = card.querySelector<HTMLElement>('[data-face="front"]')!;
        const hint = [...front.querySelectorAll("p")].find((element) => element.textContent === "Tap to flip");
        if (!inside(front.getBoundingClientRect(), hint?.getBoundingClientRect())) problems.push(`${title}: front controls`);
        card.querySelector<HTMLInputElement>(".flip-card__toggle")!.click();
        const back = card.querySelector<HTMLElement>('[data-face="back"]')!;
        if (getComputedStyle(back).visibility !== "visible") problems.push(`${title}: back not shown`);
        const verses = back.querySelectorAll("blockquote");
        if (!inside(back.getBoundingClientRect(), verses[verses.length - 1]?.getBoundingClientRect()))
          problems.push(`${title}: last verse`);
        if (!inside(back.getBoundingClientRect(), back.querySelector('[data-testid="reflection"]')?.getBoundingClientRect()))
          problems.push(`${title}: reflection`);
      }
      return problems;
    });
    expect(clipped, "text or controls outside their card").toEqual([]);
    // And on screen as a reader turns one by tapping: the sample card's last verse (it used to lose it).
    const shepherd = page.getByRole("article", { name: "Affirmation card: The Lord Is My Shepherd" });
    await expect(shepherd.locator('[data-face="back"] blockquote').last()).toBeVisible();
    await shepherd.locator('[data-face="back"] blockquote').last().scrollIntoViewIfNeeded();
    await expect(shepherd.locator('[data-face="back"] blockquote').last()).toBeInViewport({ ratio: 1 });
  });
});

test.describe("the library starts with cards", () => {
  test("a one-line bar of at most a quarter of the screen, and the first result on the first screen after a search", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    await openCollection(page);
    const bar = page.getByTestId("library-bar");
    const box = await bar.boundingBox();
    expect(box!.height, "the sticky bar's height").toBeLessThanOrEqual(844 / 4);
    // The first card is on the first screen, before any scrolling.
    await expect(page.locator("article.flip-card").first()).toBeInViewport();

    // The bar stays when the reader scrolls, still within a quarter of the screen.
    await page.locator("article.flip-card").nth(6).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(844 / 4);

    await page.getByLabel("Search cards").fill("shepherd");
    if (test.info().project.name === "no-javascript") await page.getByLabel("Search cards").press("Enter");
    const result = page.getByRole("region", { name: "All Affirmation Cards" }).getByRole("heading", { name: "The Lord Is My Shepherd" });
    await expect(result).toBeInViewport();
    await expect(page.getByText(/^Showing 1 of \d+ cards \(matching "shepherd"\)$/)).toBeInViewport();
  });

  test("a long search without spaces (a pasted link) keeps the page 390 px wide", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    const query = `https://example.org/${"a".repeat(80)}`;
    await openCollection(page, `/cards?q=${encodeURIComponent(query)}`);
    await expect(page.getByText(`(matching "${query}")`, { exact: false })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  });

  test("an empty favourites list says how to save a card @once", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    await openCollection(page, "/cards?favorites=1");
    await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
    await expect(page.getByText("Tap the heart on a card to save it here.")).toBeVisible();
  });
});

test.describe("one signed-in navigation", () => {
  test("Today, Cards, Favorites, Journal and Journey in a tab bar on every signed-in page, Settings at the top", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    await page.goto("/today");
    await expect(todayHeading(page)).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "App" });
    await expect(tabs.getByRole("link")).toHaveText(["Today", "Cards", "Favorites", "Journal", "Journey"]);
    await expect(tabs.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");

    await tabs.getByRole("link", { name: "Favorites" }).click();
    await expect(page.getByRole("heading", { name: "Your Favorite Cards" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Favorites" })).toHaveAttribute("aria-current", "page");

    await tabs.getByRole("link", { name: "Cards" }).click();
    await expect(page.getByRole("heading", { name: "All Affirmation Cards" })).toBeVisible();
    await page.getByRole("link", { name: "View Card: This Is the Day" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "This Is the Day" })).toBeVisible();
    await expect(tabs).toBeInViewport();

    await tabs.getByRole("link", { name: "Journey" }).click();
    await expect(page.getByRole("heading", { name: "Your Progress" })).toBeInViewport();
    // The tab bar says where the reader is: Journey, not Today.
    await expect(tabs.getByRole("link", { name: "Journey" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current", "page");

    // The account's own page is the gear at the top: no tab is the reader's there.
    await page.getByRole("link", { name: "Settings", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings", exact: true }).first()).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(0);

    await tabs.getByRole("link", { name: "Today" }).click();
    await expect(todayHeading(page)).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  });

  test("the admin has an Admin tab", async ({ page, loginAsAdmin }) => {
    await loginAsAdmin();
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Admin" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  });
});

test.describe("toasts on a phone", () => {
  test("a toast sits over the header, above the page's heading, never over its words or the tab bar", async ({ page, request }) => {
    const email = uniqueEmail("toast");
    const buyer = await createVerifiedUser(request, email);
    expect((await request.post("/api/mock-payment", { data: { email } })).status()).toBe(200);
    await signIn(page, buyer.email, buyer.password);
    // A buyer lands on the day's practice, whose heading is the day's card.
    await expect(todayHeading(page)).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    // With scripts, their toaster takes over the toast the server drew, and a finger resting on it keeps it (Radix
    // pauses it); without them the server's toast stays.
    const scripts = test.info().project.use.javaScriptEnabled !== false;
    if (scripts) await expectHydrated(page);
    const toast = page.getByText("Welcome back!", { exact: true }).first();
    await expect(toast).toBeVisible();
    if (scripts) await toast.hover();
    // Both measured in one moment of the page's.
    const { toastBottom, toastHeight, headingTop } = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const title = document.querySelector("h1")?.getBoundingClientRect();
      return { toastBottom: box.bottom, toastHeight: box.height, headingTop: title?.top ?? Number.NaN };
    });
    expect(toastHeight).toBeGreaterThan(0);
    expect(toastBottom).toBeLessThanOrEqual(headingTop);
  });
});

test.describe("the marketing pages on a phone", () => {
  test("a visitor finds Sign in; the menu's jumps land on their sections one after another, and leave no menu open", async ({ page }) => {
    await page.goto("/");
    await expect(landingHeading(page)).toBeAttached();
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

    await page.goto("/");
    // With JavaScript, a followed link closes the menu: its script must be running.
    const withScripts = test.info().project.name === "javascript";
    if (withScripts) await expectHydrated(page);
    // A visitor has no journey yet: no link to one.
    await expect(page.getByRole("link", { name: "Journey" })).toHaveCount(0);
    for (const [link, heading] of [
      ["Pricing", "Simple, One-Time Pricing"],
      ["Preview", "Preview the Cards"],
      ["Scripture", "What Scripture Says About Spoken Words"],
    ]) {
      // The one Menu control the page shows (a <details> with JavaScript, a link to the footer's list without).
      await main.locator('[aria-label="Menu"]:visible').click();
      // Without JavaScript the menu is the footer's list of the same links: a jump leaves nothing open.
      const menu = withScripts ? main : page.getByRole("navigation", { name: "Quick links" });
      await menu.getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { name: heading })).toBeInViewport();
      await expect(main.getByRole("link", { name: "Preview", exact: true })).toBeHidden();
    }
  });

  test("a category tab reloads onto the preview @once", async ({ page }) => {
    await page.goto("/?category=strength#preview");
    await expect(page.getByRole("heading", { name: /^Preview/ })).toBeInViewport();
  });

  test("a buyer sees My cards instead of the buy buttons @once", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer(thirtyCharacterEmail());
    await page.goto("/");
    await expect(landingHeading(page)).toBeAttached();
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "My cards" })).toHaveAttribute("href", "/cards");
    await expect(main.getByRole("link", { name: /Get Access/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.locator('main a[href^="/checkout"]')).toHaveCount(0);
  });
});

test.describe("accessible in both colour schemes @js", () => {
  test.use({ reducedMotion: "reduce" });
  /** Every WCAG 2 A and AA rule; dark mode (app/tailwind.css) changes colours only, so in it the colour rules. */
  const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
  const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
  const violationsOf = async (page: Page, path: string, scheme: "light" | "dark", scope?: string) => {
    await page.emulateMedia({ colorScheme: scheme });
    const builder = new AxeBuilder({ page });
    if (scope) builder.include(scope);
    const results = await (scheme === "light" ? builder.withTags(WCAG_AA) : builder.withRules(COLOUR_RULES)).analyze();
    return results.violations.map(
      (violation) =>
        `${path} (${scheme}): ${violation.id} ${violation.nodes.map((node) => `${node.target} ${node.failureSummary}`).join(" ")}`,
    );
  };

  test("the buyer's pages meet WCAG 2 AA (axe), light and dark", async ({ page, loginAsBuyer }) => {
    // axe reads every node of the whole library: slow on a busy machine, never a wait for time.
    test.setTimeout(120_000);
    await loginAsBuyer(thirtyCharacterEmail());
    for (const [path, heading] of [
      ["/cards", "Your Collection"],
      ["/cards/abundance-the-lord-is-my-shepherd", "The Lord Is My Shepherd"],
      ["/dashboard", /^Welcome back, .+!$/],
      ["/settings", /^Settings$/],
    ] as const) {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      expect([...(await violationsOf(page, path, "light")), ...(await violationsOf(page, path, "dark"))]).toEqual([]);
    }
    // The flipped card's back, too.
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/cards/abundance-the-lord-is-my-shepherd");
    await page
      .locator('[data-face="front"]')
      .first()
      .click({ position: { x: 20, y: 120 } });
    await expect(page.locator('[data-face="back"]').first()).toBeVisible();
    const back = '[data-face="back"]';
    expect([
      ...(await violationsOf(page, "the card's back", "light", back)),
      ...(await violationsOf(page, "the card's back", "dark", back)),
    ]).toEqual([]);
  });
});

test.describe("the reminders form", () => {
  // The browser lives in Tokyo: with JavaScript the root's script says so in lc_tz; without, a cookie an earlier visit set.
  test.use({ timezoneId: "Asia/Tokyo" });
  test("a buyer chooses a 6:30 morning card and an evening reminder, with JavaScript and without", async ({
    page,
    loginAsBuyer,
    baseURL,
  }) => {
    const javaScript = test.info().project.name === "javascript";
    await loginAsBuyer(thirtyCharacterEmail());
    await page.context().addCookies([{ name: "lc_tz", value: encodeURIComponent("Asia/Tokyo"), url: baseURL! }]);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    const daily = page.getByRole("region", { name: "Daily Card" });
    await expect(daily.getByText("You will not receive the daily card by email.")).toBeVisible();
    await expect(daily.getByText("Times are in your time zone, Asia/Tokyo.")).toBeVisible();
    if (javaScript) await expectHydrated(page);

    // The switch is a native checkbox under its painted track: a tap on its words turns it on.
    await daily.getByText("Send me the daily card by email").click();
    await expect(daily.getByLabel("Send me the daily card by email")).toBeChecked();
    await daily.getByLabel("Morning card at").selectOption("06:30");
    await daily.getByLabel("Remind me of the evening check on Today").check();
    await daily.getByLabel("Evening reminder at").selectOption("20:30");
    await daily.getByRole("button", { name: "Save Reminders" }).click();

    const summary =
      "Daily card on: it reaches your inbox each morning at 06:30, and a reminder of the evening check at 20:30 (Asia/Tokyo time).";
    await expect(page.getByText("Reminders saved").first()).toBeVisible();
    await expect(daily.getByTestId("reminder-summary")).toHaveText(summary);
    await page.reload();
    await expect(daily.getByLabel("Send me the daily card by email")).toBeChecked();
    await expect(daily.getByLabel("Morning card at")).toHaveValue("06:30");
    await expect(daily.getByLabel("Evening reminder at")).toHaveValue("20:30");
    await expect(daily.getByLabel("Remind me of the evening check on Today")).toBeChecked();
  });
});

test.describe("the sample card", () => {
  test("its heart holds its place while the script loads, and a visitor's favourite survives a reload @js", async ({
    page,
    beforeHydration,
  }) => {
    const card = page.getByRole("article", { name: "Affirmation card: The Lord Is My Shepherd" });
    let before: Awaited<ReturnType<typeof card.boundingBox>> = null;
    await beforeHydration("/sample-card", async () => {
      await expect(card.getByTestId("favorite-placeholder")).toBeVisible();
      before = await card.boundingBox();
    });
    const heart = card.getByRole("button", { name: "Add The Lord Is My Shepherd to favorites" });
    await expect(heart).toBeVisible();
    await expect(card.getByRole("button", { name: "Speak" })).toBeVisible();
    expect(await card.boundingBox(), "the card neither moves nor grows when the script runs").toEqual(before);

    await heart.click();
    await expect(page.getByTestId("toast").getByText("Added to Favorites")).toBeVisible();
    await page.reload();
    await expect(card.getByRole("button", { name: "Remove The Lord Is My Shepherd from favorites" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
});
