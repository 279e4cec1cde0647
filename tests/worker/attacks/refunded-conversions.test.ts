/**
 * A/B conversions after a refund (docs/decisions/020-ab-tests.md). A buyer who pays and takes the money back (the
 * 30-day guarantee, or a dispute) stayed a conversion for the variant they saw, so a variant could be pumped with
 * purchases that were then refunded. The admin's results count paying buyers: a full refund takes the conversion
 * back; a partial refund leaves it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkoutMetadataAs, completed, fakeStripe, paidSession, refunded, webhook } from "../../fakes/stripe";
import { uniqueEmail } from "../../support/identities";
import { cookieFrom, landAsBrowser } from "../helpers";

async function conversionsOf(visitorId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM ab_events WHERE visitor_id = ? AND event = 'conversion'")
    .bind(visitorId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function buyerWhoSawTheLanding() {
  const { landing, cookie } = await landAsBrowser();
  const visitorId = cookieFrom(landing, "lc_vid").slice("lc_vid=".length).split(".")[0] ?? "";
  const email = uniqueEmail("refunder");
  const metadata = await checkoutMetadataAs(cookie, email);
  const session = paidSession(email, { metadata });
  expect((await webhook(completed(session))).status).toBe(200);
  expect(await conversionsOf(visitorId)).toBeGreaterThan(0);
  return { visitorId, session };
}

describe("a refunded purchase in the A/B results", () => {
  it("a full refund takes its conversion back; a partial refund leaves it", async () => {
    fakeStripe();
    const full = await buyerWhoSawTheLanding();
    expect((await webhook(refunded(full.session, 2700))).status).toBe(200);
    expect(await conversionsOf(full.visitorId)).toBe(0);

    const partial = await buyerWhoSawTheLanding();
    expect((await webhook(refunded(partial.session, 500))).status).toBe(200);
    expect(await conversionsOf(partial.visitorId)).toBeGreaterThan(0);
  });
});
