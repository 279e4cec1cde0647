import { resendingResets } from "./api-requests";
import { expect, test } from "./fixtures";

/** Card images and share pages, with JavaScript and without. */

test.describe("card images", () => {
  test("a buyer downloads a card as a PNG in the style they pick", async ({ page, loginAsBuyer }) => {
    await loginAsBuyer();
    const title = "His Song in the Night";
    await page.goto("/cards/evening-his-song-in-the-night");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const javaScript = test.info().project.name === "javascript";
    // With JavaScript the download is the script's (it toasts); its Speak button shows it is running.
    if (javaScript) await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await page.getByLabel(`Download ${title} as an image`).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Modern PNG" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("evening-his-song-in-the-night-modern.png");
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    if (javaScript) await expect(page.getByTestId("toast").getByText("Downloaded!")).toBeVisible();
  });
});

test.describe("the image menu on a phone (390x844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const cardId = "evening-his-song-in-the-night";
  const title = "His Song in the Night";

  test("lists the four styles and the phone wallpaper, each with its thumbnail, fetched only when the menu opens", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer();
    const thumbnails: { url: string; status: number; type: string | null }[] = [];
    page.on("response", (response) => {
      if (response.url().includes("size=thumb")) {
        thumbnails.push({ url: response.url(), status: response.status(), type: response.headers()["content-type"] ?? null });
      }
    });
    await page.goto(`/cards/${cardId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // A closed menu costs nothing: no thumbnail is fetched with the page (the page's own images are, meanwhile).
    if (test.info().project.name === "javascript") await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await page.waitForLoadState("load");
    expect(thumbnails).toEqual([]);

    await page.getByLabel(`Download ${title} as an image`).click();
    const items = page.getByTestId("image-menu-items").getByRole("link");
    await expect(items).toHaveText(["Elegant", "Modern", "Peaceful", "Warm", "Phone wallpaper1080 × 1920"]);
    // Each item's picture is fetched once the menu opens: a small PNG, one per item.
    await expect.poll(() => thumbnails.length).toBe(5);
    for (const thumbnail of thumbnails) expect(thumbnail).toMatchObject({ status: 200, type: "image/png" });
    for (const item of await items.all()) {
      // A fixed 48 px tall picture beside the name, hidden from screen readers (the name says it).
      const picture = item.locator("[data-thumbnail]");
      await expect(picture).toHaveAttribute("aria-hidden", "true");
      expect((await picture.boundingBox())?.height).toBe(48);
    }

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Phone wallpaper PNG (1080x1920)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${cardId}-elegant-wallpaper.png`);
    const bytes = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    // The PNG's IHDR: 1080 wide, 1920 tall.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1080, 1920]);
  });

  test("Share image hands the wallpaper to the system share sheet where the browser can share files @js", async ({
    page,
    loginAsBuyer,
  }) => {
    await loginAsBuyer();
    // Headless Chromium has no share sheet: stand in for the browser's, recording what it is given.
    await page.addInitScript(() => {
      const shared: { name: string; type: string; size: number }[] = [];
      Object.assign(window, { sharedFiles: shared });
      Object.defineProperty(navigator, "canShare", { value: (data: { files?: File[] }) => Boolean(data.files?.length) });
      Object.defineProperty(navigator, "share", {
        value: async (data: { files: File[] }) => {
          for (const file of data.files) shared.push({ name: file.name, type: file.type, size: file.size });
        },
      });
    });
    await page.goto(`/cards/${cardId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await page.getByLabel(`Download ${title} as an image`).click();
    await page.getByRole("link", { name: "Share image" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: { name: string; type: string; size: number }[] }).sharedFiles))
      .toEqual([{ name: `${cardId}-elegant-wallpaper.png`, type: "image/png", size: expect.any(Number) }]);
  });
});

test.describe("share pages", () => {
  test("a shared preview card opens for anyone, with the call to buy", async ({ page }) => {
    await page.goto("/share/abundance-the-lord-is-my-shepherd");
    await expect(page.getByRole("heading", { level: 1, name: "The Lord Is My Shepherd" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who LIGHT Cards is for" })).toBeVisible();
    await page.getByRole("link", { name: /^Get the whole collection/ }).click();
    await expect(page.getByRole("heading", { name: "Get Full Access" })).toBeVisible();
  });
});

test.describe("sharing a paid card", () => {
  const title = "Show Me the Way";
  const cardId = "morning-show-me-the-way";

  test("a buyer's WhatsApp link carries a link signed as they share, which opens the card for a friend", async ({ page, loginAsBuyer }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await loginAsBuyer();
    await page.goto(`/cards/${cardId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByLabel(`Share ${title}`).first().click();
    const whatsApp = page.getByRole("link", { name: "Share on WhatsApp" }).first();
    await expect(whatsApp).toBeVisible();
    // The page signs nothing as it renders: the link asks for one when followed.
    const href = (await whatsApp.getAttribute("href")) ?? "";
    expect(href).toBe(`/share-link/${cardId}?via=whatsapp`);
    const answer = await resendingResets(page.request).get(href, { maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    const text = new URL(answer.headers().location ?? "").searchParams.get("text") ?? "";
    const link = /https?:\/\/\S+$/.exec(text)?.[0] ?? "";
    expect(link).toContain(`/share/${cardId}?t=`);

    // The friend has no account.
    await page.context().clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Someone shared a LIGHT Card with you")).toBeVisible();
  });

  test("copying a paid card as text copies a link signed for the buyer @js", async ({ page, context, loginAsBuyer }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await loginAsBuyer();
    await page.goto(`/cards/${cardId}`);
    await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    await page.getByLabel(`Share ${title}`).first().click();
    await page.getByRole("button", { name: "Copy as text" }).first().click();
    await expect(page.getByTestId("toast")).toContainText("Copied!");
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toMatch(new RegExp(`/share/${cardId}\\?t=[a-z0-9]+\\.[0-9a-f-]{36}\\.[A-Za-z0-9_-]{22}$`));
  });
});
