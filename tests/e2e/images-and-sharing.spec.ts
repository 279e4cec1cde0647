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
    const answer = await page.request.get(href, { maxRedirects: 0 });
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
