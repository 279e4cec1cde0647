import { readFile } from "node:fs/promises";
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { E2E_CONTROL_PORT } from "../../scripts/lib/e2e-ports";
import { PASSWORD, uniqueEmail } from "../support/identities";
import { resendingResets } from "./api-requests";
import { type Account, ADMIN, adminSessionFile, postSignIn } from "./sessions";

export { type Account, ADMIN };

/**
 * The newest link in the newest email delivered to `email` (whose link goes to `path`, and whose subject is `subject`,
 * when given), read from the development outbox. Emails go through the queue after the response, so this waits for
 * the email as a person would: until the outbox shows it sent, and no newer mail to the address is still queued.
 */
export async function latestLinkTo(request: APIRequestContext, email: string, path?: string, subject?: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
    // One block per message, newest first.
    const messages = html
      .split('data-testid="outbox-message"')
      .slice(1)
      .filter((block) => !subject || block.includes(`>${subject}</h2>`));
    expect(messages.length, `mail in the outbox for ${email}`).toBeGreaterThan(0);
    expect(
      messages.filter((block) => !block.includes('data-state="sent"')),
      `mail to ${email} still queued`,
    ).toHaveLength(0);
    link = messages
      .map((block) => /href="(http[^"]+token=[^"]+)"/.exec(block)?.[1])
      .find(Boolean)
      ?.replace(/&amp;/g, "&");
    expect(link, `a link in the outbox for ${email}`).toBeTruthy();
    if (path) expect(new URL(link!).pathname).toBe(path);
    // The queue delivers at once in the tests' server (scripts/e2e-server.ts): look again soon, not after a second.
  }).toPass({ intervals: [50, 100, 250], timeout: 10_000 });
  return link!;
}

/**
 * Fires a Cron Trigger (a cron from wrangler.toml) as the platform would: the Worker's scheduled() in the server's
 * workerd, through the test server's control port (scripts/e2e-server.ts), resolving when the handler has finished.
 */
export async function fireSchedule(request: APIRequestContext, cron: string) {
  const fired = await request.get(`http://127.0.0.1:${E2E_CONTROL_PORT}/__scheduled?cron=${encodeURIComponent(cron)}`);
  expect(await fired.text()).toBe("Ran scheduled event: ok");
}

/** Creates and verifies an account through the JSON API (fixtures skip the clicking). */
export async function createVerifiedUser(request: APIRequestContext, email = uniqueEmail("user"), password = PASSWORD) {
  const register = await request.post("/api/auth/register", { data: { email, password, confirmPassword: password } });
  expect(register.status()).toBe(201);
  const token = new URL(await latestLinkTo(request, email)).searchParams.get("token");
  // An API client has no registering-browser cookie: it proves the account's password instead.
  expect((await request.post("/api/auth/verify-email", { data: { token, password } })).status()).toBe(200);
  return { email, password };
}

/**
 * Signs a browser context in without the sign-in form: posts the /login form through the context's own request
 * API, which shares the context's cookies, so the context holds the lc_session cookie (see sessions.ts).
 */
export async function signInContext(context: BrowserContext, account: Account, baseURL: string, options: { remember?: boolean } = {}) {
  await postSignIn(context.request, account, baseURL, options);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain("lc_session");
}

export async function signIn(page: Page, email: string, password = PASSWORD, options: { remember?: boolean } = {}) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
  await page.getByLabel("Email Address").first().fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Keep me logged in for daily access").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Holds back the page's scripts (the app's `/build/` modules) until `release` is called: the window between the first
 * paint and hydration, which lasts until the page has loaded (docs/decisions/032).
 */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Hydrated: React has committed the document, so the script-only controls show (`html[data-hydrated]`, set by
 * HydratedProvider). Remix's router exists a moment earlier, before the first render has committed.
 */
export async function expectHydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/*
 * The browser tests never open the database themselves. wrangler opens the SQLite file from a second process beside
 * the running server, and while it holds a lock the server's own writes fail with SQLITE_BUSY: a sign-in answered 500
 * in CI that way. They observe what a person can see instead (pages, the outbox, /admin); what only the database shows
 * is a Worker test's job.
 */

/** The seeded admin's session cookies, signed in once for the run (global-setup.ts). */
export async function adminCookies(testInfo: TestInfo): Promise<Parameters<BrowserContext["addCookies"]>[0]> {
  const { cookies } = JSON.parse(await readFile(adminSessionFile(testInfo.project.outputDir), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  return cookies;
}

/** The dashboard's own heading ("Welcome back, <first name or email>!"): where an account without access is at home. */
export function dashboardHeading(page: Page) {
  return page.getByRole("heading", { name: /^Welcome back, .+!$/ });
}

/** /today's first step, the heading only the practice has: where a buyer is at home. */
export function todayHeading(page: Page) {
  return page.getByRole("heading", { name: "Listen" });
}

/** A heading only the landing page has (its h1 is A/B-tested copy): "/" has rendered. */
export function landingHeading(page: Page) {
  return page.getByRole("heading", { name: "Frequently Asked Questions" });
}

export const test = base.extend<{
  /** The test's API requests (no browser cookies), each sent again once if its connection is reset (api-requests.ts). */
  request: APIRequestContext;
  /**
   * Signs the test's page in directly (no clicking through the sign-in form) and resolves with the account:
   * `login()` a new verified account, `login(email)` a new verified account with that email, `login(account)`
   * an account that already exists.
   */
  login: (account?: string | Account) => Promise<Account>;
  /** Signs the test's page in as the seeded admin, with the one admin session of the run (global-setup.ts). */
  loginAsAdmin: () => Promise<Account>;
  /**
   * Signs the test's page in as a new verified account (with `email` when given) that has bought the collection (a
   * test-mode payment); `remember`: with "Keep me logged in".
   */
  loginAsBuyer: (email?: string, options?: { remember?: boolean }) => Promise<Account>;
  /**
   * Opens `path` with the page's scripts held back, lets `act` type or turn as a reader can before hydration, then
   * lets the scripts run and resolves once the page has hydrated: what the reader did must still be there and count.
   * Tests that use it are tagged @js.
   */
  beforeHydration: (path: string, act: () => Promise<void>) => Promise<void>;
}>({
  request: async ({ request }, use) => {
    await use(resendingResets(request));
  },
  login: async ({ page, request, baseURL }, use) => {
    await use(async (account) => {
      const signedIn = typeof account === "object" ? account : await createVerifiedUser(request, account ?? uniqueEmail("user"));
      await signInContext(page.context(), signedIn, baseURL!);
      return signedIn;
    });
  },
  loginAsBuyer: async ({ page, request, baseURL }, use) => {
    await use(async (email = uniqueEmail("buyer"), options = {}) => {
      const buyer = await createVerifiedUser(request, email);
      expect((await request.post("/api/mock-payment", { data: { email: buyer.email } })).status()).toBe(200);
      await signInContext(page.context(), buyer, baseURL!, options);
      return buyer;
    });
  },
  beforeHydration: async ({ page }, use) => {
    await use(async (path, act) => {
      const scripts = await holdScripts(page);
      await page.goto(path);
      await act();
      scripts.release();
      await expectHydrated(page);
    });
  },
  loginAsAdmin: async ({ page }, use, testInfo) => {
    await use(async () => {
      await page.context().addCookies(await adminCookies(testInfo));
      return ADMIN;
    });
  },
});
export { expect };
