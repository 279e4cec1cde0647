/**
 * The account after buying (docs/decisions/027): a password chosen on the success page or in Settings,
 * a remembered session after paying or opening a sign-in link, devices that stay signed in when the owner says the
 * payment was theirs, and devices the server signed out that are told why and offered a way back.
 */
import { describe, expect, it } from "vitest";
import { fakeStripe, paidSession, STRIPE_ENV } from "../fakes/stripe";
import { PASSWORD, uniqueEmail } from "../support/identities";
import {
  cookieFrom,
  createVerifiedUser,
  expectRedirect,
  fetchApp,
  fetchAppWithEnv,
  latestEmailTo,
  postForm,
  signedInEmail,
  signInCookie,
  visibleText,
} from "./helpers";

const CHOSEN_PASSWORD = "Bought on my phone 7";
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** Pays with the test card as a signed-out visitor and opens the success page: the buying device's cookie and page. */
async function buyWithTestCard(email: string, cookie?: string) {
  const paid = await postForm("/mock-checkout", { email, name: "Grace Buyer", cardNumber: "4242 4242 4242 4242" }, { cookie });
  expect(paid.status).toBe(303);
  const successUrl = paid.headers.get("Location")!;
  const success = await fetchApp(successUrl, cookie ? { headers: { Cookie: cookie } } : undefined);
  expect(success.status).toBe(200);
  const page = visibleText(await success.text());
  const session = cookie ?? cookieFrom(success, "lc_session");
  return { successUrl, success, page, phone: session };
}

function maxAgeOf(response: Response, name: string): number | null {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  const match = cookie ? /Max-Age=(\d+)/i.exec(cookie) : null;
  return match ? Number(match[1]) : null;
}

/** A page as a browser opens it (a document navigation), with its cookies. */
function openPage(path: string, cookie: string) {
  return fetchApp(path, { headers: { Cookie: cookie, Accept: "text/html" } });
}

describe("Set a password after buying", () => {
  it("the buyer without a password sets one on /success (bad input answers 400 inline), then signs in with it", async () => {
    const email = uniqueEmail("buyer");
    const { successUrl, page, phone } = await buyWithTestCard(email);
    expect(page).toContain("Set a password");

    const tooShort = await postForm(successUrl, { intent: "set-password", password: "short", redirectTo: successUrl }, { cookie: phone });
    expect(tooShort.status).toBe(400);
    expect(visibleText(await tooShort.text())).toContain("Password must be at least 8 characters long");
    const common = await postForm(
      successUrl,
      { intent: "set-password", password: "password123", redirectTo: successUrl },
      { cookie: phone },
    );
    expect(common.status).toBe(400);
    expect(visibleText(await common.text())).toContain("This password is too common. Please choose another.");

    const set = await postForm(
      successUrl,
      { intent: "set-password", password: CHOSEN_PASSWORD, redirectTo: successUrl },
      { cookie: phone },
    );
    expectRedirect(set, successUrl, 302);
    const after = await fetchApp(successUrl, { headers: { Cookie: `${phone}; ${cookieFrom(set, "lc_toast")}` } });
    const afterText = visibleText(await after.text());
    expect(afterText).toContain("Password set");
    expect(afterText).not.toContain("New Password");

    // Another browser, no cookie: the email and the chosen password open the account.
    expect(await signedInEmail(await signInCookie(email, CHOSEN_PASSWORD))).toBe(email);
  });

  it("a buyer who skipped it sets one later in Settings", async () => {
    const email = uniqueEmail("skipped");
    const { phone } = await buyWithTestCard(email);
    expect(visibleText(await (await fetchApp("/settings", { headers: { Cookie: phone } })).text())).toContain("Set a password");
    const set = await postForm(
      "/settings",
      { intent: "set-password", password: CHOSEN_PASSWORD, redirectTo: "/settings" },
      { cookie: phone },
    );
    expectRedirect(set, "/settings", 302);
    expect(visibleText(await (await fetchApp("/settings", { headers: { Cookie: phone } })).text())).not.toContain("Set a password");
    expect(await signedInEmail(await signInCookie(email, CHOSEN_PASSWORD))).toBe(email);
  });

  it("a buyer who already has a password is neither offered it nor allowed to replace it", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("has-password"));
    const cookie = await signInCookie(email);
    const { page } = await buyWithTestCard(email, cookie);
    expect(page).toContain(`You are signed in as ${email}`);
    expect(page).not.toContain("Set a password");
    const settings = visibleText(await (await fetchApp("/settings", { headers: { Cookie: cookie } })).text());
    expect(settings).not.toContain("Set a password");
    expect(settings).toContain("Email Me a Link to Change It");

    const refused = await postForm("/settings", { intent: "set-password", password: CHOSEN_PASSWORD }, { cookie });
    expect(refused.status).toBe(409);
    expect(visibleText(await refused.text())).toContain("This account already has a password.");
    expect((await postForm("/login", { email, password: CHOSEN_PASSWORD, intent: "password" })).status).toBe(401);
    expect(await signedInEmail(await signInCookie(email, PASSWORD))).toBe(email);
  });

  it("a stranger holding the success URL, or another site, cannot set the buyer's password", async () => {
    const email = uniqueEmail("target");
    const { successUrl, phone } = await buyWithTestCard(email);
    const fields = { intent: "set-password", password: "Stranger chose this 5", redirectTo: successUrl };

    // No session cookie: only the URL (history, a screenshot). Sent to sign in; nothing changes.
    const stranger = await postForm(successUrl, fields);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    // The buyer's own cookie, but a form on another site (CSRF): refused.
    expect((await postForm(successUrl, fields, { cookie: phone, origin: "https://evil.example" })).status).toBe(403);
    expect((await postForm("/login", { email, password: fields.password, intent: "password" })).status).toBe(401);
  });
});

describe("the session after buying is remembered", () => {
  it("the test payment's success page sets a 30-day cookie", async () => {
    const { success } = await buyWithTestCard(uniqueEmail("remembered"));
    expect(maxAgeOf(success, "lc_session")).toBeGreaterThan(THIRTY_DAYS_SECONDS - 60);
    expect(maxAgeOf(success, "lc_session")).toBeLessThanOrEqual(THIRTY_DAYS_SECONDS);
  });

  it("Stripe's success page does the same (one implementation)", async () => {
    fakeStripe();
    const session = paidSession(uniqueEmail("stripe-remembered"));
    const page = await fetchAppWithEnv(STRIPE_ENV, `/success?session_id=${session.id}`);
    expect(maxAgeOf(page, "lc_session")).toBeGreaterThan(THIRTY_DAYS_SECONDS - 60);
  });

  it("a sign-in link's session is remembered too", async () => {
    const { email } = await createVerifiedUser();
    await postForm("/login", { intent: "link", email });
    const signedIn = await postForm("/login/link", { token: (await latestEmailTo(email)).token! });
    expect(signedIn.status).toBe(302);
    expect(maxAgeOf(signedIn, "lc_session")).toBeGreaterThan(THIRTY_DAYS_SECONDS - 60);
  });
});

describe("a sign-in link on another device", () => {
  it("keeps the phone that paid signed in, with its password, once the mailbox owner says the payment was theirs", async () => {
    const email = uniqueEmail("two-devices");
    const { successUrl, phone } = await buyWithTestCard(email);
    await postForm(successUrl, { intent: "set-password", password: CHOSEN_PASSWORD, redirectTo: successUrl }, { cookie: phone });

    // The laptop opens the receipt's link: the page asks before it signs in, and uses nothing up.
    const receipt = await latestEmailTo(email, "receipt");
    const asked = await postForm("/login/link", { token: receipt.token!, redirectTo: "/cards" });
    expect(asked.status).toBe(409);
    const question = visibleText(await asked.text());
    expect(question).toContain("Did You Buy LIGHT Cards?");
    expect(question).toContain("$27.00");
    expect(asked.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);

    const laptop = await postForm("/login/link", { token: receipt.token!, redirectTo: "/cards", purchase: "mine" });
    expectRedirect(laptop, "/cards", 302);
    expect(await signedInEmail(cookieFrom(laptop, "lc_session"))).toBe(email);
    expect(await signedInEmail(phone)).toBe(email);
    expect(await signedInEmail(await signInCookie(email, CHOSEN_PASSWORD))).toBe(email);
  });

  it("on the phone that paid, with no other device and no password, signs in without asking", async () => {
    const email = uniqueEmail("same-phone");
    const { phone } = await buyWithTestCard(email);
    const receipt = await latestEmailTo(email);
    const signedIn = await postForm("/login/link", { token: receipt.token! }, { cookie: phone });
    expect(signedIn.status).toBe(302);
    expect(await signedInEmail(cookieFrom(signedIn, "lc_session"))).toBe(email);
  });
});

describe("Sign out of all devices", () => {
  it("ends every session; the other device is told why on its next page and gets a sign-in link in one tap", async () => {
    const { email } = await createVerifiedUser();
    const phone = await signInCookie(email);
    const laptop = await signInCookie(email);

    const everywhere = await postForm("/settings", { intent: "sign-out-everywhere" }, { cookie: laptop });
    expectRedirect(everywhere, "/login", 302);
    expect(everywhere.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session=;"))).toBe(true);
    const toast = await fetchApp("/login", { headers: { Cookie: cookieFrom(everywhere, "lc_toast") } });
    expect(visibleText(await toast.text())).toContain("Signed out of all devices");
    expect(await signedInEmail(laptop)).toBeNull();
    expect(await signedInEmail(phone)).toBeNull();

    // The phone opens a page: it lands on the sign-in page, which says why.
    const next = await openPage("/cards", phone);
    expectRedirect(next, "/login?redirectTo=%2Fcards", 303);
    expect(next.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session=;"))).toBe(true);
    const notice = cookieFrom(next, "lc_signed_out");
    const signIn = visibleText(await (await openPage("/login?redirectTo=%2Fcards", notice)).text());
    expect(signIn).toContain("You were signed out on this device because “Sign out of all devices” was used on your account.");
    expect(signIn).toContain(`One tap sends a sign-in link to ${email}`);
    // That page names the account: the edge cache of public pages never keeps it for the next visitor.
    expect(visibleText(await (await fetchApp("/login?redirectTo=%2Fcards")).text())).not.toContain(email);

    const relink = await postForm("/login", { intent: "relink", redirectTo: "/cards" }, { cookie: notice });
    expectRedirect(relink, "/login?redirectTo=%2Fcards", 302);
    expect(relink.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_signed_out=;"))).toBe(true);
    const link = await latestEmailTo(email);
    expect(link.subject).toContain("sign-in link");
    expect(new URL(link.link!).searchParams.get("redirectTo")).toBe("/cards");
    expect((await postForm("/login/link", { token: link.token! })).status).toBe(302);
  });

  it("the sign-in page itself, reached by a page's own redirect (a navigation with JavaScript), shows the same notice", async () => {
    const { email } = await createVerifiedUser();
    const phone = await signInCookie(email);
    await postForm("/settings", { intent: "sign-out-everywhere" }, { cookie: await signInCookie(email) });
    const page = await fetchApp("/login?redirectTo=%2Fdashboard", { headers: { Cookie: phone } });
    expect(visibleText(await page.text())).toContain("You were signed out on this device because");
    expect(cookieFrom(page, "lc_signed_out")).toMatch(/^lc_signed_out=/);
  });
});

describe("the receipt and the reset email say what the buyer has", () => {
  it("a new buyer (no password) is told about links and choosing a password, never to sign in with one", async () => {
    const email = uniqueEmail("receipt");
    await buyWithTestCard(email);
    const receipt = await latestEmailTo(email);
    expect(receipt.subject).toContain("receipt");
    expect(receipt.text).toContain("You have no password yet");
    expect(receipt.text).toContain("“Forgot password?”");
    expect(receipt.text).not.toContain("sign in with your password");

    await postForm("/forgot-password", { email });
    const choose = await latestEmailTo(email);
    expect(choose.subject).toBe("Choose a password for LIGHT Cards");
    expect(choose.text).not.toContain("reset the password");
  });

  it("a buyer with a password is told to sign in with it, as before", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("receipt-password"));
    await buyWithTestCard(email, await signInCookie(email));
    const receipt = await latestEmailTo(email);
    expect(receipt.text).toContain("Afterwards, sign in with your password or ask for a new link on the sign-in page.");
    expect(receipt.text).not.toContain("You have no password yet");
  });
});
