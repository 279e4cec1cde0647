import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "#db/client";
import { hashPassword, verifyPassword } from "~/modules/auth/passwords.server";
import { createOneTimeToken } from "~/modules/auth/tokens.server";
import { PASSWORD_ITERATIONS, readConfig } from "~/modules/config/config.server";
import { PASSWORD, uniqueEmail } from "../support/identities";
import { countEmailsTo, createVerifiedUser, fetchApp, latestEmailTo, postJson, signInApi } from "./helpers";

type ApiUser = {
  id: string;
  email: string;
  hasAccess: boolean;
  emailVerified: boolean;
  purchaseDate: string | null;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
};

async function me(token?: string) {
  return fetchApp("/api/auth/me", token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
}

async function userIdOf(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE lower(email) = lower(?)").bind(email).first<{ id: string }>();
  return row!.id;
}

describe("register and verify", () => {
  it("creates an account and emails an absolute verification link naming the product", async () => {
    const email = uniqueEmail("new");
    const response = await postJson("/api/auth/register", { email, password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(201);

    const message = await latestEmailTo(email);
    expect(message.subject).toContain("LIGHT Cards");
    expect(message.link).toMatch(new RegExp(`^${env.APP_ORIGIN}/verify-email\\?token=`));
    expect(message.html).toContain(message.link!.replace(/&/g, "&amp;"));
    expect(message.text).toContain("24 hours");
  });

  // Production's count (100,000, the most production Workers accept) is pinned in tests/unit/config.test.ts; the
  // Worker tests hash at PASSWORD_HASH_ITERATIONS (vitest.worker.config.ts), which the stored hash records.
  it("stores a PBKDF2-SHA256 hash that records its iteration count, and signs in with it", async () => {
    const { email } = await createVerifiedUser();
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?").bind(email).first<{ password_hash: string }>();
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    const [scheme, iterations, salt, hash] = row!.password_hash.split("$");
    expect(scheme).toBe("pbkdf2_sha256");
    expect(Number(iterations)).toBe(readConfig(env).passwordHashIterations);
    expect(Number(iterations)).toBeLessThan(PASSWORD_ITERATIONS);
    expect((await postJson("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    // A hash made at production's count (the seeded admin's, say) verifies just the same.
    expect(await verifyPassword(PASSWORD, await hashPassword(PASSWORD))).toBe(true);
    expect(atob(`${salt!.replace(/-/g, "+").replace(/_/g, "/")}==`).length).toBe(16);
    expect(hash!.length).toBeGreaterThan(40);
    expect(row!.password_hash).not.toContain(PASSWORD);
  });

  it("refuses sign-in until the email is verified, with a message containing 'verify your email'", async () => {
    const email = uniqueEmail("unverified");
    await postJson("/api/auth/register", { email, password: PASSWORD, confirmPassword: PASSWORD });
    const response = await postJson("/api/auth/login", { email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain("verify your email");
  });

  it("verifies once: the same link cannot be used twice", async () => {
    const email = uniqueEmail("once");
    await postJson("/api/auth/register", { email, password: PASSWORD, confirmPassword: PASSWORD });
    const { token } = await latestEmailTo(email);
    expect((await postJson("/api/auth/verify-email", { token, password: PASSWORD })).status).toBe(200);
    const again = await postJson("/api/auth/verify-email", { token, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toContain("already been used");
  });

  it("reports an expired link as expired (the spec's 'expired' state) and can send a new one", async () => {
    const email = uniqueEmail("late");
    await postJson("/api/auth/register", { email, password: PASSWORD, confirmPassword: PASSWORD });
    const userId = await userIdOf(email);
    const token = await createOneTimeToken(createDb(env.DB), userId, "verify_email");
    await env.DB.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, userId)
      .run();

    const response = await postJson("/api/auth/verify-email", { token });
    expect(response.status).toBe(410);
    expect(((await response.json()) as { error: string }).error).toContain("expired");

    const before = await countEmailsTo(email);
    expect((await postJson("/api/auth/resend-verification", { token })).status).toBe(200);
    expect(await countEmailsTo(email)).toBe(before + 1);
  });

  it("says 'already exists' for a taken email, whatever its case", async () => {
    const { email } = await createVerifiedUser();
    const response = await postJson("/api/auth/register", { email: email.toUpperCase(), password: PASSWORD, confirmPassword: PASSWORD });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toContain("already exists");
  });

  it("answers bad input with the spec's messages and a 400", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email", password: PASSWORD, confirmPassword: PASSWORD }, "email", "Please enter a valid email address"],
      [{ email: uniqueEmail(), password: "short", confirmPassword: "short" }, "password", "Password must be at least 8 characters long"],
      [
        { email: uniqueEmail(), password: "password123", confirmPassword: "password123" },
        "password",
        "This password is too common. Please choose another.",
      ],
      [{ email: uniqueEmail(), password: PASSWORD, confirmPassword: "something else" }, "confirmPassword", "Passwords don't match"],
    ];
    for (const [body, field, message] of cases) {
      const response = await postJson("/api/auth/register", body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { fieldErrors: Record<string, string[]> };
      expect(json.fieldErrors[field]).toContain(message);
    }
    const notJson = await fetchApp("/api/auth/register", {
      method: "POST",
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toBe("Request body must be valid JSON.");
  });
});

describe("sign in, me and sign out", () => {
  it("answers { token, user } and the token works as a bearer session", async () => {
    const { email } = await createVerifiedUser();
    const response = await postJson("/api/auth/login", { email, password: PASSWORD, rememberMe: true });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: ApiUser };
    expect(body.user).toMatchObject({ email, emailVerified: true, hasAccess: false, purchaseDate: null });
    // 256 random bits and nothing else: a token names nobody.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const current = await me(body.token);
    expect(current.status).toBe(200);
    const { user } = (await current.json()) as { user: ApiUser };
    expect(Object.keys(user).sort()).toEqual([
      "email",
      "emailVerified",
      "firstName",
      "hasAccess",
      "id",
      "lastName",
      "name",
      "purchaseDate",
    ]);
    expect(user.email).toBe(email);
  });

  it("stores only a hash of the session token", async () => {
    const { email } = await createVerifiedUser();
    const token = await signInApi(email);
    const stored = await env.DB.prepare("SELECT id FROM sessions WHERE id = ?").bind(token).first();
    expect(stored).toBeNull();
    const count = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(await userIdOf(email))
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("gives every sign-in a new session", async () => {
    const { email } = await createVerifiedUser();
    const first = await signInApi(email);
    const second = await signInApi(email);
    expect(first).not.toBe(second);
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it("uses the spec's 401 messages: 'No authentication token' and 'Authentication failed'", async () => {
    const none = await me();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: "No authentication token" });
    const bad = await me("not-a-real-token");
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Authentication failed" });
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await createVerifiedUser();
    const wrong = await postJson("/api/auth/login", { email, password: "Not the password" });
    const unknown = await postJson("/api/auth/login", { email: uniqueEmail("nobody"), password: "Not the password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("logout ends the session behind the token", async () => {
    const { email } = await createVerifiedUser();
    const token = await signInApi(email);
    const response = await postJson("/api/auth/logout", {}, { token });
    expect(response.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it("expires a browser-session after 24 hours on the server", async () => {
    const { email } = await createVerifiedUser();
    const token = await signInApi(email);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, await userIdOf(email))
      .run();
    expect((await me(token)).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("answers the same whether or not the email has an account, and mails only real accounts", async () => {
    const { email } = await createVerifiedUser();
    const stranger = uniqueEmail("stranger");
    const known = await postJson("/api/auth/forgot-password", { email });
    const unknown = await postJson("/api/auth/forgot-password", { email: stranger });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await latestEmailTo(email)).link).toMatch(/\/reset-password\?token=/);
    expect(await countEmailsTo(stranger)).toBe(0);
  });

  it("resets the password, ends every old session, and uses the link once", async () => {
    const { email } = await createVerifiedUser();
    const oldSession = await signInApi(email);
    await postJson("/api/auth/forgot-password", { email });
    const { token, text } = await latestEmailTo(email);
    expect(text).toContain("1 hour");

    const newPassword = "Evening peace 2026";
    const reset = await postJson("/api/auth/reset-password", { token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(200);
    expect((await me(oldSession)).status).toBe(401);
    expect((await postJson("/api/auth/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postJson("/api/auth/login", { email, password: newPassword })).status).toBe(200);

    const again = await postJson("/api/auth/reset-password", { token, password: "Another one 2026", confirmPassword: "Another one 2026" });
    expect(again.status).toBe(400);
  });

  it("refuses an expired reset link with 'expired' and a missing token with the spec's message", async () => {
    const { email } = await createVerifiedUser();
    const userId = await userIdOf(email);
    const token = await createOneTimeToken(createDb(env.DB), userId, "reset_password");
    await env.DB.prepare("UPDATE one_time_tokens SET expires_at = ? WHERE user_id = ? AND purpose = 'reset_password'")
      .bind(Date.now() - 1, userId)
      .run();
    const expired = await postJson("/api/auth/reset-password", {
      token,
      password: "Fresh start 2026",
      confirmPassword: "Fresh start 2026",
    });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: string }).error).toContain("expired");

    const missing = await postJson("/api/auth/reset-password", {
      token: "",
      password: "Fresh start 2026",
      confirmPassword: "Fresh start 2026",
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.token).toContain("Reset token is required");
  });
});

describe("rate limits", () => {
  it("stops the sixth sign-in attempt for one email within a minute with 429 and Retry-After", async () => {
    const { email } = await createVerifiedUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await postJson("/api/auth/login", { email, password: "Wrong password 1" })).status).toBe(401);
    }
    const blocked = await postJson("/api/auth/login", { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it("limits forgot-password per email (3 a minute)", async () => {
    const { email } = await createVerifiedUser();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await postJson("/api/auth/forgot-password", { email })).status).toBe(200);
    }
    expect((await postJson("/api/auth/forgot-password", { email })).status).toBe(429);
  });
});
