import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "@playwright/test";
import { fakeSpeech, highlightedWord, PHONE_VOICES, reachWord, spokenSoFar } from "./fake-speech";
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
    await fakeSpeech(page, PHONE_VOICES);
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today#hear-again");
    const hearAgain = page.getByRole("region", { name: "Hear Again" });
    await hearAgain.getByRole("button", { name: "Record my voice" }).click();
    // A couple of seconds of Chromium's fake microphone, counted down on screen.
    await expect(hearAgain.getByRole("timer")).toHaveText(/Recording… 5[0-7] s left/);
    await hearAgain.getByRole("button", { name: "Stop and save" }).click();
    await expect(hearAgain.getByRole("button", { name: "Record again" })).toBeVisible();
    // A saved recording is the buyer speaking: their first earns First Words.
    await expect(page.getByTestId("toast")).toContainText("New badge: First Words");
    const player = hearAgain.getByLabel("Your recording");
    await expect(player).toBeVisible();
    // The saved recording plays: the browser reads its length from the server's bytes.
    await player.evaluate((audio: HTMLAudioElement) => {
      audio.preload = "auto";
      audio.load();
    });
    await expect(player).toHaveJSProperty("readyState", 4);

    // Listen plays the buyer's own recording, not the device's voice; they may still choose a device voice.
    const listen = page.getByRole("region", { name: "Listen" });
    const voice = listen.getByLabel("Voice");
    await expect(voice).toHaveValue("my-recording");
    await expect(voice.getByRole("option")).toHaveText(["My recording", "Ava (Premium)", "Daniel (en-GB)", "Samantha (en-US)"]);
    await listen.getByRole("button", { name: "Speak" }).click();
    await expect(listen.getByRole("button", { name: "Stop" })).toBeVisible();
    await expect
      .poll(() => listen.locator("audio").evaluate((audio: HTMLAudioElement) => !audio.paused && audio.src))
      .toMatch(/\/recordings\//);
    // It plays to its end (a couple of seconds), and the button is Speak again.
    await expect(listen.getByRole("button", { name: "Speak" })).toBeVisible({ timeout: 15_000 });
    expect(await spokenSoFar(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath("today-recorded-phone.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: testInfo.outputPath("today-recorded-phone-dark.png"), fullPage: true });
    await page.emulateMedia({ colorScheme: "light" });

    await voice.selectOption({ label: "Ava (Premium)" });
    await listen.getByRole("button", { name: "Speak" }).click();
    await expect.poll(async () => (await spokenSoFar(page)).map((utterance) => utterance.voice)).toContain("Ava (Premium)");
    await listen.getByRole("button", { name: "Stop" }).click();
    // The choice holds on this device.
    await page.reload();
    await expect(listen.getByLabel("Voice")).toHaveValue("com.apple.voice.premium.en-US.Ava");

    await hearAgain.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").getByText("Recording deleted")).toBeVisible();
    await expect(hearAgain.getByRole("button", { name: "Record my voice" })).toBeVisible();
    await expect(page.getByLabel("Your recording")).toHaveCount(0);
    await expect(listen.getByRole("option", { name: "My recording" })).toHaveCount(0);
    // Saying it aloud still completes the step.
    await hearAgain.getByRole("button", { name: "I said it aloud" }).click();
    await expect(page.getByRole("heading", { name: "Today's practice is complete" })).toBeVisible();
  });
});

test.describe("your own voice, without JavaScript", () => {
  // Scripts are off in this describe itself, so it runs once (@once), not once per project with one run skipped.
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: MORNING, javaScriptEnabled: false });

  test("Hear Again says recording needs JavaScript, and 'I said it aloud' still completes the step @once", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
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

test.describe("Listen", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: MORNING });

  test("reads in the natural voice of the page's language, keeps the buyer's choice after a reload, and highlights each word @js", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    await fakeSpeech(page, PHONE_VOICES);
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today");
    const listen = page.getByRole("region", { name: "Listen" });
    // English voices only, a premium one first and the compact default last.
    const voice = listen.getByLabel("Voice");
    await expect(voice.getByRole("option")).toHaveText(["Ava (Premium)", "Daniel (en-GB)", "Samantha (en-US)"]);
    await expect(voice).toHaveValue("com.apple.voice.premium.en-US.Ava");

    await listen.getByRole("button", { name: "Speak" }).click();
    await expect(listen.getByRole("button", { name: "Stop" })).toBeVisible();
    const affirmation = (await listen.locator("blockquote").textContent()) ?? "";
    const spoken = await spokenSoFar(page);
    expect(spoken.map((utterance) => utterance.text).join(" ")).toBe(affirmation);
    expect(spoken[0]).toMatchObject({ voice: "Ava (Premium)", lang: "en-US", rate: expect.closeTo(0.8, 5), pitch: 1 });

    // Each word the voice reaches is highlighted where the buyer reads along.
    const [, , , fourth = "", fifth = ""] = affirmation.split(" ");
    await reachWord(page, fourth);
    await expect.poll(() => highlightedWord(page)).toEqual({ word: fourth, inside: "listen" });
    await reachWord(page, fifth);
    await expect.poll(() => highlightedWord(page)).toEqual({ word: fifth, inside: "listen" });
    await listen.screenshot({ path: testInfo.outputPath("listen-highlight-phone.png") });
    await page.emulateMedia({ colorScheme: "dark" });
    await listen.screenshot({ path: testInfo.outputPath("listen-highlight-phone-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });
    await listen.getByRole("button", { name: "Stop" }).click();
    expect(await highlightedWord(page)).toBeNull();

    // The buyer's choice is kept on this device.
    await voice.selectOption({ label: "Daniel (en-GB)" });
    await page.reload();
    await expect(listen.getByLabel("Voice")).toHaveValue("com.apple.speech.synthesis.voice.Daniel");
    await listen.getByRole("button", { name: "Speak" }).click();
    await expect(listen.getByRole("button", { name: "Stop" })).toBeVisible();
    expect((await spokenSoFar(page))[0]).toMatchObject({ voice: "Daniel", lang: "en-GB" });
  });

  test("Internalize's Speak reads the passage shown, in the translation shown, word by word @js", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }) => {
    await fakeSpeech(page, PHONE_VOICES);
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today#internalize");
    const internalize = page.getByRole("region", { name: "Internalize" });
    await internalize.getByRole("link", { name: "Modern English (WEB)" }).click();
    await expect(internalize.getByRole("link", { name: "Modern English (WEB)" })).toHaveAttribute("aria-current", "true");
    // What the buyer sees: the passage's words, without the verse numbers.
    const shown = await internalize.locator("blockquote").evaluate((quote) => {
      const copy = quote.cloneNode(true) as Element;
      for (const number of copy.querySelectorAll("sup")) number.remove();
      return copy.textContent ?? "";
    });
    await internalize.getByRole("button", { name: "Speak" }).click();
    await expect(internalize.getByRole("button", { name: "Stop" })).toBeVisible();
    expect((await spokenSoFar(page)).map((utterance) => utterance.text).join(" ")).toBe(shown);

    const [, , third = ""] = shown.split(" ");
    await reachWord(page, third);
    await expect.poll(() => highlightedWord(page)).toEqual({ word: third, inside: "internalize" });
  });

  test("a device with no voice says so, and nothing counts as spoken until the buyer says it @js", async ({
    page,
    context,
    baseURL,
    loginAsBuyer,
  }, testInfo) => {
    await fakeSpeech(page, []);
    await liveIn(context, baseURL!, MORNING);
    await loginAsBuyer();
    await page.goto("/today");
    const listen = page.getByRole("region", { name: "Listen" });
    await listen.getByRole("button", { name: "Speak" }).click();
    await expect(listen.getByRole("status")).toHaveText(
      "This device has no voice for reading aloud. Say it yourself, slowly: that is the practice.",
    );
    await expect(listen.getByLabel("Voice")).toHaveCount(0);
    await listen.screenshot({ path: testInfo.outputPath("listen-no-voice-phone.png") });
    await page.emulateMedia({ colorScheme: "dark" });
    await listen.screenshot({ path: testInfo.outputPath("listen-no-voice-phone-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });

    // The card's own page: its Speak says the same, and counts nothing.
    await page.getByRole("link", { name: "Open the card" }).click();
    const card = page.locator("article[data-card-id]");
    await card.getByRole("button", { name: "Speak" }).click();
    await expect(page.getByTestId("toast")).toContainText("This device has no voice for reading aloud");
    await page.screenshot({ path: testInfo.outputPath("card-no-voice-phone.png") });

    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-affirmations-spoken")).toHaveText("0");
    await expect(page.getByText("Spoke aloud")).toHaveCount(0);
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
