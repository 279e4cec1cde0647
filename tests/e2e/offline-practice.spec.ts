import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectHydrated, landingHeading, test } from "./fixtures";

/**
 * The day's practice in the installed app offline (docs/decisions/040-the-light-practice.md, Offline, and
 * 025-installable-offline.md): /today and the buyer's own recordings are kept with the collection once they have
 * visited online, its forms are refused plainly offline with the buyer's words kept, and signing out leaves none of it.
 */

/** A fixed-offset zone whose clock now reads an hour in [from, to): the browser's and the server's day agree. */
function zoneAt(from: number, to: number): string {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
    if (hour >= from && hour < to) return zone;
  }
  throw new Error("no zone at that hour");
}
const MORNING = zoneAt(7, 12);

async function liveIn(context: BrowserContext, baseURL: string, zone: string) {
  await context.addCookies([{ name: "lc_tz", value: encodeURIComponent(zone), url: baseURL }]);
}

/** Every console error and uncaught exception of the page: a test fails on any. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * What the worker keeps at `path` for this account ("" when nothing): a page as the text a reader sees, anything else
 * as its size in bytes. It fetches in the background.
 */
function kept(page: Page, path: string) {
  return page.evaluate(async (address) => {
    const name = (await caches.keys()).find((key) => key.startsWith("lc-personal-"));
    const response = name ? await (await caches.open(name)).match(address) : undefined;
    if (!response) return "";
    if (!response.headers.get("Content-Type")?.startsWith("text/html")) return `${(await response.arrayBuffer()).byteLength} bytes`;
    return new DOMParser().parseFromString(await response.text(), "text/html").body.textContent ?? "";
  }, path);
}

/** Kept copies arrive after the page has loaded, one page at a time, on a machine other test runs share. */
const BACKGROUND = { timeout: 30_000 };

/** A buyer who keeps "Keep me logged in" opens today's practice online; the worker keeps it with the collection. */
async function openTodayOnline(page: Page, loginAsBuyer: (email?: string, options?: { remember?: boolean }) => Promise<unknown>) {
  await loginAsBuyer(undefined, { remember: true });
  await page.goto("/today");
  await expect(page.getByRole("heading", { name: "Listen" })).toBeVisible();
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await expect.poll(() => kept(page, "/today"), BACKGROUND).toContain(title);
  return title;
}

const refusal = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

test.describe("today's practice offline @js", () => {
  test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 }, timezoneId: MORNING });
  // Each test waits for the worker to keep the collection, on a machine other test runs share.
  test.describe.configure({ timeout: 120_000 });

  test("/today opens offline with its card and steps; its forms are refused with the words kept, and count once back online", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    const errors = collectErrors(page);
    await liveIn(context, baseURL!, MORNING);
    const title = await openTodayOnline(page, loginAsBuyer);

    await context.setOffline(true);
    await page.goto("/today");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    for (const step of ["Listen", "Internalize", "Ground", "Hear Again", "Transform"]) {
      await expect(page.getByRole("heading", { level: 2, name: step })).toBeVisible();
    }
    await expectHydrated(page);
    await expect(page.getByRole("status").getByText("You're offline.")).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`today-offline-${colorScheme}.png`) });
      const { violations } = await new AxeBuilder({ page })
        .include("main > header")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(violations, colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
    // The verse in its passage, in either translation: the switch needs no request.
    const internalize = page.getByRole("region", { name: "Internalize" });
    await internalize.getByRole("link", { name: /Modern English/ }).click();
    await expect(internalize.getByText(/World English Bible/)).toBeVisible();
    await internalize.getByRole("link", { name: /King James/ }).click();
    await expect(internalize.getByText(/King James Version/)).toBeVisible();

    const reflection = page.getByLabel("One line of reflection (private)");
    await reflection.fill("Answer slowly, even offline.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(refusal(page, "your reflection was not saved")).toBeVisible();
    await expect(reflection).toHaveValue("Answer slowly, even offline.");

    await page.getByRole("button", { name: "I said it aloud" }).click();
    await expect(refusal(page, "“I said it aloud” was not recorded")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toHaveCount(0);
    // The page stayed as it was: no reload from the kept copy took the words.
    await expect(reflection).toHaveValue("Answer slowly, even offline.");
    await page.getByRole("region", { name: "Hear Again" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("today-offline-refused.png") });

    await context.setOffline(false);
    await expect(page.getByRole("status").getByText("You're offline.")).toHaveCount(0);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("status").getByText("Reflection saved")).toBeVisible();
    await page.getByRole("button", { name: "I said it aloud" }).click();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
    await expect(page.getByTestId("practice-streak")).toHaveText("Streak: 1 day.");

    // The kept copy follows without another page load, and opens complete offline.
    await expect.poll(() => kept(page, "/today"), BACKGROUND).toContain("You said it aloud today.");
    await context.setOffline(true);
    await page.goto("/today");
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
    await expect(page.getByText("You said it aloud today.")).toBeVisible();
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });

  test("a practice form sent offline before the scripts run answers with the words, in a form that sends them again", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    const errors = collectErrors(page);
    await liveIn(context, baseURL!, MORNING);
    await openTodayOnline(page, loginAsBuyer);

    await context.setOffline(true);
    await page.goto("/today");
    const reflection = page.getByLabel("One line of reflection (private)");
    await reflection.fill("Said before the scripts ran.");
    // What the browser does when the button is pressed before the page's scripts run: it posts the form as a page.
    await reflection.evaluate((field: HTMLTextAreaElement) => HTMLFormElement.prototype.submit.call(field.form));
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText("Your reflection was not saved")).toBeVisible();
    await expect(page.getByLabel("Your reflection (private)")).toHaveValue("Said before the scripts ran.");
    await expect(page.getByRole("link", { name: "Back to today's practice" })).toHaveAttribute("href", "/today");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: testInfo.outputPath(`today-offline-not-saved-${colorScheme}.png`) });
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(violations, colorScheme).toEqual([]);
    }

    // Still offline: the same answer, the words still there.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByLabel("Your reflection (private)")).toHaveValue("Said before the scripts ran.");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Hear Again" })).toBeVisible();
    await expect(page.getByText("Reflection saved").first()).toBeVisible();
    await expect(page.getByLabel("One line of reflection (private)")).toHaveValue("Said before the scripts ran.");
    expect(errors).toEqual([]);
  });

  test("a practice kept from another day says so plainly, offline", async ({ page, context, baseURL, loginAsBuyer }, testInfo) => {
    await liveIn(context, baseURL!, MORNING);
    await openTodayOnline(page, loginAsBuyer);
    // The page says its day as a person does; the machine-readable day is beside it.
    const shownDay = page.locator("p", { hasText: /^Today · / }).locator("time");
    const day = (await shownDay.getAttribute("datetime")) ?? "";
    const spoken = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
      new Date(`${day}T12:00:00Z`),
    );
    await expect(shownDay).toHaveText(spoken);

    // The next morning, still without a network.
    await page.clock.setFixedTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await context.setOffline(true);
    await page.goto("/today");
    await expectHydrated(page);
    await expect(page.getByRole("status").getByText(`Offline: this is the practice you opened on ${spoken}.`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("today-offline-yesterday.png") });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: testInfo.outputPath("today-offline-yesterday-dark.png") });
    await context.setOffline(false);
  });

  test("a recording made online plays offline from the kept copy; signing out leaves neither it nor /today", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await liveIn(context, baseURL!, MORNING);
    await openTodayOnline(page, loginAsBuyer);
    const cardId = ((await page.getByRole("link", { name: "Open the card" }).getAttribute("href")) ?? "").replace("/cards/", "");

    await expectHydrated(page);
    const hearAgain = page.getByRole("region", { name: "Hear Again" });
    await hearAgain.getByRole("button", { name: "Record my voice" }).click();
    await expect(hearAgain.getByRole("timer")).toHaveText(/Recording… 5[0-7] s left/);
    await hearAgain.getByRole("button", { name: "Stop and save" }).click();
    await expect(hearAgain.getByRole("button", { name: "Record again" })).toBeVisible();
    // The worker keeps the recording, and /today with its player, without another page load.
    await expect.poll(() => kept(page, `/recordings/${cardId}`), BACKGROUND).toMatch(/^[1-9]\d* bytes$/);
    await expect.poll(() => kept(page, "/today"), BACKGROUND).toContain("Play my recording");

    await context.setOffline(true);
    await page.goto("/today");
    // Listen plays it offline: Speak plays the buyer's own recording, its bytes read from the kept copy by range.
    await expectHydrated(page);
    const listen = page.getByRole("region", { name: "Listen" });
    await listen.getByRole("button", { name: "Speak" }).click();
    await expect(listen.getByRole("button", { name: "Stop" })).toBeVisible();
    const player = listen.locator("audio");
    await expect
      .poll(
        () =>
          player.evaluate((audio: HTMLAudioElement) => ({
            src: new URL(audio.currentSrc).pathname,
            // Playing, or played to its end already: a recording of a few seconds may be over by the next look.
            playing: !audio.paused || audio.ended,
            readyState: audio.readyState,
            error: audio.error?.code ?? null,
          })),
        BACKGROUND,
      )
      .toEqual({ src: `/recordings/${cardId}`, playing: true, readyState: 4, error: null });
    // Deleting it needs the network: refused in the page, the recording still there.
    const hearAgainOffline = page.getByRole("region", { name: "Hear Again" });
    await hearAgainOffline.getByRole("button", { name: "Delete" }).click();
    await expect(hearAgainOffline.getByRole("alert")).toHaveText(
      "You're offline: deleting your recording needs a connection. Nothing was changed.",
    );
    await expect(hearAgainOffline.getByLabel("Your recording")).toBeVisible();

    await context.setOffline(false);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(landingHeading(page)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-offline", "none", BACKGROUND);

    await context.setOffline(true);
    for (const path of ["/today", `/recordings/${cardId}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Open today's practice" })).toHaveCount(0);
    }
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
});
