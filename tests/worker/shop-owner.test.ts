/**
 * The shop's owner at /admin: a grant tells its recipient, the admin lands on /admin, and the sales figures and the
 * CSV downloads (docs/decisions/046-the-owners-admin.md).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  countEmailsTo,
  createVerifiedUser,
  expectRedirect,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  postForm,
  signedInEmail,
  visibleText,
} from "./helpers";

type Vars = Record<string, string>;

function get(vars: Vars, path: string, cookie?: string) {
  return fetchAppWithEnv(vars, path, cookie ? { headers: { Cookie: cookie } } : undefined);
}

/** A verified account listed in ADMIN_EMAILS, signed in with the form. */
async function signedInAdmin() {
  const { email } = await createVerifiedUser(uniqueEmail("owner"));
  const vars = { ADMIN_EMAILS: `ops-${crypto.randomUUID().slice(0, 6)}@example.com, ${email}` };
  const response = await postForm("/login", { email, password: PASSWORD, intent: "password" }, { env: vars });
  return { email, vars, response, cookie: cookieFrom(response, "lc_session") };
}

async function userIdOf(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM users WHERE lower(email) = lower(?)").bind(email).first<{ id: string }>();
  if (!row) throw new Error(`No account for ${email}`);
  return row.id;
}

describe("the admin's home", () => {
  it("lands on /admin after signing in with a password or a link; a buyer still lands on the practice", async () => {
    const admin = await signedInAdmin();
    expectRedirect(admin.response, "/admin", 302);

    await postForm("/login", { intent: "link", email: admin.email }, { env: admin.vars });
    const { token } = await latestEmailTo(admin.email, "sign-in link");
    expectRedirect(await postForm("/login/link", { token: token! }, { env: admin.vars }), "/admin", 302);
  });

  it("an explicit redirectTo still wins for the admin", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("owner"));
    const vars = { ADMIN_EMAILS: email };
    const response = await postForm("/login", { email, password: PASSWORD, intent: "password", redirectTo: "/cards" }, { env: vars });
    expectRedirect(response, "/cards", 302);
  });
});

describe("a grant tells its recipient", () => {
  it("emails 'You've been given LIGHT Cards' with the admin's message and a sign-in link that signs them in", async () => {
    const admin = await signedInAdmin();
    const friend = uniqueEmail("gift-friend");
    const message = "Merry Christmas, Anna! <3 These helped me through a hard year.";
    const response = await postForm("/admin", { intent: "grant", email: friend, message }, { env: admin.vars, cookie: admin.cookie });
    expectRedirect(response, `/admin?email=${encodeURIComponent(friend)}`, 302);
    const page = await get(admin.vars, response.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(response, "lc_toast")}`);
    expect(visibleText(await page.text())).toContain("We emailed them a sign-in link.");

    const email = await latestEmailTo(friend);
    expect(email.subject).toBe("You've been given LIGHT Cards");
    expect(email.text).toContain(message);
    // The message is the admin's text, escaped in the HTML part.
    expect(email.html).toContain("Merry Christmas, Anna! &lt;3");
    expect(email.html).not.toContain("<3");
    expect(email.link).toMatch(new RegExp(`^${ORIGIN}/login/link\\?token=`));

    // The link signs the recipient in, to their cards.
    const signedIn = await postForm("/login/link", { token: email.token! }, { env: admin.vars });
    expectRedirect(signedIn, "/today", 302);
    expect(await signedInEmail(cookieFrom(signedIn, "lc_session"))).toBe(friend);
  });

  it("without a message the email has no quoted note; an address that already had access gets no second email", async () => {
    const admin = await signedInAdmin();
    const friend = uniqueEmail("gift-plain");
    await postForm("/admin", { intent: "grant", email: friend }, { env: admin.vars, cookie: admin.cookie });
    const email = await latestEmailTo(friend);
    expect(email.text).not.toContain("A note that came with it");

    const again = await postForm("/admin", { intent: "grant", email: friend, message: "Again" }, { env: admin.vars, cookie: admin.cookie });
    const page = await get(admin.vars, again.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(again, "lc_toast")}`);
    expect(visibleText(await page.text())).toContain("They already had access, so no email was sent.");
    expect(await countEmailsTo(friend)).toBe(1);
  });

  it("refuses a message over 500 characters with a clear message, granting nothing", async () => {
    const admin = await signedInAdmin();
    const friend = uniqueEmail("gift-long");
    const response = await postForm(
      "/admin",
      { intent: "grant", email: friend, message: "a".repeat(501) },
      { env: admin.vars, cookie: admin.cookie },
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Messages are at most 500 characters");
    await expect(userIdOf(friend)).rejects.toThrow();
    expect(await countEmailsTo(friend)).toBe(0);
  });
});
