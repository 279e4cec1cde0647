import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import type { FetchHandler } from "../fakes/fetch";
import { base64url, fakeIdToken, fakeOAuth, OAUTH_ENV } from "../fakes/oauth";
import { uniqueEmail } from "../support/identities";
import {
  consoleErrors,
  cookieFrom,
  createVerifiedUser,
  expectRedirect,
  fetchApp,
  fetchAppWithEnv,
  ORIGIN,
  postJson,
  visibleText,
} from "./helpers";
import { db } from "./library-support";

function withOAuth(path: string, init?: RequestInit) {
  return fetchAppWithEnv(OAUTH_ENV, path, init);
}

/** Presses "Continue with <provider>": a same-origin form POST. */
function startFlow(provider: "google" | "github", redirectTo = "/dashboard") {
  return withOAuth(`/auth/${provider}`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ redirectTo }).toString(),
  });
}

/** Starts a flow; returns the cookie to send back and the state the provider would echo. */
async function begin(provider: "google" | "github", redirectTo = "/dashboard") {
  const response = await startFlow(provider, redirectTo);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { cookie: cookieFrom(response, "lc_oauth"), state: location.searchParams.get("state")!, location };
}

function callback(provider: "google" | "github", query: Record<string, string>, cookie?: string) {
  return withOAuth(`/auth/${provider}/callback?${new URLSearchParams(query)}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** Fakes the provider hosts only (tests/fakes/oauth.ts; everything else goes through) while `run` runs. */
async function withProviders<T>(handler: FetchHandler, run: (requests: Request[]) => Promise<T>): Promise<T> {
  const providers = fakeOAuth(handler);
  try {
    return await run(providers.requests);
  } finally {
    providers.stop();
  }
}

/** A form-encoded request body (read as bytes: workerd warns when .text() meets a non-text Content-Type). */
async function formBody(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
}

async function countUsers(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)").bind(email).first<{ n: number }>();
  return row?.n ?? 0;
}

function sessionCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((value) => value.startsWith("lc_session="));
}

describe("starting a sign-in with a provider", () => {
  it("POST /auth/google redirects to Google with state, S256 PKCE, the callback URL and a flow cookie", async () => {
    const response = await startFlow("google", "/sample-card");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe("g-id");
    expect(location.searchParams.get("redirect_uri")).toBe(`${env.APP_ORIGIN}/auth/google/callback`);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{40,}$/);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");

    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("lc_oauth="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/auth(;|$)/);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(setCookie).not.toMatch(/Secure/i); // plain-http localhost only
  });

  it("POST /auth/github redirects to GitHub's authorize URL with PKCE and the GitHub scopes", async () => {
    const { location } = await begin("github");
    expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(location.searchParams.get("client_id")).toBe("gh-id");
    expect(location.searchParams.get("redirect_uri")).toBe(`${env.APP_ORIGIN}/auth/github/callback`);
    expect(location.searchParams.get("scope")).toBe("read:user user:email");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toBeTruthy();
  });

  it("GET /auth/google starts nothing and goes to /login", async () => {
    const response = await withOAuth("/auth/google");
    expectRedirect(response, "/login");
    expect(response.headers.getSetCookie().some((value) => value.startsWith("lc_oauth="))).toBe(false);
  });

  it("an unconfigured provider is a 404 and /login shows no buttons; configured, /login and /register show both", async () => {
    const unconfigured = await fetchApp("/auth/google", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2Fdashboard",
    });
    expect(unconfigured.status).toBe(404);
    // Only an id is not enough: the secret is needed too.
    const idOnly = await fetchAppWithEnv({ GITHUB_CLIENT_ID: "gh-id" }, "/auth/github", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2Fdashboard",
    });
    expect(idOnly.status).toBe(404);
    expect(
      (
        await withOAuth("/auth/twitter", {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        })
      ).status,
    ).toBe(404);

    const plain = visibleText(await (await fetchApp("/login")).text());
    expect(plain).not.toContain("Continue with Google");
    expect(plain).not.toContain("Continue with GitHub");

    const loginHtml = await (await withOAuth("/login?redirectTo=%2Fsample-card")).text();
    expect(visibleText(loginHtml)).toContain("Continue with Google");
    expect(visibleText(loginHtml)).toContain("Continue with GitHub");
    expect(loginHtml).toContain('action="/auth/google"');
    expect(loginHtml).toContain('action="/auth/github"');
    expect(loginHtml).toContain('name="redirectTo" value="/sample-card"');

    const registerText = visibleText(await (await withOAuth("/register")).text());
    expect(registerText).toContain("Continue with Google");
    expect(registerText).toContain("Continue with GitHub");
  });

  it("refuses a cross-origin POST", async () => {
    const response = await withOAuth("/auth/google", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2Fdashboard",
    });
    expect(response.status).toBe(403);
  });
});

describe("the provider's callback", () => {
  it("refuses a state that does not match the cookie: 400, no session, no account", async () => {
    const { cookie } = await begin("google");
    const email = uniqueEmail("mismatch");
    await withProviders(
      () =>
        Response.json({
          access_token: "at",
          token_type: "Bearer",
          expires_in: 3600,
          id_token: fakeIdToken({ email, email_verified: true }),
        }),
      async (requests) => {
        const response = await callback("google", { code: "c0de", state: "forged-state" }, cookie);
        expect(response.status).toBe(400);
        expect(sessionCookieOf(response)).toBeUndefined();
        expect(visibleText(await response.text())).toContain("could not be completed");
        expect(requests).toHaveLength(0); // the code was never exchanged
      },
    );
    expect(await countUsers(email)).toBe(0);
  });

  it("refuses a callback without the flow cookie (400), and one whose cookie belongs to the other provider", async () => {
    const { state } = await begin("google");
    const noCookie = await callback("google", { code: "c0de", state });
    expect(noCookie.status).toBe(400);
    expect(sessionCookieOf(noCookie)).toBeUndefined();
    const text = visibleText(await noCookie.text());
    expect(text).toContain("could not be completed");
    expect(text).toContain("Back to Sign In");

    const github = await begin("github");
    const crossed = await callback("google", { code: "c0de", state: github.state }, github.cookie);
    expect(crossed.status).toBe(400);
    expect(sessionCookieOf(crossed)).toBeUndefined();
    expect(visibleText(await crossed.text())).toContain("could not be completed");
  });

  it("refuses a tampered flow cookie", async () => {
    const { cookie, state } = await begin("google");
    const tampered = cookie.replace(/=(.)/, (_, first: string) => `=${first === "e" ? "f" : "e"}`);
    expect(tampered).not.toBe(cookie);
    await withProviders(
      () => Response.json({ error: "unexpected" }, { status: 500 }),
      async (requests) => {
        const response = await callback("google", { code: "c0de", state }, tampered);
        expect(response.status).toBe(400);
        expect(visibleText(await response.text())).toContain("could not be completed");
        expect(requests).toHaveLength(0);
      },
    );
  });

  it("Google: a new verified email creates a password-less, verified account and signs it in", async () => {
    const email = uniqueEmail("google-new");
    const { cookie, state, location } = await begin("google", "/sample-card?from=google");
    const challenge = location.searchParams.get("code_challenge")!;

    const response = await withProviders(
      (request) => {
        expect(request.url).toBe("https://oauth2.googleapis.com/token");
        return Response.json({
          access_token: "google-access-token",
          token_type: "Bearer",
          expires_in: 3599,
          id_token: fakeIdToken({
            email,
            email_verified: true,
            given_name: "Ada Mary",
            family_name: "Lovelace",
            name: "Ada Mary Lovelace",
          }),
        });
      },
      async (requests) => {
        const response = await callback("google", { code: "google-code", state }, cookie);
        expect(requests).toHaveLength(1);
        const body = await formBody(requests[0]!);
        expect(body.get("grant_type")).toBe("authorization_code");
        expect(body.get("code")).toBe("google-code");
        expect(body.get("redirect_uri")).toBe(`${env.APP_ORIGIN}/auth/google/callback`);
        // The verifier sent matches the challenge of the authorization URL (S256).
        const verifier = body.get("code_verifier")!;
        expect(verifier).toMatch(/^[\w-]{43}$/);
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
        expect(base64url(String.fromCharCode(...digest))).toBe(challenge);
        expect(requests[0]!.headers.get("Authorization")).toBe(`Basic ${btoa("g-id:g-secret")}`);
        return response;
      },
    );

    expectRedirect(response, "/sample-card?from=google", 302);
    const session = cookieFrom(response, "lc_session");
    expect(response.headers.getSetCookie().find((value) => value.startsWith("lc_oauth="))).toMatch(/Max-Age=0/i);

    const row = await env.DB.prepare("SELECT id, email_verified, password_hash, first_name, last_name FROM users WHERE email = ?")
      .bind(email)
      .first<{ id: string; email_verified: number; password_hash: string | null; first_name: string | null; last_name: string | null }>();
    expect(row).not.toBeNull();
    expect(row!.email_verified).toBe(1);
    expect(row!.password_hash).toBeNull();
    expect(row!.first_name).toBe("Ada Mary");
    expect(row!.last_name).toBe("Lovelace");

    // The session works.
    expect((await fetchApp("/dashboard", { headers: { Cookie: session } })).status).toBe(200);
  });

  it("Google: an email that already has an account signs into that account (case-insensitive), no second account", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("google-existing"));
    const { id } = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!;
    const { cookie, state } = await begin("google");

    const response = await withProviders(
      () =>
        Response.json({
          access_token: "at",
          token_type: "Bearer",
          expires_in: 3599,
          id_token: fakeIdToken({ email: email.toUpperCase(), email_verified: true, given_name: "Someone" }),
        }),
      () => callback("google", { code: "c0de", state }, cookie),
    );
    expectRedirect(response, "/dashboard", 302);
    const session = cookieFrom(response, "lc_session");
    expect(await countUsers(email)).toBe(1);
    const newest = await env.DB.prepare("SELECT user_id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1").first<{
      user_id: string;
    }>();
    expect(newest!.user_id).toBe(id);
    expect(visibleText(await (await fetchApp("/dashboard", { headers: { Cookie: session } })).text())).toContain(email);
  });

  it("lands a buyer on /today and an account without access on its dashboard (the sign-in buttons' default)", async () => {
    const buyerEmail = (await createVerifiedUser(uniqueEmail("google-buyer"))).email;
    await grantAccessByEmail(db, { email: buyerEmail, actor: { userId: null, email: "tests" }, reason: "oauth tests" });
    const { email: memberEmail } = await createVerifiedUser(uniqueEmail("google-member"));
    for (const [email, landing] of [
      [buyerEmail, "/today"],
      [memberEmail, "/dashboard"],
    ] as const) {
      const { cookie, state } = await begin("google", "/today");
      const response = await withProviders(
        () =>
          Response.json({
            access_token: "at",
            token_type: "Bearer",
            expires_in: 3599,
            id_token: fakeIdToken({ email, email_verified: true }),
          }),
        () => callback("google", { code: "c0de", state }, cookie),
      );
      expectRedirect(response, landing, 302);
    }
  });

  it("Google: an account someone registered but never verified loses that password when the mailbox owner signs in", async () => {
    // A squatter registers the victim's email with their own password and never verifies it.
    const email = uniqueEmail("squatted");
    const squatterPassword = "Squatter words 2026";
    await postJson("/api/auth/register", { email, password: squatterPassword, confirmPassword: squatterPassword });
    const { cookie, state } = await begin("google");
    const response = await withProviders(
      () =>
        Response.json({
          access_token: "at",
          token_type: "Bearer",
          expires_in: 3599,
          id_token: fakeIdToken({ email, email_verified: true }),
        }),
      () => callback("google", { code: "c0de", state }, cookie),
    );
    expectRedirect(response, "/dashboard", 302);
    // The squatter's password no longer opens the (now verified) account.
    expect((await postJson("/api/auth/login", { email, password: squatterPassword })).status).toBe(401);
  });

  it("Google: an unverified email is refused with 400 and no account", async () => {
    const email = uniqueEmail("google-unverified");
    const { cookie, state } = await begin("google");
    const response = await withProviders(
      () =>
        Response.json({
          access_token: "at",
          token_type: "Bearer",
          expires_in: 3599,
          id_token: fakeIdToken({ email, email_verified: false }),
        }),
      () => callback("google", { code: "c0de", state }, cookie),
    );
    expect(response.status).toBe(400);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(visibleText(await response.text())).toContain("Your Google account has no verified email address.");
    expect(await countUsers(email)).toBe(0);
  });

  it("GitHub: signs in with the primary verified email from /user/emails", async () => {
    const primary = uniqueEmail("gh-primary");
    const secondary = uniqueEmail("gh-secondary");
    const unverified = uniqueEmail("gh-unverified");
    const { cookie, state } = await begin("github", "/cards");

    const response = await withProviders(
      (request) => {
        const url = new URL(request.url);
        if (url.href === "https://github.com/login/oauth/access_token") {
          return Response.json({ access_token: "gho_test", token_type: "bearer", scope: "read:user,user:email" });
        }
        expect(request.headers.get("Authorization")).toBe("Bearer gho_test");
        expect(request.headers.get("User-Agent")).toBe("LIGHT Cards");
        if (url.href === "https://api.github.com/user/emails") {
          return Response.json([
            { email: unverified, primary: false, verified: false, visibility: null },
            { email: secondary, primary: false, verified: true, visibility: null },
            { email: primary, primary: true, verified: true, visibility: "public" },
          ]);
        }
        if (url.href === "https://api.github.com/user") return Response.json({ login: "octo", name: "Grace Hopper" });
        return new Response("unexpected", { status: 500 });
      },
      async (requests) => {
        const response = await callback("github", { code: "gh-code", state }, cookie);
        const tokenRequest = requests.find((request) => request.url === "https://github.com/login/oauth/access_token")!;
        const body = await formBody(tokenRequest);
        expect(body.get("code")).toBe("gh-code");
        expect(body.get("code_verifier")).toMatch(/^[\w-]{43}$/);
        expect(tokenRequest.headers.get("Authorization")).toBe(`Basic ${btoa("gh-id:gh-secret")}`);
        return response;
      },
    );

    expectRedirect(response, "/cards", 302);
    cookieFrom(response, "lc_session");
    const row = await env.DB.prepare("SELECT email_verified, password_hash, first_name, last_name FROM users WHERE email = ?")
      .bind(primary)
      .first<{ email_verified: number; password_hash: string | null; first_name: string | null; last_name: string | null }>();
    expect(row).toMatchObject({ email_verified: 1, password_hash: null, first_name: "Grace", last_name: "Hopper" });
    expect(await countUsers(secondary)).toBe(0);
    expect(await countUsers(unverified)).toBe(0);
  });

  it("GitHub: no primary verified email is refused", async () => {
    const email = uniqueEmail("gh-none");
    const { cookie, state } = await begin("github");
    const response = await withProviders(
      (request) => {
        const url = new URL(request.url);
        if (url.host === "github.com") return Response.json({ access_token: "gho_test", token_type: "bearer", scope: "" });
        if (url.pathname === "/user/emails") return Response.json([{ email, primary: true, verified: false, visibility: null }]);
        return Response.json({ login: "octo", name: null });
      },
      () => callback("github", { code: "c0de", state }, cookie),
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Your GitHub account has no verified email address.");
    expect(await countUsers(email)).toBe(0);
  });

  it("a token endpoint answering 400 shows the failure page (400), logs no console.error", async () => {
    const { cookie, state } = await begin("google");
    const response = await withProviders(
      () => Response.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 }),
      () => callback("google", { code: "expired-code", state }, cookie),
    );
    expect(response.status).toBe(400);
    expect(sessionCookieOf(response)).toBeUndefined();
    const text = visibleText(await response.text());
    expect(text).toContain("Sign-in with Google failed. Please try again.");
    expect(text).toContain("Back to Sign In");
    expect(consoleErrors).toHaveLength(0);
  });

  it("GitHub's 200-with-error answer and a network error are failures too", async () => {
    const first = await begin("github");
    const badCode = await withProviders(
      () => Response.json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." }),
      () => callback("github", { code: "bad", state: first.state }, first.cookie),
    );
    expect(badCode.status).toBe(400);
    expect(visibleText(await badCode.text())).toContain("Sign-in with GitHub failed. Please try again.");

    const second = await begin("github");
    const offline = await withProviders(
      () => {
        throw new TypeError("Network connection lost.");
      },
      () => callback("github", { code: "c0de", state: second.state }, second.cookie),
    );
    expect(offline.status).toBe(400);
    expect(visibleText(await offline.text())).toContain("Sign-in with GitHub failed. Please try again.");
    expect(consoleErrors).toHaveLength(0);
  });
});
