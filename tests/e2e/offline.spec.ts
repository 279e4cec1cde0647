import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectHydrated, landingHeading, test } from "./fixtures";

/**
 * The installed app offline (docs/decisions/025-installable-offline.md): the service worker keeps a signed-in buyer's
 * library and every card page once they have visited online, answers any other page with one that says the network
 * is needed, and keeps nothing of the buyer once they have signed out.
 */

type SeedCard = { id: string; title: string; scripture: string; scriptureReferences: unknown };
const cards = JSON.parse(readFileSync("db/seed/cards.json", "utf8")) as SeedCard[];
const cardById = (id: string) => {
  const card = cards.find((candidate) => candidate.id === id);
  if (!card || card.scriptureReferences) throw new Error(`No seeded card ${id} of one verse`);
  return card;
};
/** Never opened in the test before it goes offline: the worker fetched it on its own. One verse, shown whole. */
const UNOPENED = cardById("evening-i-lie-down-in-peace");

/** The worker says, on the page, that it now keeps the collection ("ready") or keeps none ("none"). */
async function expectOfflineCollection(page: Page, state: "ready" | "none") {
  // The worker fetches the 51 pages (and the buyer's recordings) one after another at low priority: the wait is for
  // that, on a machine other test runs share.
  await expect(page.locator("html")).toHaveAttribute("data-offline", state, { timeout: 60_000 });
}

/** The caches that hold one account's pages (service-worker/sw.ts): none, or one. */
function personalCaches(page: Page) {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("lc-personal-")));
}

function offlinePage(page: Page) {
  return page.getByRole("heading", { name: "You're offline", level: 1 });
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

/** A buyer signed in with "Keep me logged in" opens their library online once; the worker then fetches the rest. */
async function openLibraryOnline(page: Page, loginAsBuyer: (email?: string, options?: { remember?: boolean }) => Promise<unknown>) {
  await loginAsBuyer(undefined, { remember: true });
  await page.goto("/cards");
  await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
  await expectOfflineCollection(page, "ready");
}

test.describe("offline, with the service worker @js", () => {
  test.use({ serviceWorkers: "allow" });
  // Each test waits for the worker to fetch 51 pages, on a machine other test runs share.
  test.describe.configure({ timeout: 150_000 });

  test("a visitor's browser downloads nothing for it: no collection asked for, no app files fetched ahead", async ({ page }) => {
    const fetchedByWorker: string[] = [];
    const askedByPage = new Set<string>();
    page.context().on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.serviceWorker()) fetchedByWorker.push(path);
      else askedByPage.add(path);
    });
    const speechCode = page.waitForRequest((request) => /\/build\/_shared\/speech-code-[^/]+\.js$/.test(request.url()));
    await page.goto("/");
    await expect(landingHeading(page)).toBeAttached();
    await expectOfflineCollection(page, "none");
    await speechCode;
    // The worker passes on what the page itself asks for (Speak's code, loaded when the browser is idle); nothing else.
    const ahead = fetchedByWorker.filter((path) => !askedByPage.has(path));
    expect(ahead.filter((path) => path.startsWith("/build/") || path.endsWith("offline-collection.json"))).toEqual([]);
  });

  test("a buyer's library and unopened cards open offline after one visit; a page that needs the network says so; sign-out leaves nothing", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await openLibraryOnline(page, loginAsBuyer);

    await context.setOffline(true);
    await page.goto("/cards");
    await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: UNOPENED.title }).first()).toBeVisible();

    await page.goto(`/cards/${UNOPENED.id}`);
    await expect(page.getByRole("heading", { level: 1, name: UNOPENED.title })).toBeVisible();
    await expect(page.getByText(UNOPENED.scripture).filter({ visible: true }).first()).toBeVisible();

    // Within the app, the router's links still open cached cards offline (it reloads them as documents).
    await page.getByRole("link", { name: "Back to your cards" }).click();
    await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/cards");

    // A page the collection does not hold: the worker's page, never the browser's error page.
    await page.goto("/dashboard");
    await expect(offlinePage(page)).toBeVisible();
    // Its heading is set in the brand's Lora, from the worker's cache: the network is gone.
    const loraFaces = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((face) => face.family.replace(/"/g, "") === "Lora").map((face) => face.status);
      });
    await expect.poll(loraFaces).toEqual(["loaded"]);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "");
    await expect(page.getByRole("link", { name: "Open my cards" })).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(violations, colorScheme).toEqual([]);
    }

    await context.setOffline(false);
    // "Try again" reloads the page it stands in for.
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome back, .+!$/ })).toBeVisible();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(landingHeading(page)).toBeVisible();
    // Signed out, the worker (registered again after Clear-Site-Data removed it) keeps no one's pages.
    await expectOfflineCollection(page, "none");
    expect(await personalCaches(page)).toEqual([]);

    await context.setOffline(true);
    for (const path of ["/cards", `/cards/${UNOPENED.id}`]) {
      await page.goto(path);
      await expect(offlinePage(page)).toBeVisible();
      await expect(page.getByText(UNOPENED.scripture)).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Open my cards" })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  test("a favourite fetches again only the library and that card's page, and the kept card shows it offline", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await openLibraryOnline(page, loginAsBuyer);
    // Every page the worker fetches for keeping from now on (`Purpose: prefetch`), whichever page load's sync fetches it.
    const fetchedByWorker: string[] = [];
    context.on("request", (request) => {
      if (request.serviceWorker() && request.headers().purpose === "prefetch") fetchedByWorker.push(new URL(request.url()).pathname);
    });
    await page.goto(`/cards/${UNOPENED.id}`);
    await page.getByRole("button", { name: `Add ${UNOPENED.title} to favorites` }).click();
    await expect(page.getByText("Added to Favorites").first()).toBeVisible();

    // The next page load syncs the collection (after any sync still running).
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: /^Welcome back, .+!$/ })).toBeVisible();
    await expectOfflineCollection(page, "ready");
    await expect.poll(() => fetchedByWorker, { timeout: 60_000 }).toEqual(["/cards", `/cards/${UNOPENED.id}`]);

    await context.setOffline(true);
    await page.goto(`/cards/${UNOPENED.id}`);
    await expect(page.getByRole("heading", { level: 1, name: UNOPENED.title })).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove ${UNOPENED.title} from favorites` })).toBeVisible();
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });

  test("offline, a favourite is refused with a message and the heart stays as it was; a category's address opens the library filtered", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await openLibraryOnline(page, loginAsBuyer);

    await context.setOffline(true);
    await page.goto(`/cards/${UNOPENED.id}`);
    await expect(page.getByRole("heading", { level: 1, name: UNOPENED.title })).toBeVisible();
    // The refusal is the script's: a tap before hydration posts the form as a page, which needs the network.
    await expectHydrated(page);
    await page.getByRole("button", { name: `Add ${UNOPENED.title} to favorites` }).click();
    await expect(page.getByText("You're offline: favorites need a connection").first()).toBeVisible();
    await expect(page.getByRole("button", { name: `Add ${UNOPENED.title} to favorites` })).toHaveAttribute("aria-pressed", "false");

    // A category's address typed or opened from a bookmark: the kept library, filtered in the browser.
    await page.goto("/cards?category=evening");
    await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: UNOPENED.title }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "The Lord Is My Shepherd" })).toHaveCount(0);

    // Back online, nothing was saved behind the buyer's back: the card is not a favourite.
    await context.setOffline(false);
    await page.goto(`/cards/${UNOPENED.id}`);
    await expect(page.getByRole("button", { name: `Add ${UNOPENED.title} to favorites` })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the browser keeps one account's pages at most: another buyer's sign-in or a lost session drops them", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);

    await openLibraryOnline(page, loginAsBuyer);
    const first = await personalCaches(page);
    expect(first).toHaveLength(1);

    // The same phone, another buyer, without signing the first out.
    await openLibraryOnline(page, loginAsBuyer);
    const second = await personalCaches(page);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);

    // The session ends without a sign-out this browser sees (it expired, or "sign out everywhere" on another device).
    await context.clearCookies();
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await expectOfflineCollection(page, "none");
    expect(await personalCaches(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a sign-in for this browser session only keeps nothing: the next person on the device finds no one's cards offline", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await loginAsBuyer();
    await page.goto("/cards");
    await expect(page.getByRole("heading", { name: "Your Collection", exact: true })).toBeVisible();
    await expectOfflineCollection(page, "none");

    await context.setOffline(true);
    await page.goto("/cards");
    await expect(offlinePage(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Open my cards" })).toHaveCount(0);
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });

  test("a copy whose session marker is gone (cookies cleared, the session expired) never opens offline, and is deleted", async ({
    page,
    context,
    loginAsBuyer,
  }) => {
    const errors = collectErrors(page);
    await openLibraryOnline(page, loginAsBuyer);
    expect(await personalCaches(page)).toHaveLength(1);

    await context.clearCookies({ name: "lc_offline" });
    await context.setOffline(true);
    await page.goto("/cards");
    await expect(offlinePage(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Open my cards" })).toHaveCount(0);
    expect(await personalCaches(page)).toEqual([]);
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
});
