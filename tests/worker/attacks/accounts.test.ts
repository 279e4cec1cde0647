/**
 * Attacks on accounts, each replayed as the attacker's requests, with what a defender cares about:
 * who ends up signed in, where a redirect points, which limit an attempt counts against.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rateLimitClock } from "../../fakes/ratelimits";
import { PASSWORD, uniqueEmail } from "../../support/identities";
import {
  cookieFrom,
  countEmailsTo,
  createVerifiedUser,
  fetchApp,
  fetchAppWithEnv,
  latestEmailTo,
  ORIGIN,
  PRODUCTION,
  postForm,
  postJson,
  signedInEmail,
  signInCookie,
  visibleText,
} from "../helpers";

const ATTACKER_PASSWORD = "Attacker chose this 1";
const OWNER_PASSWORD = "Owner chose this 2";

async function isVerified(email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT email_verified FROM users WHERE lower(email) = lower(?)")
    .bind(email)
    .first<{ email_verified: number }>();
  return row?.email_verified === 1;
}

/** The attacker registers the victim's address from their own browser, with their own password. */
async function squat(email: string, vars: Record<string, string> = {}) {
  const registered = await postForm("/register", { email, password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD }, { env: vars });
  expect(registered.status).toBe(302);
  return { attackerBrowser: cookieFrom(registered, "lc_registered"), token: (await latestEmailTo(email)).token! };
}

describe("pre-hijack: registering someone else's address and waiting for them to verify it", () => {
  it("the mailbox owner's click (another browser) leaves the account unverified, and the attacker's password opens nothing", async () => {
    const victim = uniqueEmail("victim");
    const { token } = await squat(victim);

    // The owner opens the genuine "Verify your email" link in their own browser (no registration cookie).
    const ownerClick = await postForm("/verify-email", { token });
    expect(ownerClick.status).toBe(200);
    expect(visibleText(await ownerClick.text())).toContain("Enter the account's password to verify it");
    expect(await isVerified(victim)).toBe(false);

    // The attacker still cannot sign in: the account stays unverified.
    const attempt = await postForm("/login", { email: victim, password: ATTACKER_PASSWORD, intent: "password" });
    expect(attempt.status).toBe(403);
    expect(attempt.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);
  });

  it("the owner takes the address back with a reset link: verified, with the owner's password, the attacker's gone", async () => {
    const victim = uniqueEmail("victim");
    await squat(victim);
    await postForm("/forgot-password", { email: victim });
    const reset = await latestEmailTo(victim);
    expect(new URL(reset.link!).pathname).toBe("/reset-password");
    expect(
      (await postForm("/reset-password", { token: reset.token!, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD })).status,
    ).toBe(200);

    expect(await isVerified(victim)).toBe(true);
    expect((await postForm("/login", { email: victim, password: ATTACKER_PASSWORD, intent: "password" })).status).toBe(401);
    expect(await signedInEmail(await signInCookie(victim, OWNER_PASSWORD))).toBe(victim);
  });

  it("the JSON API follows the same rule: without the registering browser or the password, 403 and the link stays unused", async () => {
    const victim = uniqueEmail("victim");
    const { token } = await squat(victim);
    const ownerClick = await postJson("/api/auth/verify-email", { token });
    expect(ownerClick.status).toBe(403);
    expect(((await ownerClick.json()) as { error: string }).error).toContain("password");
    expect(await isVerified(victim)).toBe(false);
    expect((await postJson("/api/auth/login", { email: victim, password: ATTACKER_PASSWORD })).status).toBe(403);

    const wrongPassword = await postJson("/api/auth/verify-email", { token, password: "Not the password 9" });
    expect(wrongPassword.status).toBe(401);
    expect(await isVerified(victim)).toBe(false);
  });

  it("an ADMIN_EMAILS address registered by a stranger never becomes an admin account for them", async () => {
    const adminAddress = uniqueEmail("ops");
    const vars = { ADMIN_EMAILS: adminAddress };
    const { token } = await squat(adminAddress, vars);
    // The real admin clicks the link that arrived in their mailbox.
    expect((await postForm("/verify-email", { token }, { env: vars })).status).toBe(200);
    expect(await isVerified(adminAddress)).toBe(false);

    const attempt = await postForm("/login", { email: adminAddress, password: ATTACKER_PASSWORD, intent: "password" }, { env: vars });
    expect(attempt.status).toBe(403);
    const api = await fetchAppWithEnv(vars, "/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: adminAddress, password: ATTACKER_PASSWORD }),
    });
    expect(api.status).toBe(403);
  });

  it("the person who registered still verifies in one click from the same browser, or with their password from another", async () => {
    const sameBrowser = uniqueEmail("owner");
    const registered = await postForm("/register", { email: sameBrowser, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD });
    const cookie = cookieFrom(registered, "lc_registered");
    const click = await postForm("/verify-email", { token: (await latestEmailTo(sameBrowser)).token! }, { cookie });
    expect(visibleText(await click.text())).toContain("Email Verified!");
    expect(await signedInEmail(await signInCookie(sameBrowser, OWNER_PASSWORD))).toBe(sameBrowser);

    const otherBrowser = uniqueEmail("phone");
    await postForm("/register", { email: otherBrowser, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD });
    const token = (await latestEmailTo(otherBrowser)).token!;
    const wrong = await postForm("/verify-email", { token, password: "Not my password 3" });
    expect(wrong.status).toBe(401);
    const right = await postForm("/verify-email", { token, password: OWNER_PASSWORD });
    expect(visibleText(await right.text())).toContain("Email Verified!");
    expect(await isVerified(otherBrowser)).toBe(true);
  });

  it("a registration cookie for one account proves nothing for another", async () => {
    const attacker = uniqueEmail("attacker");
    const { attackerBrowser } = await squat(attacker);
    const victim = uniqueEmail("victim");
    const { token } = await squat(victim);
    // The victim's link, replayed with the attacker's cookie for their own account, still asks for the password.
    const replay = await postForm("/verify-email", { token }, { cookie: attackerBrowser });
    expect(visibleText(await replay.text())).toContain("Enter the account's password");
    expect(await isVerified(victim)).toBe(false);
  });
});

describe("open redirect through redirectTo", () => {
  const PAYLOADS = [
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/%2E%2E//evil.com/path",
    "//evil.com",
    "/\\evil.com",
    "/\t/evil.com",
    "https://evil.com",
  ];

  function expectSameOrigin(response: Response) {
    const location = response.headers.get("Location") ?? "";
    expect(location.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\"), `Location ${location}`).toBe(true);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  }

  it("a signed-in user opening /login?redirectTo=<payload> stays on this site", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    for (const payload of PAYLOADS) {
      const response = await fetchApp(`/login?redirectTo=${encodeURIComponent(payload)}`, { headers: { Cookie: cookie } });
      expect(response.status, payload).toBe(302);
      expectSameOrigin(response);
    }
  });

  it("signing in with a password or an emailed link never sends the browser off-site", { timeout: 30_000 }, async () => {
    // Four sign-ins per account stay under its limit of five a minute.
    const accounts = [await createVerifiedUser(), await createVerifiedUser()];
    for (const [index, payload] of PAYLOADS.entries()) {
      const { email } = accounts[index % 2]!;
      const response = await postForm("/login", { email, password: PASSWORD, intent: "password", redirectTo: payload });
      expect(response.status, payload).toBe(302);
      expectSameOrigin(response);
    }
    const { email } = await createVerifiedUser();
    await postForm("/login", { email, intent: "link", redirectTo: "/.//evil.com" });
    const link = await latestEmailTo(email);
    expect(new URL(link.link!).searchParams.get("redirectTo")).toBe("/today");
    const signedIn = await postForm("/login/link", { token: link.token!, redirectTo: "/%2e//evil.com" });
    expectSameOrigin(signedIn);
  });
});

describe("rate limits by email cannot be split", () => {
  it("padding or re-casing the email on the sign-in form still counts against one account's 5 attempts", async () => {
    const { email } = await createVerifiedUser();
    const spellings = [
      " ".repeat(240) + email,
      " ".repeat(241) + email,
      " ".repeat(242) + email.toUpperCase(),
      `${email}   `,
      `\t${email}`,
      " ".repeat(243) + email,
    ];
    const statuses: number[] = [];
    for (const spelling of spellings) {
      statuses.push((await postForm("/login", { email: spelling, password: "Wrong password 1", intent: "password" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The owner's correct password is refused too until the window passes: the bucket is the account's.
    expect((await postForm("/login", { email, password: PASSWORD, intent: "password" })).status).toBe(429);
    // Once the minute's window has passed, the owner signs in again.
    rateLimitClock.advance(60_000);
    expect((await postForm("/login", { email, password: PASSWORD, intent: "password" })).status).toBe(302);
  });

  it("the API and the pages share the bucket: the forgot-password limit of 3 holds across spellings and doors", async () => {
    const { email } = await createVerifiedUser();
    expect((await postForm("/forgot-password", { email: " ".repeat(250) + email })).status).toBe(302);
    expect((await postJson("/api/auth/forgot-password", { email: email.toUpperCase() })).status).toBe(200);
    expect((await postForm("/forgot-password", { email: ` ${email} ` })).status).toBe(302);
    expect((await postJson("/api/auth/forgot-password", { email: " ".repeat(200) + email })).status).toBe(429);
  });

  it("an IPv6 client counts by its /64: fresh addresses from the same network share one limit", async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 21; host++) {
      const response = await fetchAppWithEnv(PRODUCTION, "/login", {
        method: "POST",
        headers: {
          Origin: ORIGIN,
          "Content-Type": "application/x-www-form-urlencoded",
          "CF-Connecting-IP": `2001:db8:abcd:12::${host.toString(16)}`,
        },
        body: new URLSearchParams({ email: uniqueEmail("spray"), password: "Wrong password 1", intent: "password" }).toString(),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another network is not affected.
    const elsewhere = await fetchAppWithEnv(PRODUCTION, "/login", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "2001:db8:abcd:13::1" },
      body: new URLSearchParams({ email: uniqueEmail("spray"), password: "Wrong password 1", intent: "password" }).toString(),
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe("old links after a password reset, and links opened in a signed-in browser", () => {
  it("resetting the password uses up every other sign-in and reset link of the account", async () => {
    const { email } = await createVerifiedUser();
    await postForm("/login", { email, intent: "link" });
    const oldSignIn = await latestEmailTo(email);
    await postForm("/forgot-password", { email });
    const firstReset = await latestEmailTo(email);
    await postForm("/forgot-password", { email });
    const secondReset = await latestEmailTo(email);

    expect(
      (await postForm("/reset-password", { token: secondReset.token!, password: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD })).status,
    ).toBe(200);
    const signIn = await postForm("/login/link", { token: oldSignIn.token! });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);
    const reuse = await postForm("/reset-password", {
      token: firstReset.token!,
      password: "Another new one 4",
      confirmPassword: "Another new one 4",
    });
    expect(reuse.status).toBe(400);
    expect(await signedInEmail(await signInCookie(email, OWNER_PASSWORD))).toBe(email);
  });

  it("a sign-in link for another account asks before switching; the signed-in account stays until the person confirms", async () => {
    const mine = await createVerifiedUser();
    const cookie = await signInCookie(mine.email);
    const planted = await createVerifiedUser();
    await postForm("/login", { email: planted.email, intent: "link" });
    const { token } = await latestEmailTo(planted.email);

    const opened = await postForm("/login/link", { token: token! }, { cookie });
    expect(opened.status).toBe(409);
    const page = visibleText(await opened.text());
    expect(page).toContain(`You are signed in as ${mine.email}`);
    expect(page).toContain(`Switch to ${planted.email}`);
    expect(opened.headers.getSetCookie().some((value) => value.startsWith("lc_session="))).toBe(false);
    expect(await signedInEmail(cookie)).toBe(mine.email);

    const switched = await postForm("/login/link", { token: token!, switchAccount: "1" }, { cookie });
    expect(switched.status).toBe(302);
    expect(await signedInEmail(cookieFrom(switched, "lc_session"))).toBe(planted.email);
  });

  it("the same account's link signs in without asking", async () => {
    const mine = await createVerifiedUser();
    const cookie = await signInCookie(mine.email);
    await postForm("/login", { email: mine.email, intent: "link" });
    const response = await postForm("/login/link", { token: (await latestEmailTo(mine.email)).token! }, { cookie });
    expect(response.status).toBe(302);
  });
});

describe("a stranger who paid with someone else's address (docs/decisions/027)", () => {
  /** The attacker pays with the victim's address on their own device, is signed in by /success and sets a password there. */
  async function payAsVictim(victim: string) {
    const paid = await postForm("/mock-checkout", { email: victim, name: "Not The Owner", cardNumber: "4242 4242 4242 4242" });
    const successUrl = paid.headers.get("Location")!;
    const attackerDevice = cookieFrom(await fetchApp(successUrl), "lc_session");
    const set = await postForm(
      successUrl,
      { intent: "set-password", password: ATTACKER_PASSWORD, redirectTo: successUrl },
      { cookie: attackerDevice },
    );
    expect(set.status).toBe(302);
    expect(await signedInEmail(await signInCookie(victim, ATTACKER_PASSWORD))).toBe(victim);
    return attackerDevice;
  }

  it("loses the session and the password once the mailbox owner opens the receipt's link and says the payment was not theirs", async () => {
    const victim = uniqueEmail("victim");
    const attackerDevice = await payAsVictim(victim);
    const receipt = await latestEmailTo(victim, "receipt");

    // The owner is asked before anything happens, and answers.
    const asked = await postForm("/login/link", { token: receipt.token! });
    expect(asked.status).toBe(409);
    expect(visibleText(await asked.text())).toContain("If it was not, we sign out every other device and remove that password.");
    const owner = await postForm("/login/link", { token: receipt.token!, purchase: "not-mine" });
    expect(owner.status).toBe(302);
    expect(await signedInEmail(cookieFrom(owner, "lc_session"))).toBe(victim);

    expect(await signedInEmail(attackerDevice)).toBeNull();
    expect((await postForm("/login", { email: victim, password: ATTACKER_PASSWORD, intent: "password" })).status).toBe(401);
    // The attacker's device is told why, and its one tap only mails the owner's own inbox.
    const next = await fetchApp("/dashboard", { headers: { Cookie: attackerDevice, Accept: "text/html" } });
    expect(next.status).toBe(303);
    const notice = cookieFrom(next, "lc_signed_out");
    const page = visibleText(await (await fetchApp("/login", { headers: { Cookie: notice } })).text());
    expect(page).toContain("You were signed out on this device because your email address was confirmed on another device.");
  });

  it("a registered squatter's password goes even if the owner's answer is 'yes': only a payment's own account is kept", async () => {
    const victim = uniqueEmail("victim");
    await squat(victim);
    await postForm("/login", { intent: "link", email: victim });
    const { token } = await latestEmailTo(victim);
    // Nothing to ask about (no payment created this account); a forged "mine" changes nothing.
    expect((await postForm("/login/link", { token: token!, purchase: "mine" })).status).toBe(302);
    expect(await isVerified(victim)).toBe(true);
    expect((await postForm("/login", { email: victim, password: ATTACKER_PASSWORD, intent: "password" })).status).toBe(401);
  });
});

describe("the signed-out notice's one-tap sign-in link", () => {
  it("without the ended session's own signed cookie, sends nothing and names no address; a typed email is ignored", async () => {
    const { email } = await createVerifiedUser();
    const before = await countEmailsTo(email);
    const noCookie = await postForm("/login", { intent: "relink", email });
    expect(noCookie.status).toBe(400);
    expect(visibleText(await noCookie.text())).not.toContain(email);
    const forged = await postForm(
      "/login",
      { intent: "relink" },
      { cookie: `lc_signed_out=${encodeURIComponent(btoa(JSON.stringify("0".repeat(64))))}.forged` },
    );
    expect(forged.status).toBe(400);
    expect(await countEmailsTo(email)).toBe(before);

    // A genuine notice (this browser's session was ended) mails its own account, whatever address the form carries.
    const device = await signInCookie(email);
    await postForm("/settings", { intent: "sign-out-everywhere" }, { cookie: await signInCookie(email) });
    const notice = cookieFrom(await fetchApp("/cards", { headers: { Cookie: device, Accept: "text/html" } }), "lc_signed_out");
    const other = uniqueEmail("elsewhere");
    expect((await postForm("/login", { intent: "relink", email: other }, { cookie: notice })).status).toBe(302);
    expect(await countEmailsTo(email)).toBe(before + 1);
    expect(await countEmailsTo(other)).toBe(0);
  });
});
