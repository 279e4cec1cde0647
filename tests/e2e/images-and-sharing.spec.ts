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
