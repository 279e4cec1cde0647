/**
 * The shop's owner at /admin: a grant tells its recipient, the admin lands on /admin, and the sales figures and the
 * CSV downloads (docs/decisions/048-the-owners-admin.md).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { formatPrice, formatPriceShort } from "~/modules/config/money";
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

const DAY = 24 * 60 * 60 * 1000;

/** An account as the app stores one: created now, or `overrides` for its opt-ins. */
async function insertUser(email: string, overrides: { newsletter?: boolean; name?: string } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO users (id, email, name, email_verified, remember_login, newsletter_subscribed, created_at, updated_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?)",
  )
    .bind(id, email, overrides.name ?? null, overrides.newsletter ? 1 : 0, Date.now(), Date.now())
    .run();
  return id;
}

type SeededPurchase = { email: string; cents: number; currency: string; paidAt: number; refundedAt?: number; provider?: string };

/** A purchase row as fulfilment and the refund webhook leave it. */
async function insertPurchase(purchase: SeededPurchase & { userId: string }) {
  await env.DB.prepare(
    "INSERT INTO purchases (id, user_id, email, provider, stripe_payment_intent_id, amount_cents, currency, status, refunded_at, created_user, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
  )
    .bind(
      crypto.randomUUID(),
      purchase.userId,
      purchase.email,
      purchase.provider ?? "stripe",
      `pi_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`,
      purchase.cents,
      purchase.currency,
      purchase.refundedAt ? "refunded" : "paid",
      purchase.refundedAt ?? null,
      purchase.paidAt,
    )
    .run();
}

/**
 * The test files share one database: each test here sells in a currency of its own (CURRENCY is a var read per
 * request), so the figures it checks are its own purchases and no one else's.
 */
function shopCurrency(): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `Q${pick()}${pick()}`;
}

describe("sales on /admin", () => {
  it("totals the last 30 days and all time from the purchases and their refunds, and draws the days", async () => {
    const admin = await signedInAdmin();
    const currency = shopCurrency();
    const vars = { ...admin.vars, CURRENCY: currency };
    const now = Date.now();
    const buyer = uniqueEmail("sales-buyer");
    const userId = await insertUser(buyer);
    const money = (cents: number) => formatPrice({ cents, currency }).replace(/\s/g, " ");
    for (const purchase of [
      { cents: 2700, paidAt: now - 1 * DAY },
      { cents: 2700, paidAt: now - 5 * DAY, refundedAt: now - 2 * DAY },
      { cents: 1900, paidAt: now - 10 * DAY },
      // Before the 30 days: all time only, though its refund falls inside them.
      { cents: 2700, paidAt: now - 40 * DAY },
      { cents: 2700, paidAt: now - 45 * DAY, refundedAt: now - 3 * DAY },
    ]) {
      await insertPurchase({ ...purchase, userId, email: buyer, currency });
    }
    // Another currency's sale is not added as if it were the same money.
    await insertPurchase({ userId, email: buyer, cents: 99_900, currency: "jpy", paidAt: now - DAY });

    const html = await (await get(vars, "/admin", admin.cookie)).text();
    const totals = visibleText(html.slice(html.indexOf('data-testid="sales-totals"'), html.indexOf('data-testid="sales-all-time"')));
    expect(totals).toContain(`Net ${money(1900)}`);
    expect(totals).toContain(`Gross ${money(7300)}`);
    expect(totals).toContain(`Refunds ${money(5400)} 2 refunded`);
    expect(totals).toContain("Payments 3");
    const allTime = visibleText(html.slice(html.indexOf('data-testid="sales-all-time"'), html.indexOf('data-testid="revenue-chart"')));
    expect(allTime).toContain(`${money(7300)} net from 5 payments (${money(12700)} gross, ${money(5400)} refunded)`);

    // A bar a day for 30 days, described for a screen reader, with the figures in a table.
    const chart = html.slice(html.indexOf('data-testid="revenue-chart"'), html.indexOf("</figure>"));
    expect(chart.match(/<rect /g)).toHaveLength(30);
    expect(chart).toMatch(/role="img" aria-label="Revenue by day for the last 30 days: [^"]+ from 3 payments; the best day was/);
    const yesterday = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(now - DAY);
    const short = (cents: number) => formatPriceShort({ cents, currency }).replace(/\s/g, " ");
    expect(visibleText(chart)).toContain(`${yesterday} 1 ${short(2700)} —`);

    // The refunds, newest first; no reason was stored for these.
    const refunds = visibleText(
      html.slice(html.indexOf('data-testid="refunds"'), html.indexOf("</table>", html.indexOf('data-testid="refunds"'))),
    );
    expect(refunds).toContain(`${buyer} ${money(2700)} None given`);
  });
});

describe("sales with gifts and codes", () => {
  /** A gift paid (and, when refunded, cancelled by the refund) in `currency`, as gift fulfilment writes one. */
  async function insertPaidGift(input: { currency: string; cents: number; paidAt: number; refundedAt?: number }) {
    await env.DB.prepare(
      `INSERT INTO gifts (id, giver_name, giver_email, recipient_name, recipient_email, deliver_on, time_zone, status, provider,
        amount_cents, currency, paid_at, cancelled_at, created_at) VALUES (?, 'Giver', ?, 'Friend', ?, '2026-12-25', 'UTC', ?, 'stripe', ?, ?, ?, ?, ?)`,
    )
      .bind(
        crypto.randomUUID(),
        uniqueEmail("sales-giver"),
        uniqueEmail("sales-friend"),
        input.refundedAt ? "cancelled" : "paid",
        input.cents,
        input.currency,
        input.paidAt,
        input.refundedAt ?? null,
        input.paidAt,
      )
      .run();
  }

  const channelCount = (text: string, label: string) => Number(new RegExp(`${label} (\\d+)`).exec(text)?.[1] ?? Number.NaN);

  it("counts a gift's payment and its refund with the purchases', says how many were gifts and codes, and shows a refund's reason", async () => {
    const admin = await signedInAdmin();
    const currency = shopCurrency();
    const vars = { ...admin.vars, CURRENCY: currency };
    const now = Date.now();
    const money = (cents: number) => formatPrice({ cents, currency }).replace(/\s/g, " ");
    const before = visibleText(await (await get(vars, "/admin", admin.cookie)).text());

    const buyer = uniqueEmail("sales-reason");
    const userId = await insertUser(buyer);
    await insertPurchase({ userId, email: buyer, cents: 2700, currency, paidAt: now - 3 * DAY, refundedAt: now - DAY });
    await env.DB.prepare("UPDATE purchases SET refund_reason = ? WHERE email = ?").bind("It was not for me", buyer).run();
    await insertPaidGift({ currency, cents: 2700, paidAt: now - 2 * DAY });
    await insertPaidGift({ currency, cents: 2700, paidAt: now - 2 * DAY, refundedAt: now - DAY });
    // A purchase at a code's price (050).
    const codeId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO discount_codes (id, code, percent_off, currency, created_by_email, created_at) VALUES (?, ?, 25, ?, 'owner@example.com', ?)",
    )
      .bind(codeId, `SALES-${codeId.slice(0, 8).toUpperCase()}`, currency, now)
      .run();
    const coded = uniqueEmail("sales-coded");
    await insertPurchase({ userId: await insertUser(coded), email: coded, cents: 2025, currency, paidAt: now - DAY });
    await env.DB.prepare("UPDATE purchases SET discount_code_id = ? WHERE email = ?").bind(codeId, coded).run();

    const html = await (await get(vars, "/admin", admin.cookie)).text();
    const totals = visibleText(html.slice(html.indexOf('data-testid="sales-totals"'), html.indexOf('data-testid="sales-all-time"')));
    expect(totals).toContain(`Gross ${money(10125)}`);
    expect(totals).toContain(`Refunds ${money(5400)} 2 refunded`);
    expect(totals).toContain(`Net ${money(4725)}`);
    expect(totals).toContain("Payments 4");
    const after = visibleText(html);
    expect(channelCount(after, "Gifts") - channelCount(before, "Gifts")).toBe(2);
    expect(channelCount(after, "Purchases with a code") - channelCount(before, "Purchases with a code")).toBe(1);
    const refunds = visibleText(
      html.slice(html.indexOf('data-testid="refunds"'), html.indexOf("</table>", html.indexOf('data-testid="refunds"'))),
    );
    expect(refunds).toContain(`${buyer} ${money(2700)} It was not for me`);
  });
});

describe("the CSV downloads", () => {
  it("purchases.csv: every purchase with only the owner's fields, for the admin only", async () => {
    const admin = await signedInAdmin();
    const buyer = uniqueEmail("csv-buyer");
    const userId = await insertUser(buyer, { name: "Secret Name" });
    // A field that would run as a formula in a spreadsheet is written as text.
    const sneaky = `=HYPERLINK("https://evil.example")@${buyer}`;
    await insertPurchase({ userId, email: buyer, cents: 2700, currency: "usd", paidAt: Date.now() - DAY, refundedAt: Date.now() });
    await insertPurchase({ userId, email: sneaky, cents: 2700, currency: "usd", paidAt: Date.now() });

    const response = await get(admin.vars, "/admin/purchases.csv", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("attachment");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const csv = await response.text();
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header).toBe("paid_at_utc,email,amount,currency,status,refunded_at_utc,payment_reference");
    const mine = rows.filter((row) => row.includes(buyer));
    expect(mine).toHaveLength(2);
    expect(mine.find((row) => row.includes('"refunded"'))).toMatch(
      /^"[\d-]+T[\d:.]+Z","csv-buyer[^"]+","27\.00","USD","refunded","[\d-]+T[\d:.]+Z","pi_\w+"$/,
    );
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")@${buyer}"`);
    // Nothing of the account beyond the address: no name, no ids, no password hash.
    expect(csv).not.toContain("Secret Name");
    expect(csv).not.toContain(userId);
  });

  it("newsletter.csv: only buyers who agreed to news and whose purchase stands", async () => {
    const admin = await signedInAdmin();
    const agreed = uniqueEmail("news-yes");
    const declined = uniqueEmail("news-no");
    const refunded = uniqueEmail("news-refunded");
    const visitor = uniqueEmail("news-no-purchase");
    const now = Date.now();
    await insertPurchase({
      userId: await insertUser(agreed, { newsletter: true, name: "Ruth Reader" }),
      email: agreed,
      cents: 2700,
      currency: "usd",
      paidAt: now,
    });
    await insertPurchase({ userId: await insertUser(declined), email: declined, cents: 2700, currency: "usd", paidAt: now });
    await insertPurchase({
      userId: await insertUser(refunded, { newsletter: true }),
      email: refunded,
      cents: 2700,
      currency: "usd",
      paidAt: now - DAY,
      refundedAt: now,
    });
    await insertUser(visitor, { newsletter: true });

    const response = await get(admin.vars, "/admin/newsletter.csv", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const csv = await response.text();
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header).toBe("email,name,first_purchase_utc");
    expect(rows).toContain(`"${agreed}","Ruth Reader","${new Date(now).toISOString()}"`);
    for (const other of [declined, refunded, visitor]) expect(csv).not.toContain(other);
  });

  it("refuses both downloads to a visitor (sign in) and to a signed-in buyer (403), and the links are on /admin", async () => {
    const admin = await signedInAdmin();
    const page = await (await get(admin.vars, "/admin", admin.cookie)).text();
    const { email } = await createVerifiedUser(uniqueEmail("csv-buyer-not-admin"));
    await insertPurchase({ userId: await userIdOf(email), email, cents: 2700, currency: "usd", paidAt: Date.now() });
    const buyer = await postForm("/login", { email, password: PASSWORD, intent: "password" }, { env: admin.vars });
    const buyerCookie = cookieFrom(buyer, "lc_session");
    for (const path of ["/admin/purchases.csv", "/admin/newsletter.csv"]) {
      expect(page).toContain(`href="${path}"`);
      expectRedirect(await get(admin.vars, path), `/login?redirectTo=${encodeURIComponent(path)}`, 302);
      const refused = await get(admin.vars, path, buyerCookie);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("@");
    }
  });
});

describe("customers on /admin", () => {
  it("lists who bought or was given access, and a GET search by part of the email finds them", async () => {
    const admin = await signedInAdmin();
    const tag = crypto.randomUUID().slice(0, 8);
    const buyer = `buyer-${tag}@example.com`;
    const refunded = `refunded-${tag}@example.com`;
    const noPurchase = `visitor-${tag}@example.com`;
    await insertPurchase({ userId: await insertUser(buyer), email: buyer, cents: 2700, currency: "usd", paidAt: Date.now() });
    await insertPurchase({
      userId: await insertUser(refunded),
      email: refunded,
      cents: 2700,
      currency: "usd",
      paidAt: Date.now() - DAY,
      refundedAt: Date.now(),
    });
    await insertUser(noPurchase);
    const given = `given-${tag}@example.com`;
    await postForm("/admin", { intent: "grant", email: given }, { env: admin.vars, cookie: admin.cookie });

    const html = await (await get(admin.vars, `/admin?q=${tag.toUpperCase()}`, admin.cookie)).text();
    const list = visibleText(
      html.slice(html.indexOf('data-testid="customers"'), html.indexOf("</section>", html.indexOf('data-testid="customers"'))),
    );
    expect(list).toContain(`3 customers match “${tag.toUpperCase()}”.`);
    expect(list).toMatch(new RegExp(`${buyer} .+ Paid \\S+27\\.00`));
    expect(list).toMatch(new RegExp(`${refunded} .+ Refunded —`));
    expect(list).toMatch(new RegExp(`${given} .+ Given by an admin —`));
    expect(list).not.toContain(noPurchase);
    // The search box keeps what was searched; a LIKE wildcard matches only itself.
    expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${tag.toUpperCase()}"`));
    const wildcard = visibleText(await (await get(admin.vars, "/admin?q=%25", admin.cookie)).text());
    expect(wildcard).toContain("0 customers match “%”.");
  });
});
