import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { STILL_HAS_PURCHASE_MESSAGE } from "~/modules/access/admin-view";
import { PASSWORD, uniqueEmail } from "../support/identities";
import { cookieFrom, createVerifiedUser, expectRedirect, fetchAppWithEnv, ORIGIN, visibleText } from "./helpers";

/**
 * Admins are the accounts listed in ADMIN_EMAILS, a var read on every request: every request here goes
 * through fetchAppWithEnv with the list that names this test's admin.
 */
type Env = Record<string, string>;

function postFormAs(vars: Env, path: string, fields: Record<string, string>, options: { cookie?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { Origin: options.origin ?? ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };
  if (options.cookie) headers.Cookie = options.cookie;
  return fetchAppWithEnv(vars, path, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

function getAs(vars: Env, path: string, cookie?: string) {
  return fetchAppWithEnv(vars, path, cookie ? { headers: { Cookie: cookie } } : undefined);
}

function postJsonAs(vars: Env, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetchAppWithEnv(vars, path, { method: "POST", headers, body: JSON.stringify(body) });
}

function getJsonAs(vars: Env, path: string, auth: { cookie?: string; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.Cookie = auth.cookie;
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  return fetchAppWithEnv(vars, path, { headers });
}

/** Signs in through the /login form and returns the session cookie (an admin lands on /admin, anyone else at home). */
async function signInForm(vars: Env, email: string): Promise<string> {
  const response = await postFormAs(vars, "/login", { email, password: PASSWORD, intent: "password" });
  expect(response.status).toBe(302);
  return cookieFrom(response, "lc_session");
}

async function bearerFor(vars: Env, email: string): Promise<string> {
  const response = await postJsonAs(vars, "/api/auth/login", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A verified account listed in ADMIN_EMAILS, signed in with the form. */
async function signedInAdmin() {
  const { email } = await createVerifiedUser(uniqueEmail("admin"));
  const vars = { ADMIN_EMAILS: `ops-${crypto.randomUUID().slice(0, 6)}@example.com, ${email}` };
  return { email, vars, cookie: await signInForm(vars, email) };
}

async function userIdOf(email: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE lower(email) = lower(?)").bind(email).first<{ id: string }>();
  return row?.id ?? null;
}

type AuditRow = {
  actor_email: string;
  actor_user_id: string | null;
  action: string;
  target_email: string;
  target_user_id: string | null;
  detail: string;
};

async function auditRows(targetEmail: string): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM admin_audit_log WHERE lower(target_email) = lower(?) ORDER BY created_at, rowid")
    .bind(targetEmail)
    .all<AuditRow>();
  return results;
}

/** Follows a PRG redirect with the session and the flash toast, and returns the page's text. */
async function followWithToast(vars: Env, response: Response, cookie: string): Promise<string> {
  const location = response.headers.get("Location")!;
  const toast = cookieFrom(response, "lc_toast");
  const page = await getAs(vars, location, `${cookie}; ${toast}`);
  expect(page.status).toBe(200);
  return visibleText(await page.text());
}

async function accessOf(vars: Env, userId: string, cookie: string) {
  const response = await getJsonAs(vars, `/api/user/${userId}/access`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { hasAccess: boolean; userId: string; purchaseDate: string | null };
}

/** A paid Stripe purchase of the collection, as the webhook records it. */
async function recordPaidPurchase(userId: string, email: string, paidAt: number) {
  await env.DB.prepare(
    "INSERT INTO purchases (id, user_id, email, provider, amount_cents, currency, status, created_user, created_at) VALUES (?, ?, ?, 'stripe', 2700, 'usd', 'paid', 0, ?)",
  )
    .bind(crypto.randomUUID(), userId, email, paidAt)
    .run();
}

describe("/admin: revoke says what happened", () => {
  it("a buyer who only paid: 'Paid access cannot be revoked', and access stays", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("paid-only");
    await createVerifiedUser(target);
    const userId = (await userIdOf(target))!;
    await recordPaidPurchase(userId, target, Date.now());
    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "revoke", email: target, reason: "Asked to" },
      { cookie: admin.cookie },
    );
    const text = await followWithToast(admin.vars, response, admin.cookie);
    expect(text).toContain(`Paid access cannot be revoked ${STILL_HAS_PURCHASE_MESSAGE}`);
    expect(text).not.toContain("Access Revoked");
    expect(text).toContain("Has Access Yes");
  });

  it("an email with nothing granted: 'Nothing to revoke', never 'Access Revoked'", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("nobody");
    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "revoke", email: target, reason: "Tidy up" },
      { cookie: admin.cookie },
    );
    const text = await followWithToast(admin.vars, response, admin.cookie);
    expect(text).toContain("Nothing to revoke There is no account for this email, so there was no access to revoke.");
    expect(text).not.toContain("Access Revoked");
  });
});

describe("/admin: who may open it", () => {
  it("sends a visitor to sign in and back", async () => {
    expectRedirect(await getAs({ ADMIN_EMAILS: "someone@example.com" }, "/admin"), "/login?redirectTo=%2Fadmin", 302);
  });

  it("answers 403 to a signed-in user who is not an admin, for the page and its form", async () => {
    const { email } = await createVerifiedUser();
    const vars = { ADMIN_EMAILS: "someone-else@example.com" };
    const cookie = await signInForm(vars, email);
    const page = await getAs(vars, "/admin", cookie);
    expect(page.status).toBe(403);
    expect(visibleText(await page.text())).toContain("You do not have permission to open this page.");

    const target = uniqueEmail("nope");
    const post = await postFormAs(vars, "/admin", { intent: "grant", email: target }, { cookie });
    expect(post.status).toBe(403);
    expect(await userIdOf(target)).toBeNull();
  });

  it("an unverified account listed in ADMIN_EMAILS is not an admin", async () => {
    const { email } = await createVerifiedUser();
    const vars = { ADMIN_EMAILS: email };
    const cookie = await signInForm(vars, email);
    await env.DB.prepare("UPDATE users SET email_verified = 0 WHERE email = ?").bind(email).run();
    expect((await getAs(vars, "/admin", cookie)).status).toBe(403);
  });

  it("refuses a cross-origin POST", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("csrf");
    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "grant", email: target },
      { cookie: admin.cookie, origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(await userIdOf(target)).toBeNull();
  });
});

describe("/admin: grant, check, revoke", () => {
  it("shows the form, the instructions and both tables to an admin", async () => {
    const admin = await signedInAdmin();
    const response = await getAs(admin.vars, "/admin", admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    for (const label of ["Grant Access", "Check Access", "Revoke Access", "Instructions", "refunds happen in Stripe"])
      expect(text).toContain(label);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<textarea[^>]*name="reason"/);
    expect(html).toMatch(/<caption[^>]*>Recent purchases<\/caption>/);
    expect(html).toMatch(/<caption[^>]*>Audit log<\/caption>/);
    expect(html).toContain('<th scope="col"');
    // Without JavaScript the buttons are enabled; the server validates.
    for (const intent of ["grant", "check", "revoke"]) {
      const button = new RegExp(`<button[^>]*name="intent" value="${intent}"[^>]*>`).exec(html)?.[0];
      expect(button).toBeTruthy();
      expect(button).not.toMatch(/\sdisabled(=|\s|>)/);
    }
  });

  it("grants access to an email without an account: account created, access on, audit row with admin and reason", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("gift");
    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "grant", email: target, reason: "Gift for the church group" },
      { cookie: admin.cookie },
    );
    expectRedirect(response, `/admin?email=${encodeURIComponent(target)}`, 302);

    const userId = await userIdOf(target);
    expect(userId).toBeTruthy();
    expect(await accessOf(admin.vars, userId!, admin.cookie)).toEqual({ hasAccess: true, userId, purchaseDate: null });

    const [row, ...others] = await auditRows(target);
    expect(others).toHaveLength(0);
    expect(row!.action).toBe("grant");
    expect(row!.actor_email).toBe(admin.email);
    expect(row!.actor_user_id).toBe(await userIdOf(admin.email));
    expect(row!.target_user_id).toBe(userId);
    expect(JSON.parse(row!.detail)).toMatchObject({ reason: "Gift for the church group", createdUser: true });

    // PRG: the page shows the toast and the new state, read without logging a "check".
    const text = await followWithToast(admin.vars, response, admin.cookie);
    expect(text).toContain("Access Granted!");
    expect(text).toContain("Has Access Yes");
    expect(text).toContain(`User ID ${userId}`);
    expect(text).toContain("Purchase Date —");
    expect(text).toContain("Reason: Gift for the church group");
    expect(await auditRows(target)).toHaveLength(1);
  });

  it("checks access: Yes with the user id, and logs the check", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("checked");
    await postFormAs(admin.vars, "/admin", { intent: "grant", email: target }, { cookie: admin.cookie });
    const userId = await userIdOf(target);

    const response = await postFormAs(admin.vars, "/admin", { intent: "check", email: target }, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain(`Access for ${target}`);
    expect(text).toContain("Has Access Yes");
    expect(text).toContain(`User ID ${userId}`);
    expect((await auditRows(target)).map((row) => row.action)).toEqual(["grant", "check"]);

    const unknown = uniqueEmail("unknown");
    const none = visibleText(
      await (await postFormAs(admin.vars, "/admin", { intent: "check", email: unknown }, { cookie: admin.cookie })).text(),
    );
    expect(none).toContain("Has Access No");
    expect(none).toContain("User ID No account");
    expect(none).toContain("Purchase Date —");
    expect(await userIdOf(unknown)).toBeNull();
  });

  it("validates on the server: an email is required, and revoking requires a reason", async () => {
    const admin = await signedInAdmin();
    const noEmail = await postFormAs(admin.vars, "/admin", { intent: "grant", email: "" }, { cookie: admin.cookie });
    expect(noEmail.status).toBe(400);
    expect(visibleText(await noEmail.text())).toContain("Please enter a valid email address");

    const target = uniqueEmail("keep");
    await postFormAs(admin.vars, "/admin", { intent: "grant", email: target }, { cookie: admin.cookie });
    const userId = (await userIdOf(target))!;
    const noReason = await postFormAs(admin.vars, "/admin", { intent: "revoke", email: target, reason: "  " }, { cookie: admin.cookie });
    expect(noReason.status).toBe(400);
    expect(visibleText(await noReason.text())).toContain("Please give a reason for revoking access.");
    expect((await accessOf(admin.vars, userId, admin.cookie)).hasAccess).toBe(true);

    const forged = await postFormAs(admin.vars, "/admin", { intent: "delete-everything", email: target }, { cookie: admin.cookie });
    expect(forged.status).toBe(400);
  });

  it("revokes with a reason: access off, audit row with the reason", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("revoked");
    await postFormAs(admin.vars, "/admin", { intent: "grant", email: target }, { cookie: admin.cookie });
    const userId = (await userIdOf(target))!;

    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "revoke", email: target, reason: "Granted by mistake" },
      { cookie: admin.cookie },
    );
    expectRedirect(response, `/admin?email=${encodeURIComponent(target)}`, 302);
    expect(await accessOf(admin.vars, userId, admin.cookie)).toEqual({ hasAccess: false, userId, purchaseDate: null });

    const revoke = (await auditRows(target)).find((row) => row.action === "revoke")!;
    expect(revoke.actor_email).toBe(admin.email);
    expect(JSON.parse(revoke.detail)).toMatchObject({
      reason: "Granted by mistake",
      revokedGrants: 1,
      stillHasAccessThroughPurchase: false,
    });
    const grant = await env.DB.prepare("SELECT revoked_at, revoke_reason FROM access_grants WHERE user_id = ?")
      .bind(userId)
      .first<{ revoked_at: number; revoke_reason: string }>();
    expect(grant!.revoked_at).toBeGreaterThan(0);
    expect(grant!.revoke_reason).toBe("Granted by mistake");

    const text = await followWithToast(admin.vars, response, admin.cookie);
    expect(text).toContain("Access Revoked");
    expect(text).toContain(`${target} no longer has access.`);
    expect(text).toContain("Has Access No");
    expect(text).not.toContain(STILL_HAS_PURCHASE_MESSAGE);
  });

  it("revoking a paid buyer leaves their access, and the toast says so: paid access cannot be revoked here", async () => {
    const admin = await signedInAdmin();
    const target = uniqueEmail("buyer");
    await postFormAs(admin.vars, "/admin", { intent: "grant", email: target }, { cookie: admin.cookie });
    const userId = (await userIdOf(target))!;
    // Later than any purchase the other tests make, so it heads the recent purchases table whatever ran before.
    const paidAt = Date.UTC(2099, 2, 14, 9, 30);
    await recordPaidPurchase(userId, target, paidAt);

    const response = await postFormAs(
      admin.vars,
      "/admin",
      { intent: "revoke", email: target, reason: "Testing the refund path" },
      { cookie: admin.cookie },
    );
    expectRedirect(response, `/admin?email=${encodeURIComponent(target)}`, 302);
    expect(await accessOf(admin.vars, userId, admin.cookie)).toEqual({
      hasAccess: true,
      userId,
      purchaseDate: new Date(paidAt).toISOString(),
    });

    const text = await followWithToast(admin.vars, response, admin.cookie);
    expect(text).not.toContain("Access Revoked");
    expect(text).toContain(`Paid access cannot be revoked Its admin grant was revoked. ${STILL_HAS_PURCHASE_MESSAGE}`);
    expect(text).toContain("Has Access Yes");
    expect(text).toContain("Purchase Date Mar 14, 2099, 9:30 AM UTC");
    // The purchase appears in the recent purchases table, its amount formatted.
    expect(text).toMatch(new RegExp(`Mar 14, 2099, 9:30 AM UTC ${target.replace(/[.+]/g, "\\$&")} Stripe \\$27\\.00 Paid`));
    const revoke = (await auditRows(target)).find((row) => row.action === "revoke")!;
    expect(JSON.parse(revoke.detail)).toMatchObject({ stillHasAccessThroughPurchase: true });
  });
});

describe("admin JSON API", () => {
  it("/api/grant-access and /api/check-access: 401 without a session, 403 for a non-admin, 200 for an admin", async () => {
    const { email: adminEmail } = await createVerifiedUser(uniqueEmail("apiadmin"));
    const { email: memberEmail } = await createVerifiedUser();
    const vars = { ADMIN_EMAILS: adminEmail };
    const target = uniqueEmail("apigift");

    for (const path of ["/api/grant-access", "/api/check-access"]) {
      const anonymous = await postJsonAs(vars, path, { email: target });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: "No authentication token" });
      const member = await postJsonAs(vars, path, { email: target }, await bearerFor(vars, memberEmail));
      expect(member.status).toBe(403);
      expect(await member.json()).toEqual({ error: "Admin access required." });
    }
    expect(await userIdOf(target)).toBeNull();

    const token = await bearerFor(vars, adminEmail);
    const granted = await postJsonAs(vars, "/api/grant-access", { email: target, reason: "API grant" }, token);
    expect(granted.status).toBe(200);
    const userId = await userIdOf(target);
    expect(await granted.json()).toEqual({ success: true, hasAccess: true, userId });

    const checked = await postJsonAs(vars, "/api/check-access", { email: target }, token);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ success: true, hasAccess: true, userId, purchaseDate: null });

    const nobody = await postJsonAs(vars, "/api/check-access", { email: uniqueEmail("nobody") }, token);
    expect(await nobody.json()).toEqual({ success: true, hasAccess: false, userId: null, purchaseDate: null });

    const rows = await auditRows(target);
    expect(rows.map((row) => [row.action, row.actor_email])).toEqual([
      ["grant", adminEmail],
      ["check", adminEmail],
    ]);
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({ reason: "API grant" });
  });

  it("validates the body and refuses other methods", async () => {
    const { email: adminEmail } = await createVerifiedUser(uniqueEmail("apiadmin"));
    const vars = { ADMIN_EMAILS: adminEmail };
    const token = await bearerFor(vars, adminEmail);
    const bad = await postJsonAs(vars, "/api/grant-access", { email: "not-an-email" }, token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Please enter a valid email address" });
    const get = await getJsonAs(vars, "/api/check-access", { token });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const post = await postJsonAs(vars, "/api/user/whoever/access", {}, token);
    expect(post.status).toBe(405);
  });

  it("/api/user/{userId}/access serves only that user or an admin", async () => {
    const { email: adminEmail } = await createVerifiedUser(uniqueEmail("apiadmin"));
    const { email: memberEmail } = await createVerifiedUser();
    const { email: otherEmail } = await createVerifiedUser();
    const vars = { ADMIN_EMAILS: adminEmail };
    const memberToken = await bearerFor(vars, memberEmail);
    const memberId = (await userIdOf(memberEmail))!;
    const otherId = (await userIdOf(otherEmail))!;

    expect((await getJsonAs(vars, `/api/user/${memberId}/access`)).status).toBe(401);
    const forbidden = await getJsonAs(vars, `/api/user/${otherId}/access`, { token: memberToken });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "You can only access your own account." });

    const self = await getJsonAs(vars, `/api/user/${memberId}/access`, { token: memberToken });
    expect(self.status).toBe(200);
    expect(await self.json()).toEqual({ hasAccess: false, userId: memberId, purchaseDate: null });

    const adminToken = await bearerFor(vars, adminEmail);
    expect((await getJsonAs(vars, `/api/user/${otherId}/access`, { token: adminToken })).status).toBe(200);
    expect((await getJsonAs(vars, `/api/user/${crypto.randomUUID()}/access`, { token: adminToken })).status).toBe(404);
  });
});

describe("when the access functions fail", () => {
  it("answers 503 with the spec's messages, on the page and in the API", async () => {
    const admin = await signedInAdmin();
    const token = await bearerFor(admin.vars, admin.email);
    const target = uniqueEmail("broken");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Every grant, check and revoke writes the audit log; a trigger that refuses those writes makes each one throw
    // (while the page can still read the log).
    await env.DB.prepare(
      "CREATE TRIGGER refuse_audit_writes BEFORE INSERT ON admin_audit_log BEGIN SELECT RAISE(ABORT, 'audit log unavailable (test)'); END",
    ).run();
    try {
      const messages = {
        grant: "Failed to grant access. Please try again.",
        check: "Failed to check access. Please try again.",
        revoke: "Failed to revoke access. Please try again.",
      };
      for (const [intent, message] of Object.entries(messages)) {
        const response = await postFormAs(
          admin.vars,
          "/admin",
          { intent, email: target, reason: "Outage drill" },
          { cookie: admin.cookie },
        );
        expect(response.status).toBe(503);
        expect(visibleText(await response.text())).toContain(message);
      }
      const grant = await postJsonAs(admin.vars, "/api/grant-access", { email: target }, token);
      expect(grant.status).toBe(503);
      expect(await grant.json()).toEqual({ error: messages.grant });
      const check = await postJsonAs(admin.vars, "/api/check-access", { email: target }, token);
      expect(check.status).toBe(503);
      expect(await check.json()).toEqual({ error: messages.check });
      // Logged as warnings, with the cause (a console.error would fail the test); each 503 also has its request's
      // structured line, a warning too since no exception escaped (docs/decisions/029).
      const requestLines = warn.mock.calls.filter((call) => String(call[0]).includes('"type":"request"'));
      const causes = warn.mock.calls.filter((call) => !requestLines.includes(call));
      expect(causes).toHaveLength(5);
      expect(String(causes[0]![0])).toContain("audit log unavailable");
      expect(requestLines.map((call) => JSON.parse(String(call[0])).status)).toEqual([503, 503, 503, 503, 503]);
      // A grant whose audit row could not be written did not happen either (one atomic batch).
      const grants = await env.DB.prepare(
        "SELECT count(*) AS n FROM access_grants g JOIN users u ON u.id = g.user_id WHERE lower(u.email) = lower(?)",
      )
        .bind(target)
        .first<{ n: number }>();
      expect(grants!.n).toBe(0);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_audit_writes").run();
    }
  });
});
