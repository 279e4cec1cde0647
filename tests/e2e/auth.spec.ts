import type { Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  ADMIN,
  createVerifiedUser,
  dashboardHeading,
  expect,
  landingHeading,
  latestLinkTo,
  signIn,
  signInContext,
  test,
  todayHeading,
} from "./fixtures";

/** Emailed-link pages submit themselves with JavaScript; without it the person presses the one button. */
async function pressLinkButton(page: Page, name: string) {
  if (test.info().project.name === "no-javascript") await page.getByRole("button", { name }).click();
}

test.describe("accounts", () => {
  test("register, open the email from the outbox, verify, sign in, sign out", async ({ page, request }) => {
    const email = uniqueEmail("journey");
    await page.goto("/register");
    await expect(page.getByText(/Your free account opens all \d+ preview cards/)).toBeVisible();
    await expect(page.getByLabel("Send me the daily card by email")).not.toBeChecked();
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByText("Account created successfully!").first()).toBeVisible();

    await page.goto(await latestLinkTo(request, email, "/verify-email"));
    await pressLinkButton(page, "Verify My Email");
    await expect(page.getByRole("heading", { name: "Email Verified!" })).toBeVisible();
    // ... and after 3 seconds goes to sign in.
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible({ timeout: 8000 });
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email);
    await expect(page.getByRole("heading", { name: `Welcome back, ${email}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!").first()).toBeVisible();
    await expect(page.getByText("Preview Mode")).toBeVisible();

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(landingHeading(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });

  test("a buyer signing in lands on the day's practice; an account without access on its dashboard", async ({ page, request }) => {
    const buyer = await createVerifiedUser(request, uniqueEmail("home-buyer"));
    expect((await request.post("/api/mock-payment", { data: { email: buyer.email } })).status()).toBe(200);
    await signIn(page, buyer.email);
    await expect(todayHeading(page)).toBeVisible();
    await expect(page.getByText("Welcome back!").first()).toBeVisible();
    const sections = page.getByRole("navigation", { name: "Account sections" });
    await expect(sections.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(landingHeading(page)).toBeVisible();
    const member = await createVerifiedUser(request, uniqueEmail("home-member"));
    await signIn(page, member.email);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByText("Preview Mode")).toBeVisible();
  });

  test("shows the spec's messages for bad input, without echoing the password", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Email Address").fill(uniqueEmail("short"));
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password", { exact: true }).fill("other");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    // The server never sends a password back (with JavaScript the browser keeps what was typed).
    if (test.info().project.name === "no-javascript") await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm Password", { exact: true }).fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("This password is too common. Please choose another.")).toBeVisible();
  });

  test("a wrong password is refused", async ({ page, request }) => {
    const { email } = await createVerifiedUser(request);
    await signIn(page, email, "Not my password 1");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a buyer who never set a password, trying one, gets the sign-in link in one tap", async ({ page, request }) => {
    const email = uniqueEmail("no-password");
    expect((await request.post("/api/mock-payment", { data: { email } })).status()).toBe(200);
    await signIn(page, email, "A password I never set 1");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password.");
    const offer = page.getByRole("region", { name: "Never set a password?" });
    await expect(offer).toContainText(email);
    await offer.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    await expect(page.getByText(/a sign-in link is on its way/).first()).toBeVisible();
    expect(new URL(await latestLinkTo(request, email, "/login/link", "Your LIGHT Cards sign-in link")).pathname).toBe("/login/link");
  });

  test("an unverified account cannot sign in yet", async ({ page, request }) => {
    const email = uniqueEmail("unverified");
    await request.post("/api/auth/register", { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
    await signIn(page, email);
    await expect(page.getByText("Email verification required").first()).toBeVisible();
    await expect(page.getByText("Please check your email and verify your account before logging in.").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Resend the verification email" })).toBeVisible();
  });

  test("forgot password, reset, sign in with the new one; other sessions end", async ({ page, request, browser, baseURL }) => {
    const account = await createVerifiedUser(request);
    const { email } = account;
    // A second device that is signed in before the reset.
    const otherDevice = await browser.newContext({ javaScriptEnabled: test.info().project.name === "javascript" });
    const otherPage = await otherDevice.newPage();
    await signInContext(otherDevice, account, baseURL!);
    await otherPage.goto("/dashboard");
    await expect(dashboardHeading(otherPage)).toBeVisible();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // With JavaScript the URL changes before the new page renders: wait for the page itself.
    await expect(page.getByRole("heading", { name: "Forgot Your Password?" })).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByText("The link expires in 1 hour.")).toBeVisible();
    await expect(page.getByText("Reset instructions sent").first()).toBeVisible();

    await page.goto(await latestLinkTo(request, email, "/reset-password"));
    await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
    const newPassword = "Evening peace 2026";
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Reset Successful!" })).toBeVisible();
    await expect(page.getByText("Password reset successful!").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible({ timeout: 8000 });
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email, newPassword);
    await expect(page.getByRole("heading", { name: `Welcome back, ${email}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await otherPage.goto("/dashboard");
    await expect(otherPage.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
    await otherDevice.close();
  });

  // An expired link's page is a Worker test (tests/worker/auth-pages.test.ts): making a link expire means writing to
  // the database, which the browser tests never open beside the running server (see fixtures.ts).
  test("a used link shows its state", async ({ page, request }) => {
    const email = uniqueEmail("links");
    await request.post("/api/auth/register", { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
    const link = await latestLinkTo(request, email);
    const token = new URL(link).searchParams.get("token");
    expect((await request.post("/api/auth/verify-email", { data: { token, password: PASSWORD } })).status()).toBe(200);

    await page.goto(link);
    await pressLinkButton(page, "Verify My Email");
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(page.getByText("already been used")).toBeVisible();
  });

  test("'Keep me logged in' gives a 30-day cookie; otherwise it ends with the browser session", async ({ page, request, context }) => {
    const { email } = await createVerifiedUser(request);
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: `Welcome back, ${email}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name === "lc_session");
    expect(sessionCookie?.expires).toBe(-1);
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(sessionCookie?.sameSite).toBe("Lax");

    await context.clearCookies();
    await signIn(page, email, PASSWORD, { remember: true });
    await expect(page.getByRole("heading", { name: `Welcome back, ${email}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const persistent = (await context.cookies()).find((cookie) => cookie.name === "lc_session");
    const days = (persistent!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  test("a rate limit is reached and explained", async ({ page }) => {
    // Forgot-password allows 3 a minute per email. The counter's window is fixed, so a run that
    // straddles a minute boundary may need up to 3 more attempts before the refusal.
    const email = uniqueEmail("limited");
    const refusal = page.getByText(/Too many attempts\. Please wait \d+ seconds and try again\./);
    const sent = page.getByText("The link expires in 1 hour.");
    let refusedAt = 0;
    for (let attempt = 1; attempt <= 7 && !refusedAt; attempt++) {
      await page.goto("/forgot-password");
      await expect(page.getByRole("heading", { name: "Forgot Your Password?" })).toBeVisible();
      await page.getByLabel("Email Address").fill(email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(refusal.or(sent)).toBeVisible();
      if (await refusal.isVisible()) refusedAt = attempt;
    }
    expect(refusedAt).toBeGreaterThanOrEqual(4);
  });

  test("a visitor opening the dashboard signs in and comes back to it", async ({ page, request }) => {
    const { email } = await createVerifiedUser(request);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome Back", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
    await page.getByLabel("Email Address").first().fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Welcome back, ${email}!` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the local admin that npm start prints can sign in, and lands on /admin", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole("heading", { name: "Admin", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("main").getByText(ADMIN.email, { exact: true }).first()).toBeVisible();
  });
});

test.describe("accounts with JavaScript @js", () => {
  test("validates in the browser before submitting, and toggles password visibility", async ({ page }) => {
    await page.goto("/register");
    // The script-only controls appear once the app runs (its scripts start after the page has loaded).
    await expect(page.getByRole("button", { name: "Show password" }).first()).toBeVisible();
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret words 2026");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });
});

test.describe("the browser's time zone @js", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("a visitor's pages leave it alone; a signed-in page tells the server (lc_tz)", async ({ page, login }) => {
    const zoneCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === "lc_tz")?.value;

    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    // The Speak buttons appear once the app has hydrated and run its effects, the root's among them.
    await expect(page.getByRole("button", { name: "Speak" }).first()).toBeVisible();
    expect(await zoneCookie()).toBeUndefined();

    await login();
    await page.goto("/dashboard");
    await expect(dashboardHeading(page)).toBeVisible();
    await expect.poll(zoneCookie).toBe(encodeURIComponent("Europe/Paris"));
  });
});

test.describe("a sign-in link planted in someone else's browser", () => {
  test("asks 'Sign in as <address>?' instead of signing in by itself, and never leads on to the planter's checkout", async ({
    page,
    request,
    baseURL,
  }) => {
    // The planter asks for a link to their own account, bound for the checkout, from their own browser...
    const planter = await createVerifiedUser(request, uniqueEmail("planter"));
    const asked = await request.post("/login?redirectTo=%2Fcheckout", {
      form: { intent: "link", email: planter.email, redirectTo: "/checkout" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(asked.status()).toBe(302);
    const link = await latestLinkTo(request, planter.email, "/login/link", "Your LIGHT Cards sign-in link");
    expect(new URL(link).searchParams.get("redirectTo")).toBe("/checkout");

    // ...and gets a signed-out victim to open it.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(page.getByText(`Sign in as ${planter.email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(dashboardHeading(page)).toBeVisible();
  });
});
