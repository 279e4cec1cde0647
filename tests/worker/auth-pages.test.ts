import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fakeResend } from "../fakes/resend";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  createVerifiedUser,
  expectConsoleError,
  expectRedirect,
  fetchApp,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  PRODUCTION,
  postForm,
  postJson,
  visibleText,
} from "./helpers";

async function signInForm(email: string, extra: Record<string, string> = {}) {
  return postForm("/login", { email, password: PASSWORD, intent: "password", ...extra });
}

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, a browser-session cookie without 'Keep me logged in'", async () => {
    const { email } = await createVerifiedUser();
    const response = await signInForm(email);
    expectRedirect(response, "/dashboard", 302);
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    // Plain http on localhost is the one place without Secure.
    expect(setCookie).not.toMatch(/Secure/i);
    const session = await env.DB.prepare("SELECT expires_at FROM sessions ORDER BY created_at DESC LIMIT 1").first<{
      expires_at: number;
    }>();
    expect(session!.expires_at - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(session!.expires_at - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("lasts 30 days with 'Keep me logged in', and is Secure over https", async () => {
    const { email } = await createVerifiedUser();
    const response = await fetchApp("https://lightcards.app/login", {
      method: "POST",
      headers: { Origin: "https://lightcards.app", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD, rememberMe: "on", intent: "password" }).toString(),
    });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_session="))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(29.9 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(setCookie).toMatch(/; Secure/i);
  });

  it("renews a persistent session when it is used", async () => {
    const { email } = await createVerifiedUser();
    const cookie = cookieFrom(await signInForm(email, { rememberMe: "on" }), "lc_session");
    const twoDaysAgo = Date.now() - 2 * 24 * 3600_000;
    await env.DB.prepare("UPDATE sessions SET last_used_at = ?, expires_at = ? WHERE persistent = 1")
      .bind(twoDaysAgo, twoDaysAgo + 30 * 24 * 3600_000)
      .run();

    const response = await fetchApp("/dashboard", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const renewed = response.headers.getSetCookie().find((value) => value.startsWith("lc_session="));
    expect(renewed).toMatch(/Max-Age=259\d{4}/);
    const row = await env.DB.prepare("SELECT expires_at FROM sessions WHERE persistent = 1 ORDER BY last_used_at DESC LIMIT 1").first<{
      expires_at: number;
    }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29.9 * 24 * 3600_000);
  });

  it("logout deletes the server session and clears the cookie", async () => {
    const { email } = await createVerifiedUser();
    const cookie = cookieFrom(await signInForm(email), "lc_session");
    const response = await postForm("/logout", {}, { cookie });
    expectRedirect(response, "/");
    expect(response.headers.getSetCookie().find((value) => value.startsWith("lc_session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // The old cookie no longer opens the dashboard.
    expectRedirect(await fetchApp("/dashboard", { headers: { Cookie: cookie } }), "/login?redirectTo=%2Fdashboard");
  });

  it("'Sign out of all devices' ends every session of the account", async () => {
    const { email } = await createVerifiedUser();
    const laptop = cookieFrom(await signInForm(email), "lc_session");
    const phone = cookieFrom(await signInForm(email), "lc_session");
    expectRedirect(await postForm("/settings", { intent: "sign-out-everywhere" }, { cookie: laptop }), "/login");
    expectRedirect(await fetchApp("/dashboard", { headers: { Cookie: phone } }), "/login?redirectTo=%2Fdashboard");
  });
});

describe("protected pages and redirects", () => {
  it("sends a visitor to /login with the page to come back to", async () => {
    expectRedirect(await fetchApp("/dashboard"), "/login?redirectTo=%2Fdashboard", 302);
  });

  it("returns to a same-site redirectTo after sign-in", async () => {
    const { email } = await createVerifiedUser();
    expectRedirect(await signInForm(email, { redirectTo: "/sample-card?from=login" }), "/sample-card?from=login");
  });

  it("never redirects to another site (no open redirect)", async () => {
    for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const { email } = await createVerifiedUser();
      expectRedirect(await signInForm(email, { redirectTo: target }), "/dashboard");
    }
    const page = await (await fetchApp("/login?redirectTo=https%3A%2F%2Fevil.example")).text();
    expect(page).toContain('name="redirectTo" value="/today"');
  });

  it("greets the user on the dashboard with the header the spec describes", async () => {
    const { email } = await createVerifiedUser();
    const cookie = cookieFrom(await signInForm(email), "lc_session");
    expectRedirect(await postForm("/settings", { intent: "profile", firstName: "Grace", lastName: "Hopper" }, { cookie }), "/settings");
    const html = await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text();
    const text = visibleText(html);
    expect(text).toContain("Welcome back, Grace!");
    expect(html).toMatch(/data-testid="avatar"[^>]*>GH</);
    expect(text).toContain(email);
    expect(text).toContain("Preview Mode");
    expect(text).toMatch(/Unlock All \d+ Affirmation Cards/);
    expect(text).toMatch(/Preview \d+ of \d+ available cards/);
  });
});

describe("pages answer bad input with messages, and link pages need a POST", () => {
  it("shows the spec's messages on the register form (400), passwords never echoed", async () => {
    const response = await postForm("/register", { email: uniqueEmail(), password: "short", confirmPassword: "different" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Password must be at least 8 characters long");
    expect(html).not.toContain('value="short"');
  });

  it("does not verify an email on GET (mail scanners prefetch links)", async () => {
    const email = uniqueEmail("scanner");
    const registered = await postForm("/register", { email, password: PASSWORD, confirmPassword: PASSWORD });
    const registeringBrowser = cookieFrom(registered, "lc_registered");
    const { link, token } = await latestEmailTo(email);
    const page = await fetchApp(new URL(link!).pathname + new URL(link!).search, { headers: { Cookie: registeringBrowser } });
    expect(page.status).toBe(200);
    const row = await env.DB.prepare("SELECT email_verified FROM users WHERE email = ?").bind(email).first<{ email_verified: number }>();
    expect(row!.email_verified).toBe(0);

    const verified = await postForm("/verify-email", { token: token! }, { cookie: registeringBrowser });
    expect(verified.status).toBe(200);
    expect(verified.headers.get("Refresh")).toBe("3; url=/login");
    expect(visibleText(await verified.text())).toContain("Email Verified!");
  });

  it("shows 'No verification token found' without a token and 'Invalid Reset Link' without a reset token", async () => {
    expect(visibleText(await (await fetchApp("/verify-email")).text())).toContain("No verification token found");
    expect(visibleText(await (await fetchApp("/reset-password")).text())).toContain("Invalid Reset Link");
  });

  it("an expired reset link says so on the page (410) and offers a new one", async () => {
    const { email } = await createVerifiedUser();
    await postForm("/forgot-password", { email });
    const { link, token } = await latestEmailTo(email);
    await env.DB.prepare(
      "UPDATE one_time_tokens SET expires_at = ? WHERE purpose = 'reset_password' AND user_id = (SELECT id FROM users WHERE email = ?)",
    )
      .bind(Date.now() - 1, email)
      .run();
    // The form posts back to the page the link opened, token and all.
    const { pathname, search } = new URL(link!);
    const response = await postForm(pathname + search, {
      token: token!,
      password: "Fresh start 2026",
      confirmPassword: "Fresh start 2026",
    });
    expect(response.status).toBe(410);
    const text = visibleText(await response.text());
    expect(text).toContain("This reset link has expired. Reset links are valid for 1 hour.");
    expect(text).toContain("Request a new reset link");
    // The old password still works: nothing was changed by the refused link.
    expectRedirect(await signInForm(email), "/dashboard", 302);
  });

  it("signs a passwordless buyer in with an emailed link, once", async () => {
    const { email } = await createVerifiedUser();
    expectRedirect(await postForm("/login", { intent: "link", email }), "/login?redirectTo=%2Ftoday");
    const { token, link } = await latestEmailTo(email);
    expect(link).toContain("/login/link?token=");
    // Opening the link shows its own page (the account it opens, one button), not the sign-in form, and uses nothing up.
    const opened = visibleText(await (await fetchApp(new URL(link!).pathname + new URL(link!).search)).text());
    expect(opened).toContain(`Sign in as ${email}?`);
    expect(opened).not.toContain("Keep me logged in");
    const response = await postForm("/login/link", { token: token!, redirectTo: "/dashboard" });
    expectRedirect(response, "/dashboard");
    expect(cookieFrom(response, "lc_session")).toMatch(/^lc_session=/);
    expect((await postForm("/login/link", { token: token! })).status).toBe(400);
  });

  it("a sign-in link to an account nobody verified drops the password its registrant set", async () => {
    const email = uniqueEmail("squatted");
    const squatterPassword = "Squatter words 2026";
    await postJson("/api/auth/register", { email, password: squatterPassword, confirmPassword: squatterPassword });
    await postForm("/login", { intent: "link", email });
    const { token, link } = await latestEmailTo(email);
    expect(link).toContain("/login/link?token=");
    expectRedirect(await postForm("/login/link", { token: token! }), "/dashboard");
    expect((await postJson("/api/auth/login", { email, password: squatterPassword })).status).toBe(401);
  });

  it("rejects a filled honeypot with 400 and creates nothing", async () => {
    const email = uniqueEmail("bot");
    const response = await postForm("/register", { email, password: PASSWORD, confirmPassword: PASSWORD, website: "http://spam" });
    expect(response.status).toBe(400);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("answers a page rate limit with 429, Retry-After and a readable message", async () => {
    const email = uniqueEmail("flood");
    let last: Response | undefined;
    for (let attempt = 1; attempt <= 4; attempt++) last = await postForm("/forgot-password", { email });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await last!.text())).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
  });
});

describe("security headers and cross-origin requests", () => {
  // A public page served from the edge cache allows its scripts by hash instead: tests/worker/edge-cache.test.ts.
  it("sends a nonce-based CSP and the other security headers on every response", async () => {
    // A visitor's /api/cards is a shared answer of the edge cache (022): a policy that allows no script at all.
    const sharedAnswer = (await fetchApp("/api/cards")).headers.get("Content-Security-Policy")!;
    expect(sharedAnswer).toMatch(/script-src 'self'; /);
    for (const path of ["/cards", "/api/cards", "/api/auth/me", "/no-such-page"]) {
      const response = await fetchApp(path, path === "/api/cards" ? { headers: { Authorization: "Bearer not-a-token" } } : undefined);
      const csp = response.headers.get("Content-Security-Policy")!;
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{20,}'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    }
    const response = await fetchApp("/cards");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy")!)![1]!;
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("refuses state-changing requests from another origin", async () => {
    const { email } = await createVerifiedUser();
    const page = await postForm("/login", { email, password: PASSWORD }, { origin: "https://evil.example" });
    expect(page.status).toBe(403);
    const api = await fetchApp("/api/auth/login", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Cross-origin requests are not allowed." });
    const stripped = await fetchApp("/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(stripped.status).toBe(403);
    // The same form from our own origin works.
    expect((await postForm("/login", { email, password: PASSWORD, intent: "password" }, { origin: ORIGIN })).status).toBe(302);
  });
});

describe("development-only pages", () => {
  it("/dev/outbox shows sent mail in development and does not exist in production", async () => {
    const { email } = await createVerifiedUser();
    expect(visibleText(await (await fetchApp(`/dev/outbox?to=${encodeURIComponent(email)}`)).text())).toContain("Verify your email");
    expect((await fetchAppWithEnv(PRODUCTION, "/dev/outbox")).status).toBe(404);
  });

  it("in production without an email key, answers as for any email and logs the undelivered mail loudly", async () => {
    const { email } = await createVerifiedUser();
    const response = await fetchAppWithEnv(PRODUCTION, "/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    // A 503 here, and only for existing accounts, told strangers which emails have one.
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "If an account exists for this email, you will receive a reset link.",
    });
    // The queue retried it, then dead-lettered it: one error, and /admin lists it as failed (tests/worker/email-queue.test.ts).
    expectConsoleError(/\(Reset your LIGHT Cards password\) failed after 5 attempts: RESEND_API_KEY is not configured/);
  });

  it("in production sends mail through Resend (faked at the fetch boundary)", async () => {
    const { email } = await createVerifiedUser();
    const resend = fakeResend(() => Response.json({ id: "email_1" }));
    const response = await fetchAppWithEnv({ ...PRODUCTION, RESEND_API_KEY: "re_test_key" }, "/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    resend.stop();
    const { sent } = resend;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe("Bearer re_test_key");
    expect(sent[0]!.url).toBe("https://api.resend.com/emails");
    expect(sent[0]!.body.to).toEqual([email]);
    expect(sent[0]!.body.text).toContain(`${env.APP_ORIGIN}/reset-password?token=`);
    expect(sent[0]!.body.html).toContain("LIGHT Cards");
    // One key per outbox row, so a redelivered message cannot send it twice.
    expect(sent[0]!.idempotencyKey).toMatch(/^light-cards-outbox-[0-9a-f-]{36}$/);
  });
});
