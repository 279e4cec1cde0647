import { fakeSpeech, finishSpeaking, highlightedWord, PHONE_VOICES, reachWord, spokenSoFar } from "./fake-speech";
import { expect, expectHydrated, test } from "./fixtures";

const SAMPLE = '[data-card-id="abundance-the-lord-is-my-shepherd"]';

test.describe("card component without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("flips with the native control and hides script-only buttons", async ({ page }) => {
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    await expect(card.getByRole("button", { name: /Speak/ })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /favorites/ })).toHaveCount(0);
    // The share menu is a native <details>: its links work without JavaScript.
    await card.getByLabel("Share The Lord Is My Shepherd").click();
    await expect(card.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await card.getByLabel("Share The Lord Is My Shepherd").click();

    await card.getByRole("checkbox", { name: "Flip card: The Lord Is My Shepherd" }).focus();
    await page.keyboard.press("Space");
    await expect(card.locator('[data-face="back"]')).toBeVisible();
  });
});

test.describe("card component with JavaScript @js", () => {
  test("flips with Enter and Space", async ({ page }) => {
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    const toggle = card.getByRole("checkbox", { name: "Flip card: The Lord Is My Shepherd" });
    const back = card.locator('[data-face="back"]');
    // Enter is the script's; its Speak button shows the script is running.
    await expect(card.getByRole("button", { name: "Speak" })).toBeVisible();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(back).toBeVisible();
    await page.keyboard.press("Space");
    await expect(back).toBeHidden();
  });

  test("a card turned before the scripts run stays turned once they do", async ({ page, beforeHydration }) => {
    const card = page.locator(SAMPLE);
    await beforeHydration("/sample-card", async () => {
      await card.locator('[data-face="front"]').click();
      await expect(card.locator('[data-face="back"]')).toBeVisible();
    });
    await expect(card.locator('[data-face="back"]')).toBeVisible();
  });

  test("with reduced motion the card swaps faces without the 3D turn", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    await card.locator('[data-face="front"]').click();
    await expect(card.locator('[data-face="back"]')).toBeVisible();
    const transform = await card.locator(".flip-card__inner").evaluate((el) => getComputedStyle(el).transform);
    expect(transform).toBe("none");
  });

  test("turns in 700 ms with the 3D spin by default", async ({ page }) => {
    await page.goto("/sample-card");
    const inner = page.locator(`${SAMPLE} .flip-card__inner`);
    expect(await inner.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.7s");
    // The product rules' 400 px is the card's least height: a card with more to say grows (docs/decisions/026).
    expect(await inner.evaluate((el) => getComputedStyle(el).minHeight)).toBe("400px");
  });

  test("speaks the affirmation at rate 0.8 and pitch 1 in the best voice of the page's language, toggling Speak and Stop", async ({
    page,
  }) => {
    await fakeSpeech(page, PHONE_VOICES);
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    await card.getByRole("button", { name: "Speak" }).click();
    await expect(card.getByRole("button", { name: "Stop" })).toBeVisible();
    const spoken = await spokenSoFar(page);
    // A premium English voice before the compact default, and never the French one; a long text in whole sentences.
    expect(spoken.map((utterance) => utterance.text).join(" ")).toBe(
      "The Lord Is My Shepherd. The Lord is my shepherd, and I will not lack what I need. He gives me rest, leads me beside still waters, and restores my soul. He leads me in right paths for His name’s sake.",
    );
    for (const utterance of spoken) {
      expect(utterance).toEqual({
        text: expect.any(String),
        rate: expect.closeTo(0.8, 5),
        pitch: 1,
        voice: "Ava (Premium)",
        lang: "en-US",
      });
    }

    // As the voice reaches each word, the card highlights it; the title, read first, is not on the card's text.
    await reachWord(page, "shepherd,");
    await expect.poll(() => highlightedWord(page)).toEqual({ word: "shepherd,", inside: "affirmation" });
    await reachWord(page, "rest");
    await expect.poll(() => highlightedWord(page)).toEqual({ word: "rest", inside: "affirmation" });

    // When the reading ends the button resets and the highlight goes.
    await finishSpeaking(page);
    await finishSpeaking(page);
    await expect(card.getByRole("button", { name: "Speak" })).toBeVisible();
    expect(await highlightedWord(page)).toBeNull();
  });

  test("a device with no voice says so when Speak is tapped", async ({ page }) => {
    await fakeSpeech(page, []);
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    await card.getByRole("button", { name: "Speak" }).click();
    await expect(page.getByTestId("toast")).toContainText("This device has no voice for reading aloud");
    await expect(page.getByTestId("toast")).toContainText("Say it yourself, slowly: that is the practice.");
    await expect(card.getByRole("button", { name: "Speak" })).toBeVisible();
    expect(await spokenSoFar(page)).toEqual([]);
  });

  test("a browser without speech synthesis says so too", async ({ page }) => {
    await page.addInitScript(() => {
      // A browser with no speech engine at all.
      Object.defineProperty(window, "speechSynthesis", { value: undefined });
    });
    await page.goto("/sample-card");
    await page.locator(SAMPLE).getByRole("button", { name: "Speak" }).click();
    await expect(page.getByTestId("toast")).toContainText("This device has no voice for reading aloud");
  });

  test.describe("when Speak's code is not in the page's first scripts", () => {
    // The page's own requests only: a service worker would answer the chunk from its copy.
    test.use({ serviceWorkers: "block" });
    const SPEECH_CODE = /\/build\/_shared\/speech-code-[^/]+\.js$/;

    test("a tap before the code arrived reads once it has", async ({ page }) => {
      await fakeSpeech(page, PHONE_VOICES);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(SPEECH_CODE, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/sample-card");
      const card = page.locator(SAMPLE);
      await card.getByRole("button", { name: "Speak" }).click();
      expect(await spokenSoFar(page)).toEqual([]);
      release();
      await expect(card.getByRole("button", { name: "Stop" })).toBeVisible();
      expect((await spokenSoFar(page)).length).toBeGreaterThan(0);
    });

    test("a page that is offline when the browser turns idle asks for nothing until Speak is tapped", async ({ page, context }) => {
      await fakeSpeech(page, PHONE_VOICES);
      const failures: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") failures.push(`${message.text()} ${message.location().url}`);
      });
      const asked: string[] = [];
      page.on("request", (request) => {
        if (SPEECH_CODE.test(request.url())) asked.push(request.url());
      });
      // The browser's idle moment after hydration, held until the device is offline (a phone losing its signal as the
      // page loads). The first idle callback is the script starter's (it starts hydration) and runs as usual.
      await page.addInitScript(() => {
        const idle: Array<() => void> = [];
        const browserIdle = window.requestIdleCallback.bind(window);
        let calls = 0;
        Object.assign(window, {
          requestIdleCallback: (task: IdleRequestCallback, options?: IdleRequestOptions) =>
            calls++ === 0 ? browserIdle(task, options) : idle.push(() => task({ didTimeout: false, timeRemaining: () => 50 })),
          becomeIdle: () => {
            for (const task of idle.splice(0)) task();
          },
        });
      });
      await page.goto("/sample-card");
      await expectHydrated(page);
      await context.setOffline(true);
      await page.evaluate(() => (window as unknown as { becomeIdle(): void }).becomeIdle());
      await context.setOffline(false);

      // Back online, a tap loads the code and reads: the one download, and no failed one before it.
      const card = page.locator(SAMPLE);
      await card.getByRole("button", { name: "Speak" }).click();
      await expect(card.getByRole("button", { name: "Stop" })).toBeVisible();
      expect(asked).toHaveLength(1);
      expect(failures).toEqual([]);
    });

    test("a code that cannot be downloaded says so, and the next tap tries again", async ({ page }) => {
      await fakeSpeech(page, PHONE_VOICES);
      await page.route(SPEECH_CODE, (route) => route.abort());
      await page.goto("/sample-card");
      const card = page.locator(SAMPLE);
      await card.getByRole("button", { name: "Speak" }).click();
      await expect(page.getByTestId("toast")).toContainText("Reading aloud could not start");
      await page.unroute(SPEECH_CODE);
      await card.getByRole("button", { name: "Speak" }).click();
      await expect(card.getByRole("button", { name: "Stop" })).toBeVisible();
    });
  });

  test("copies the card as text with a toast and a 2-second check mark", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/sample-card");
    await expectHydrated(page);
    const card = page.locator(SAMPLE);
    // Without the Web Share API the share button opens the menu.
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await card.getByLabel("Share The Lord Is My Shepherd").click();
    await card.getByRole("button", { name: "Copy as text" }).click();

    await expect(page.getByTestId("toast")).toContainText("Copied!");
    await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toContain("The Lord Is My Shepherd");
    // Verses that follow each other are one quotation under the passage's reference.
    expect(clipboard).toContain('"The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures:');
    expect(clipboard).toContain('for his name’s sake."\n— Psalm 23:1-3\n\nWord notes:');
    expect(clipboard).toContain("Word notes:\nwant: lack, be in need");
    // The copied text ends with the card's share link, so whoever receives it can open the card.
    expect(clipboard).toMatch(/\/share\/abundance-the-lord-is-my-shepherd$/);
    await expect(card.getByRole("button", { name: "Copy as text" })).toBeVisible({ timeout: 4000 });
  });

  test("uses the Web Share API with title, text and the page URL where present", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => {
          (window as unknown as { __shared: ShareData }).__shared = data;
        },
      });
    });
    await page.goto("/sample-card");
    // The share button hands over to the Web Share API once the script runs, as its Speak button shows.
    await expect(page.locator(SAMPLE).getByRole("button", { name: "Speak" })).toBeVisible();
    await page.locator(SAMPLE).getByLabel("Share The Lord Is My Shepherd").click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared?: ShareData }).__shared))
      .toEqual({
        title: "The Lord Is My Shepherd",
        text: expect.stringContaining("The LORD is my shepherd; I shall not want."),
        url: expect.stringMatching(/\/share\/abundance-the-lord-is-my-shepherd$/),
      });
  });

  test("the sample card's favourite toggles locally with a toast", async ({ page }) => {
    await page.goto("/sample-card");
    const card = page.locator(SAMPLE);
    await card.getByRole("button", { name: "Add The Lord Is My Shepherd to favorites" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added to Favorites");
    await card.getByRole("button", { name: "Remove The Lord Is My Shepherd from favorites" }).click();
    await expect(page.getByTestId("toast")).toContainText("Removed from Favorites");
  });

  test("toasts can be reached with F8", async ({ page }) => {
    await page.goto("/sample-card");
    await page
      .locator(SAMPLE)
      .getByRole("button", { name: /to favorites/ })
      .click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await page.keyboard.press("F8");
    const region = page.getByRole("region", { name: /Notifications/ });
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });
});
