import { getLandingCopy } from "~/content/landing-copy";
import { expect, querySql, test } from "./fixtures";

const COPY_INPUT = { price: "$27", cardCount: 0, categoryCount: 0 };
const HEADLINES = (["A", "B"] as const).map(
  (variant) => getLandingCopy({ hero_messaging: variant, pricing_copy: "A", cta_button: "A" }, COPY_INPUT).hero.headline,
);

test.describe("A/B tests of the landing copy", () => {
  // Headless Chromium names itself HeadlessChrome, which the app (rightly) takes for a bot: nothing would be assigned
  // or counted. A person's browser says Chrome.
  test.use({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  });

  test("a visitor sees their assigned headline on every visit, and a click on the hero's buy button is counted", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("heading", { level: 1 });
    await expect(hero).toBeVisible();
    const headline = (await hero.textContent())?.trim() ?? "";
    expect(HEADLINES).toContain(headline);

    for (let visit = 0; visit < 2; visit++) {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
    }

    const visitorId = (await context.cookies()).find((cookie) => cookie.name === "lc_vid")?.value;
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    await page.locator('a[data-cta="hero"]').click();
    await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();

    // Counted after the response, like every event, and read with wrangler (a few seconds a query): poll for it.
    await expect
      .poll(
        async () => {
          const rows = await querySql<{ test_name: string; variant: string }>(
            `SELECT test_name, variant FROM ab_events WHERE visitor_id = '${visitorId}' AND event = 'cta_click' AND placement = 'hero'`,
          );
          return rows.find((row) => row.test_name === "hero_messaging")?.variant ?? null;
        },
        { timeout: 30_000 },
      )
      .toBe(headline === HEADLINES[0] ? "A" : "B");
  });
});
