/**
 * A planted sign-in link: someone asks for a link to their own account, bound for the checkout, and gets a signed-out
 * victim to open it. The victim must be asked whose account it is, and must never land on the planter's checkout,
 * where a purchase would credit the planter (app/modules/auth/link-request.server.ts).
 */
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/identities";
import { cookieFrom, createVerifiedUser, expectRedirect, fetchApp, latestEmailTo, postForm, visibleText } from "../helpers";

async function linkBoundForCheckout(email: string) {
  const asked = await postForm("/login?redirectTo=%2Fcheckout", { intent: "link", email, redirectTo: "/checkout" });
  expect(asked.status).toBe(302);
  const link = await latestEmailTo(email, "sign-in link");
  expect(new URL(link.link!).searchParams.get("redirectTo")).toBe("/checkout");
  return { token: link.token!, askingBrowser: cookieFrom(asked, "lc_link_asked") };
}

describe("a sign-in link opened in a browser that did not ask for it", () => {
  it("names the account and waits for a tap; nothing signs in on opening it", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("planter"));
    const { token } = await linkBoundForCheckout(email);
    const opened = await fetchApp(`/login/link?token=${token}&redirectTo=%2Fcheckout`, { headers: { Accept: "text/html" } });
    expect(opened.status).toBe(200);
    expect(visibleText(await opened.text())).toContain(`Sign in as ${email}?`);
    expect(opened.headers.getSetCookie().some((cookie) => cookie.startsWith("lc_session="))).toBe(false);
  });

  it("leads to the dashboard, not to the checkout it names; the browser that asked goes on to the checkout", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("planter"));
    const planted = await linkBoundForCheckout(email);
    expectRedirect(await postForm("/login/link", { token: planted.token, redirectTo: "/checkout" }), "/dashboard", 302);

    const own = await linkBoundForCheckout(email);
    expectRedirect(
      await postForm("/login/link", { token: own.token, redirectTo: "/checkout" }, { cookie: own.askingBrowser }),
      "/checkout",
      302,
    );
  });

  it("an expired or used link says so with a 4xx before anything is pressed", async () => {
    const { email } = await createVerifiedUser(uniqueEmail("planter"));
    const { token } = await linkBoundForCheckout(email);
    expect((await postForm("/login/link", { token })).status).toBe(302);
    const used = await fetchApp(`/login/link?token=${token}`, { headers: { Accept: "text/html" } });
    expect(used.status).toBe(400);
    expect(visibleText(await used.text())).toContain("This sign-in link is invalid or has already been used.");
  });
});
