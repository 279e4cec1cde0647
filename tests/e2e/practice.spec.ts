import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "@playwright/test";
import { expect, expectHydrated, test } from "./fixtures";

/**
 * The LIGHT practice on a phone (docs/decisions/040-the-light-practice.md): today's five steps, the journal and its
 * download, and the evening check. Every journey runs with JavaScript and without.
 */

/** A fixed-offset zone whose clock now reads an hour in [from, to). */
function zoneAt(from: number, to: number): string {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
    if (hour >= from && hour < to) return zone;
  }
  throw new Error("no zone at that hour");
}

/** The buyer's zone: the browser's own (a script sends it) and its cookie (what a page without scripts sends). */
async function liveIn(context: BrowserContext, baseURL: string, zone: string) {
  await context.addCookies([{ name: "lc_tz", value: encodeURIComponent(zone), url: baseURL }]);
}

const MORNING = zoneAt(7, 12);
const EVENING = zoneAt(18, 22);

test.describe("in the morning", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: MORNING });

  test("a morning's practice: five steps, a reflection, said aloud, then the journal and its download", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today");
    await expect(page.getByRole("heading", { name: "Listen" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("today-phone.png"), fullPage: true });

    await page.getByRole("link", { name: "Next: Internalize" }).click();
    await expect(page.getByRole("heading", { name: "Internalize" })).toBeInViewport();
    await page.getByLabel("One line of reflection (private)").fill("Answer slowly today.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { name: "Hear Again" })).toBeInViewport();
    await page.getByRole("button", { name: "I said it aloud" }).click();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
    await expect(page.getByTestId("practice-streak")).toHaveText("Streak: 1 day.");
    await page.screenshot({ path: testInfo.outputPath("today-done-phone.png"), fullPage: true });

    await page.getByRole("link", { name: "Open my journal" }).click();
    await expect(page.getByRole("heading", { name: "My journal" })).toBeVisible();
    await expect(page.getByText("“Answer slowly today.”")).toBeVisible();
    await expect(page.getByText("Said it aloud.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("journal-phone.png"), fullPage: true });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download as Markdown" }).click();
    const markdown = await readFile((await (await download).path())!, "utf8");
    expect(markdown).toContain("Reflection: Answer slowly today.");
  });
});

test.describe("the journal", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: MORNING });

  test("an edit over the limit is answered at the entry being edited, the typed words kept", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today#ground");
    await page.getByLabel("One line of reflection (private)").fill("Answer slowly today.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("status").getByText("Reflection saved")).toBeVisible();
    await page.goto("/journal");
    await expect(page.getByRole("heading", { name: "My journal" })).toBeVisible();
    if (testInfo.project.name !== "no-javascript") await expectHydrated(page);

    const entry = page.getByRole("listitem").filter({ hasText: "Answer slowly today." });
    await entry.getByText("“Answer slowly today.”").click();
    const typed = Array.from({ length: 110 }, () => "Too long.").join(" ");
    await entry.getByLabel("Reflection").fill(typed);
    await entry.getByRole("button", { name: "Save entry" }).click();
    await expect(entry.getByText("Your reflection can be at most 1,000 characters.")).toBeVisible();
    await expect(entry.getByLabel("Reflection")).toHaveValue(typed);
    await expect(entry.getByLabel("Reflection")).toHaveAttribute("aria-invalid", "true");
    // Not above the list: once, at the entry.
    await expect(page.getByText("Your reflection can be at most 1,000 characters.")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("journal-edit-error-phone.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: testInfo.outputPath("journal-edit-error-phone-dark.png"), fullPage: true });
    if (testInfo.project.name !== "no-javascript") {
      // The message stays readable in the dark scheme (red-800 on a dark surface was not).
      const errorId = await entry.getByLabel("Reflection").getAttribute("aria-describedby");
      const contrast = await new AxeBuilder({ page }).include(`#${errorId}`).withRules(["color-contrast"]).analyze();
      expect(contrast.violations).toEqual([]);
    }
  });
});

test.describe("your own voice", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: MORNING });

  test("records the affirmation with the microphone, plays it back in Hear Again and Listen, and deletes it @js", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today#hear-again");
    const hearAgain = page.getByRole("region", { name: "Hear Again" });
    await hearAgain.getByRole("button", { name: "Record my voice" }).click();
    // A couple of seconds of Chromium's fake microphone, counted down on screen.
    await expect(hearAgain.getByRole("timer")).toHaveText(/Recording… 5[0-7] s left/);
    await hearAgain.getByRole("button", { name: "Stop and save" }).click();
    await expect(hearAgain.getByRole("button", { name: "Record again" })).toBeVisible();
    const player = hearAgain.getByLabel("Your recording");
    await expect(player).toBeVisible();
    // The saved recording plays: the browser reads its length from the server's bytes.
    await player.evaluate((audio: HTMLAudioElement) => {
      audio.preload = "auto";
      audio.load();
    });
    await expect(player).toHaveJSProperty("readyState", 4);
    await expect(page.getByRole("region", { name: "Listen" }).getByLabel("Play my recording")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("today-recorded-phone.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: testInfo.outputPath("today-recorded-phone-dark.png"), fullPage: true });

    await hearAgain.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").getByText("Recording deleted")).toBeVisible();
    await expect(hearAgain.getByRole("button", { name: "Record my voice" })).toBeVisible();
    await expect(page.getByLabel("Your recording")).toHaveCount(0);
    await expect(page.getByLabel("Play my recording")).toHaveCount(0);
    // Saying it aloud still completes the step.
    await hearAgain.getByRole("button", { name: "I said it aloud" }).click();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
  });

  test("without JavaScript, Hear Again says recording needs it, and 'I said it aloud' still completes the step", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "no-javascript", "what a page without scripts shows");
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today#hear-again");
    const hearAgain = page.getByRole("region", { name: "Hear Again" });
    await expect(hearAgain.getByText("Recording needs JavaScript.")).toBeVisible();
    await expect(hearAgain.getByRole("button", { name: "Record my voice" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("today-no-js-phone.png"), fullPage: true });
    await hearAgain.getByRole("button", { name: "I said it aloud" }).click();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
  });
});

test.describe("in the evening", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: EVENING });

  test("the evening check, from 5 pm in the buyer's day", async ({ page, context, baseURL, loginAsBuyer }, testInfo) => {
    await liveIn(context, baseURL!, EVENING);
    await loginAsBuyer();
    await page.goto("/today#evening");
    await expect(page.getByRole("heading", { name: "Evening check" })).toBeVisible();
    await page.getByRole("group", { name: "Did you live it today?" }).getByLabel("Partly").check();
    await page.getByLabel("A line about it (optional)").fill("Kinder at lunch.");
    await page.getByRole("button", { name: "Save evening check" }).click();
    await expect(page.getByRole("status").getByText("Evening check saved")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("evening-phone.png"), fullPage: true });
    await page.goto("/journal");
    await expect(page.getByText("Lived it: Partly.")).toBeVisible();
  });
});
