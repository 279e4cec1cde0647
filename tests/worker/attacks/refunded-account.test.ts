/**
 * A stranger S pays with victim V's address, is signed in by the success page and chooses a password there. S's payment
 * is then refunded (or lost as a dispute). Nothing of what that payment let S keep may survive it: not S's session, not
 * S's password, and not the account V's own later payment lands on (docs/decisions/027).
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { checkoutMetadataAs, completed, fakeStripe, refunded, STRIPE_ENV, stripeSessions, webhook } from "../../fakes/stripe";
import { uniqueEmail } from "../../support/identities";
import { cookieFrom, fetchApp, fetchAppWithEnv, latestEmailTo, postForm, signedInEmail, visibleText } from "../helpers";

const STRANGERS_PASSWORD = "Stranger's own 42";

/** Checks out through the app's real checkout (Stripe faked at its API), then has Stripe report the session paid. */
async function payThroughTheApp(email: string) {
  await checkoutMetadataAs("", email);
  const session = [...stripeSessions.values()].at(-1)!;
  Object.assign(session, {
    payment_status: "paid",
    status: "complete",
    customer_details: { email, name: "Grace Buyer" },
    payment_intent: `pi_${crypto.randomUUID().replace(/-/g, "")}`,
  });
  expect((await webhook(completed(session))).status).toBe(200);
  return session;
}

/** S pays with V's address and opens the success page: signed in there, S chooses a password. */
async function strangerPaysWithVictimsAddress(victim: string) {
  const session = await payThroughTheApp(victim);
  const successUrl = `/success?session_id=${session.id}`;
  const success = await fetchAppWithEnv(STRIPE_ENV, successUrl);
  const strangersPhone = cookieFrom(success, "lc_session");
  const chosen = await postForm(
    successUrl,
    { intent: "set-password", password: STRANGERS_PASSWORD, redirectTo: "/cards" },
    { cookie: strangersPhone },
  );
  expect(chosen.status).toBe(302);
  expect(await signedInEmail(strangersPhone)).toBe(victim);
  return { session, strangersPhone };
}

function signInWithPassword(email: string, password: string) {
  return postForm("/login", { email, password, intent: "password" });
}

async function openCards(cookie: string) {
  return visibleText(await (await fetchApp("/cards", { headers: { Cookie: cookie, Accept: "text/html" } })).text());
}

describe("a refunded payment keeps nothing of the account it set up", () => {
  beforeEach(() => {
    fakeStripe();
  });

  it("the refund ends S's session and password; V's own later payment does not open the collection to S; V's link asks nothing", async () => {
    const victim = uniqueEmail("victim");
    const { session, strangersPhone } = await strangerPaysWithVictimsAddress(victim);
    expect(await signInWithPassword(victim, STRANGERS_PASSWORD).then((r) => r.status)).toBe(302);

    expect((await webhook(refunded(session, 2700))).status).toBe(200);

    expect(await signedInEmail(strangersPhone)).toBeNull();
    expect((await signInWithPassword(victim, STRANGERS_PASSWORD)).status).toBe(401);
    // S's device is told why on its next page, as for any server-ended session.
    const told = await fetchApp("/cards", { headers: { Cookie: strangersPhone, Accept: "text/html" } });
    const login = await fetchApp("/login?redirectTo=%2Fcards", { headers: { Cookie: cookieFrom(told, "lc_signed_out") } });
    expect(visibleText(await login.text())).toContain("the payment that set up this account was refunded");

    // V buys with their own address: the purchase lands on the same account, which S cannot open.
    await payThroughTheApp(victim);
    expect(await openCards(strangersPhone)).not.toContain("Search cards");
    expect((await signInWithPassword(victim, STRANGERS_PASSWORD)).status).toBe(401);

    // V's receipt link signs V in at once: no question about S's refunded payment, no "Yes, I paid" to give S the account.
    const receipt = await latestEmailTo(victim);
    const opened = await postForm("/login/link", { token: receipt.token!, redirectTo: "/cards" });
    expect(opened.status).toBe(302);
    const victimsLaptop = cookieFrom(opened, "lc_session");
    expect(await signedInEmail(victimsLaptop)).toBe(victim);
    expect(await openCards(victimsLaptop)).toContain("Search cards");
    expect(await signedInEmail(strangersPhone)).toBeNull();
  });

  it("a dispute S loses does the same", async () => {
    const victim = uniqueEmail("disputed-victim");
    const { session, strangersPhone } = await strangerPaysWithVictimsAddress(victim);
    const lost = {
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.dispute.closed",
      data: {
        object: {
          id: `dp_${crypto.randomUUID()}`,
          object: "dispute",
          amount: 2700,
          status: "lost",
          payment_intent: session.payment_intent,
        },
      },
    };
    expect((await webhook(lost)).status).toBe(200);
    expect(await signedInEmail(strangersPhone)).toBeNull();
    expect((await signInWithPassword(victim, STRANGERS_PASSWORD)).status).toBe(401);
  });

  it("a new payment for an unconfirmed address ends the sessions and the password nobody proved before it grants access", async () => {
    // An account whose creating payment was refunded before refunds ended its sessions: S still holds it.
    const victim = uniqueEmail("inherited");
    const { strangersPhone } = await strangerPaysWithVictimsAddress(victim);
    await env.DB.prepare("UPDATE purchases SET status = 'refunded', refunded_at = ? WHERE lower(email) = lower(?)")
      .bind(Date.now(), victim)
      .run();

    await payThroughTheApp(victim);

    expect(await signedInEmail(strangersPhone)).toBeNull();
    expect((await signInWithPassword(victim, STRANGERS_PASSWORD)).status).toBe(401);
    const receipt = await latestEmailTo(victim);
    expect(receipt.text).toContain("You have no password yet");
  });

  it("the mailbox is told when a first password is set, with a way to replace it", async () => {
    const victim = uniqueEmail("told");
    await strangerPaysWithVictimsAddress(victim);
    const notice = await latestEmailTo(victim);
    expect(notice.subject).toBe("A password was set for your LIGHT Cards account");
    expect(notice.link).toMatch(/\/forgot-password$/);
  });
});
