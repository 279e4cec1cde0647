/**
 * Home after sign-in (app/modules/access/home.ts): a buyer lands on the day's practice, an account without access on
 * its dashboard, and a page the sign-in asked for wins. And /settings, the account's own page: its forms as a browser
 * without JavaScript posts them.
 */
import { describe, expect, it } from "vitest";
import { grantAccessByEmail } from "~/modules/access/grants.server";
import { PASSWORD } from "../support/identities";
import { cookieFrom, createVerifiedUser, expectRedirect, fetchApp, latestEmailTo, postForm, signInCookie, visibleText } from "./helpers";
import { db } from "./library-support";

const signIn = (email: string, extra: Record<string, string> = {}) =>
  postForm("/login", { email, password: PASSWORD, intent: "password", ...extra });

async function buyerAccount(): Promise<string> {
  const { email } = await createVerifiedUser();
  await grantAccessByEmail(db, { email, actor: { userId: null, email: "tests" }, reason: "home tests" });
  return email;
}

describe("where a sign-in lands", () => {
  it("a buyer on /today and an account without access on its dashboard, each with the welcome toast", async () => {
    const buyer = await signIn(await buyerAccount());
    expectRedirect(buyer, "/today", 302);
    const arrived = `${cookieFrom(buyer, "lc_session")}; ${cookieFrom(buyer, "lc_toast")}`;
    expect(visibleText(await (await fetchApp("/today", { headers: { Cookie: arrived } })).text())).toContain("Welcome back!");

    const { email } = await createVerifiedUser();
    const member = await signIn(email);
    expectRedirect(member, "/dashboard", 302);
    expect(cookieFrom(member, "lc_toast")).toMatch(/^lc_toast=/);
  });

  it("a page the sign-in asked for wins, except /today (the installed app's start), which is the dashboard without access", async () => {
    expectRedirect(await signIn(await buyerAccount(), { redirectTo: "/journal" }), "/journal", 302);
    const { email } = await createVerifiedUser();
    expectRedirect(await signIn(email, { redirectTo: "/journal" }), "/journal", 302);
    expectRedirect(await signIn(email, { redirectTo: "/today#listen" }), "/dashboard", 302);
  });

  it("an emailed sign-in link lands a buyer on /today", async () => {
    const email = await buyerAccount();
    expectRedirect(await postForm("/login", { intent: "link", email }), "/login?redirectTo=%2Ftoday");
    const { token } = await latestEmailTo(email);
    expectRedirect(await postForm("/login/link", { token: token!, redirectTo: "/today" }), "/today", 302);
  });

  it("a signed-in account that opens /today without access is sent home to its dashboard, without a word", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    expectRedirect(await fetchApp("/login", { headers: { Cookie: cookie } }), "/today", 302);
    const today = await fetchApp("/today", { headers: { Cookie: cookie } });
    expectRedirect(today, "/dashboard", 302);
    expect(today.headers.getSetCookie().some((header) => header.startsWith("lc_toast="))).toBe(false);
  });

  it("a practice posted without access still goes to the checkout with 'Access Required'", async () => {
    const { email } = await createVerifiedUser();
    const refused = await postForm("/today", { intent: "reflect", reflection: "Mine." }, { cookie: await signInCookie(email) });
    expectRedirect(refused, "/checkout", 302);
    expect(visibleText(await (await fetchApp("/checkout", { headers: { Cookie: cookieFrom(refused, "lc_toast") } })).text())).toContain(
      "Access Required",
    );
  });
});

describe("/settings", () => {
  it("sends a visitor to sign in and back", async () => {
    expectRedirect(await fetchApp("/settings"), "/login?redirectTo=%2Fsettings", 302);
  });

  it("holds the profile, the daily card, signing in and the data, in that order", async () => {
    const { email } = await createVerifiedUser();
    const text = visibleText(await (await fetchApp("/settings", { headers: { Cookie: await signInCookie(email) } })).text());
    const order = ["Settings", "Your Profile", `Signed in as ${email}`, "Daily Card", "Sign-In and Security", "Your Data"];
    const at = order.map((heading) => text.indexOf(heading));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const control of ["Save Profile", "Send me the daily card by email", "Email Me a Link to Change It", "Sign out of all devices"]) {
      expect(text).toContain(control);
    }
    expect(text).toContain("Download My Data");
    expect(text).toContain("Delete My Account");
  });

  it("saves the profile's names, and answers a name too long with its message (400)", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    const tooLong = await postForm("/settings", { intent: "profile", firstName: "x".repeat(61) }, { cookie });
    expect(tooLong.status).toBe(400);
    expect(visibleText(await tooLong.text())).toContain("First name must be at most 60 characters");

    const saved = await postForm("/settings", { intent: "profile", firstName: "Lydia", lastName: "Purple" }, { cookie });
    expectRedirect(saved, "/settings", 302);
    const toast = `${cookie}; ${cookieFrom(saved, "lc_toast")}`;
    expect(visibleText(await (await fetchApp("/settings", { headers: { Cookie: toast } })).text())).toContain("Profile updated");
    expect(visibleText(await (await fetchApp("/dashboard", { headers: { Cookie: cookie } })).text())).toContain("Welcome back, Lydia!");
  });

  it("changes a password only by a link emailed to the account's own address, which then signs every device out", async () => {
    const { email } = await createVerifiedUser();
    const cookie = await signInCookie(email);
    const asked = await postForm("/settings", { intent: "change-password" }, { cookie });
    expectRedirect(asked, "/settings", 302);
    const { link, token, subject } = await latestEmailTo(email);
    expect(subject).toContain("Reset your");
    expect(new URL(link!).pathname).toBe("/reset-password");
    const fresh = "Evening light 2026";
    const reset = await postForm(`/reset-password?token=${token}`, { token: token!, password: fresh, confirmPassword: fresh });
    expect(reset.status).toBeLessThan(400);
    expectRedirect(await fetchApp("/settings", { headers: { Cookie: cookie } }), "/login?redirectTo=%2Fsettings");
    expect((await signIn(email)).status).toBe(401);
    expect((await postForm("/login", { email, password: fresh, intent: "password" })).status).toBe(302);
  });

  it("answers a form it does not know with a 400 and a message", async () => {
    const { email } = await createVerifiedUser();
    const unknown = await postForm("/settings", { intent: "launch" }, { cookie: await signInCookie(email) });
    expect(unknown.status).toBe(400);
    expect(visibleText(await unknown.text())).toContain("Unknown action.");
  });
});
