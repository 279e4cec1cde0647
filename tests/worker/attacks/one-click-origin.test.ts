/**
 * The one-click unsubscribe (RFC 8058, docs/decisions/021) as mail providers send it: some add an `Origin` header of
 * their own. The cross-origin guard refused those POSTs, so the user stayed subscribed though they had asked to
 * leave. The one-click address accepts a POST from any origin (its signed token is its authority, and it can only
 * turn the daily card off); every other form still refuses a foreign Origin.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/modules/config/config.server";
import { unsubscribeLinks } from "~/modules/daily-card/unsubscribe.server";
import { fetchApp, postForm } from "../helpers";
import { signedInUser } from "../library-support";

async function isSubscribed(userId: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT newsletter_subscribed FROM users WHERE id = ?")
    .bind(userId)
    .first<{ newsletter_subscribed: number }>();
  return row?.newsletter_subscribed === 1;
}

describe("a one-click unsubscribe with an Origin", () => {
  it("from a mail provider's origin unsubscribes; the same Origin on another form is still refused", async () => {
    const user = await signedInUser("one-click");
    await env.DB.prepare("UPDATE users SET newsletter_subscribed = 1 WHERE id = ?").bind(user.id).run();
    const { oneClick } = await unsubscribeLinks(readConfig(env), user.id);
    const link = new URL(oneClick);
    const response = await fetchApp(link.pathname + link.search, {
      method: "POST",
      headers: { Origin: "https://mail.example.net", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await isSubscribed(user.id)).toBe(false);

    const elsewhere = await postForm(
      "/login",
      { email: user.email, password: "x", intent: "password" },
      { origin: "https://mail.example.net" },
    );
    expect(elsewhere.status).toBe(403);
  });
});
