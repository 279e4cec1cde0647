import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "../support/identities";

/**
 * The newest link in the newest email to `email` (whose link goes to `path`, when given), read from the
 * development outbox. Emails leave after the response, so this waits for the email as a person would.
 */
export async function latestLinkTo(request: APIRequestContext, email: string, path?: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text();
    link = /href="(http[^"]+token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(link, `a link in the outbox for ${email}`).toBeTruthy();
    if (path) expect(new URL(link!).pathname).toBe(path);
  }).toPass({ timeout: 10_000 });
  return link!;
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

export async function signIn(page: Page, email: string, password = PASSWORD, options: { remember?: boolean } = {}) {
  await page.goto("/login");
  await page.getByLabel("Email Address").first().fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Keep me logged in for daily access").check();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Runs SQL against the browser tests' local D1 (the same database wrangler dev serves). */
export async function runSql(sql: string) {
  await promisify(execFile)(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e-state", "--command", sql],
    { env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } },
  );
}

export const test = base;
export { expect };
