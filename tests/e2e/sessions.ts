/**
 * Sessions without the sign-in form, for the browser tests' fixtures (fixtures.ts) and global setup
 * (global-setup.ts): the /login form posted through an API request context, as a browser would post it.
 */
import { join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { resendingResets } from "./api-requests";

export type Account = { email: string; password: string };

/** The e2e server seeds this account and lists it in ADMIN_EMAILS (scripts/e2e-server.ts). */
export const ADMIN: Account = { email: "admin@lightcards.local", password: "Light-Admin-2026" };

/**
 * Where global-setup.ts saves the admin's session (cookies) for the run: in the output directory, which
 * Playwright empties before global setup runs, so a session never outlives its server's database.
 */
export function adminSessionFile(outputDir: string): string {
  return join(outputDir, ".auth", "admin.json");
}

/**
 * Posts the /login form through `request` and follows the redirect home (/today for a buyer, the dashboard without
 * access, /admin for the admin), as a browser would (which also takes the "Welcome back!" toast); the request context then holds the
 * lc_session cookie.
 */
export async function postSignIn(
  request: APIRequestContext,
  { email, password }: Account,
  baseURL: string,
  options: { remember?: boolean } = {},
) {
  const response = await resendingResets(request).post("/login", {
    form: { email, password, intent: "password", ...(options.remember ? { rememberMe: "on" } : {}) },
    // A browser's same-origin form post: the app refuses POSTs whose Origin is another site.
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  expect(new URL(response.url()).pathname, `sign-in of ${email} lands home`).toMatch(/^\/(today|dashboard|admin)$/);
}
