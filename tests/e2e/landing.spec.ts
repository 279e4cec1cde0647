import AxeBuilder from "@axe-core/playwright";
import { LIGHT_STEPS } from "~/content/light-steps";
import { expect, expectHydrated, landingHeading, test } from "./fixtures";

test.describe("landing page", () => {
  test("shows every section of the spec @once", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Get Access Now" })).toHaveAttribute("href", "/checkout");
    await expect(nav.getByRole("link", { name: /social media/ })).toHaveAttribute("target", "_blank");

    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "See a Sample Card" })).toHaveAttribute("href", "/sample-card");
    for (const heading of [
      "Why Speak Your Affirmations Aloud?",
      "Try It Now",
      "The LIGHT Method in Five Steps",
      "Everything You Need for a Daily Practice",
      "Preview the Cards",
      "What Scripture Says About Spoken Words",
      "Simple, One-Time Pricing",
      "Frequently Asked Questions",
      "Start Speaking Truth Over Your Life Today",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const tile of [
      "Bible-Based Content",
      "Beautiful Design",
      "Mobile Optimized",
      "LIGHT Methodology",
      "Easy Sharing",
      "Instant Access",
    ]) {
      await expect(page.getByRole("heading", { name: tile, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("price")).toHaveText("$27.00");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "support@lightcards.app" })).toHaveAttribute("href", "mailto:support@lightcards.app");
  });

  test("category tabs switch the preview cards", async ({ page }) => {
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Card categories" });
    await expect(tabs.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");

    await tabs.getByRole("link", { name: /^Evening/ }).click();
    // The same page with another category: its own mark of the new state is the tab it says is current.
    await expect(tabs.getByRole("link", { name: /^Evening/ })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveURL(/\?category=evening/);
    const preview = page.getByTestId("preview-cards").locator("[data-card-id]");
    await expect(preview.first()).toHaveAttribute("data-card-id", /^evening-/);
    for (const id of await preview.evaluateAll((cards) => cards.map((card) => card.getAttribute("data-card-id")))) {
      expect(id).toMatch(/^evening-/);
    }
    expect(await preview.count()).toBeLessThanOrEqual(6);
  });

  test("the header's jumps each land on their section, one after another", async ({ page }) => {
    await page.goto("/");
    await expect(landingHeading(page)).toBeAttached();
    // With JavaScript the router sees each jump: its script must be running for the test to mean anything.
    if (test.info().project.name === "javascript") await expectHydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    // Down, back up past a section, then down again: each jump must move the page, never stay where the last one left it.
    for (const [link, heading] of [
      ["Pricing", "Simple, One-Time Pricing"],
      ["Preview", "Preview the Cards"],
      ["Scripture", "What Scripture Says About Spoken Words"],
      ["Pricing", "Simple, One-Time Pricing"],
    ]) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expect(page.getByRole("heading", { name: heading })).toBeInViewport();
    }
  });

  test("the FAQ opens one answer at a time", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator('details[name="faq"]');
    await expect(faq).toHaveCount(6);

    await faq.nth(0).locator("summary").click();
    await expect(faq.nth(0)).toHaveAttribute("open", "");
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(1)).toHaveAttribute("open", "");
    await expect(faq.nth(0)).not.toHaveAttribute("open", "");
    // Clicking the open one closes it.
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(1)).not.toHaveAttribute("open", "");
  });

  test("a card flips to its verse and back on click", async ({ page }) => {
    await page.goto("/");
    const card = page.locator('[data-card-id="abundance-the-lord-is-my-shepherd"]').first();
    const back = card.locator('[data-face="back"]');
    await expect(back).toBeHidden();
    // The theme badge reads as words, its apostrophe kept.
    await expect(card.locator('[data-face="front"]').getByText("The Shepherd’s Care")).toBeVisible();

    await card.locator('[data-face="front"]').click();
    await expect(back).toBeVisible();
    await expect(back.getByText("The LORD is my shepherd; I shall not want.")).toBeVisible();
    await expect(back.getByTestId("scripture-reference")).toContainText("Psalm 23:1-3");
    await expect(back.getByTestId("word-notes")).toContainText("want:");
    await expect(back.getByTestId("word-notes")).toContainText("lack, be in need");
    await expect(back.getByText("Today's Reflection")).toBeVisible();

    await back.click();
    await expect(back).toBeHidden();
    await expect(card.locator('[data-face="front"]')).toBeVisible();
  });

  // axe runs as a script in the page, so these run with JavaScript (the document is the same server HTML).
  test("meets WCAG 2 AA (axe): landmarks, labels, contrast @js", async ({ page }) => {
    await page.goto("/");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("fetches no script until the page has loaded, then hydrates @js", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectHydrated(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"));
      return {
        loaded: navigation!.loadEventEnd,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
  });

  test("makes no request to another origin on load (self-hosted fonts) @once", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(foreign).toEqual([]);
  });
});

test.describe("sample card and errors", () => {
  test("/sample-card shows the sample card from the data", async ({ page }) => {
    await page.goto("/sample-card");
    await expect(page.getByRole("heading", { name: "The Lord Is My Shepherd" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Walk the Five Steps" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Instant Access - $27" })).toHaveAttribute("href", "/checkout");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(landingHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a visitor walks the sample card through the five steps the landing teaches, in the same words", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const method = page.getByRole("region", { name: "The LIGHT Method in Five Steps" });
    await method.scrollIntoViewIfNeeded();
    for (const step of LIGHT_STEPS) {
      await expect(method.getByRole("heading", { name: `Step ${LIGHT_STEPS.indexOf(step) + 1}: ${step.name}` })).toBeVisible();
      await expect(method.getByText(step.text, { exact: true })).toBeVisible();
    }
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await method.screenshot({ path: testInfo.outputPath(`landing-steps-phone-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: "light" });

    await page.goto("/sample-card");
    await page.getByRole("link", { name: "Then walk it through the five steps." }).click();
    await expect(page.getByRole("heading", { name: "Walk the Five Steps" })).toBeInViewport();
    const listen = page.getByRole("region", { name: "Listen" });
    if (testInfo.project.name === "no-javascript") {
      await expect(listen.getByText("Reading aloud needs JavaScript: read it slowly to yourself instead.")).toBeVisible();
    } else {
      await expect(listen.getByRole("button", { name: "Speak" })).toBeVisible();
    }
    for (const [index, step] of LIGHT_STEPS.entries()) {
      const region = page.getByRole("region", { name: step.name });
      await expect(region.getByText(step.text, { exact: true })).toBeVisible();
      const following = LIGHT_STEPS[index + 1];
      if (!following) break;
      await region.getByRole("link", { name: `Next: ${following.name}` }).click();
      await expect(page.getByRole("heading", { name: following.name, exact: true })).toBeInViewport();
    }
    const transform = page.getByRole("region", { name: "Transform" });
    await expect(transform.getByText("Today's action:")).toBeVisible();
    await expect(page.getByRole("region", { name: "Internalize" }).getByText(/^Word notes: want: /)).toBeVisible();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`sample-card-phone-${scheme}.png`), fullPage: true });
    }
  });

  test("sample card page meets WCAG 2 AA (axe) @js", async ({ page }) => {
    await page.goto("/sample-card");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test("unknown pages say 'Page Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(landingHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
