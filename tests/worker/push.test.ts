/**
 * Web Push to a buyer's devices (docs/decisions/046-web-push.md), through the real Worker and D1 with the push service
 * faked at the fetch boundary. A message is a real RFC 8291 one: the test decrypts it with the device's own private
 * key and auth secret (http_ece, Mozilla's implementation of the encoding) and checks its VAPID signature; a push
 * service's 404 or 410 deletes that device and no other; devices go when their session, their access or their
 * account does.
 */

import { env } from "cloudflare:workers";
import crypto from "node:crypto";
import ece from "http_ece";
import { describe, expect, it } from "vitest";
import { revokeAccessByEmail } from "~/modules/access/grants.server";
import { readConfig } from "~/modules/config/config.server";
import { todayForAccount } from "~/modules/practice/today.server";
import { fakeHosts } from "../fakes/fetch";
import { completed, paidSession, refunded, webhook } from "../fakes/stripe";
import { PASSWORD } from "../support/identities";
import { cookieFrom, fetchApp, postForm, visibleText } from "./helpers";
import { buyer, type Caller, db, signedInUser } from "./library-support";

const PUSH_HOST = "push.example.test";

/** A browser's push subscription: its P-256 key pair and auth secret, kept here to decrypt what is sent to it. */
function browserSubscription(name: string = crypto.randomUUID()) {
  const keys = crypto.createECDH("prime256v1");
  keys.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const json = {
    endpoint: `https://${PUSH_HOST}/send/${name}`,
    expirationTime: null,
    keys: { p256dh: keys.getPublicKey().toString("base64url"), auth: authSecret.toString("base64url") },
  };
  return { json, keys, authSecret, endpoint: json.endpoint };
}
type Device = ReturnType<typeof browserSubscription>;

/** What the push service received. */
type Delivered = { url: string; headers: Headers; body: Uint8Array };

/** Fakes the push service: each endpoint answers the status given (201 if none) and every request is recorded. */
function fakePushService(statusFor: Record<string, number> = {}) {
  const delivered: Delivered[] = [];
  fakeHosts([PUSH_HOST], async (request) => {
    delivered.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    return new Response(null, { status: statusFor[request.url] ?? 201 });
  });
  return delivered;
}

function subscribe(caller: Pick<Caller, "cookie">, device: Device, userAgent = "Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile") {
  return fetchApp("/settings/notifications", {
    method: "POST",
    headers: {
      Origin: "http://localhost:8787",
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: caller.cookie,
      "User-Agent": userAgent,
    },
    body: new URLSearchParams({ intent: "push-subscribe", subscription: JSON.stringify(device.json) }).toString(),
  });
}

function sendTest(caller: Pick<Caller, "cookie">) {
  return postForm("/settings/notifications", { intent: "push-test" }, { cookie: caller.cookie });
}

async function endpointsOf(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY endpoint")
    .bind(userId)
    .all<{ endpoint: string }>();
  return results.map((row) => row.endpoint);
}

/** The toast a redirect carries, as the next page shows it. */
async function toastAfter(response: Response, caller: Caller): Promise<string> {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/settings");
  const page = await fetchApp("/settings", { headers: { Cookie: `${caller.cookie}; ${cookieFrom(response, "lc_toast")}` } });
  return visibleText(await page.text());
}

/** Verifies an ES256 JWT with a raw P-256 public key (base64url); returns its claims. */
async function verifiedClaims(jwt: string, publicKey: string): Promise<Record<string, unknown>> {
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  const key = await crypto.subtle.importKey("raw", Buffer.from(publicKey, "base64url"), { name: "ECDSA", namedCurve: "P-256" }, false, [
    "verify",
  ]);
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    new TextEncoder().encode(`${header}.${payload}`),
  );
  expect(valid, "the VAPID signature verifies with the site's public key").toBe(true);
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

describe("a buyer's devices and their notifications", () => {
  it("sends an RFC 8291 message that decrypts, with the device's keys, to the card's title and /today, signed with VAPID", async () => {
    const me = await buyer("push-decrypt");
    const device = browserSubscription();
    expect((await subscribe(me, device)).status).toBe(302);
    const delivered = fakePushService();

    expect(await toastAfter(await sendTest(me), me)).toContain("Test notification sent");
    expect(delivered).toHaveLength(1);
    const [message] = delivered as [Delivered];
    expect(message.url).toBe(device.endpoint);
    expect(message.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(Number(message.headers.get("TTL"))).toBeGreaterThan(0);

    // RFC 8292: "vapid t=<JWT>, k=<the site's public key>", the JWT signed by its private key, for this push service.
    const authorization = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(message.headers.get("Authorization") ?? "");
    expect(authorization?.[2]).toBe(env.VAPID_PUBLIC_KEY);
    const claims = await verifiedClaims(authorization![1]!, env.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe(`https://${PUSH_HOST}`);
    expect(claims.sub).toBe(`mailto:${readConfig(env).supportEmail}`);

    // RFC 8291/8188: the body decrypts with the browser's private key and auth secret, and only with them.
    const plaintext = ece.decrypt(Buffer.from(message.body), {
      version: "aes128gcm",
      privateKey: device.keys,
      authSecret: device.authSecret,
    });
    const today = await todayForAccount({ db, config: readConfig(env) }, { id: me.id, timeZone: null }, new Date());
    expect(JSON.parse(plaintext.toString("utf8"))).toEqual({
      title: "Notifications are on",
      body: `Each morning, like this: ${today!.card.title}`,
      url: "/today",
      tag: "test",
    });
    const stranger = browserSubscription();
    expect(() =>
      ece.decrypt(Buffer.from(message.body), { version: "aes128gcm", privateKey: stranger.keys, authSecret: stranger.authSecret }),
    ).toThrow();

    const row = await env.DB.prepare("SELECT last_success_at, device_label FROM push_subscriptions WHERE endpoint = ?")
      .bind(device.endpoint)
      .first<{ last_success_at: number | null; device_label: string }>();
    expect(row?.last_success_at).toBeGreaterThan(0);
    expect(row?.device_label).toBe("Android phone, Chrome");
  });

  it("deletes a device whose push service answers 404 or 410, and no other: not another account's, not one that failed otherwise", async () => {
    const me = await buyer("push-gone");
    const other = await buyer("push-gone-other");
    const [gone, notFound, working, busy] = [
      browserSubscription("gone"),
      browserSubscription("not-found"),
      browserSubscription("ok"),
      browserSubscription("busy"),
    ];
    const othersDevice = browserSubscription("other");
    for (const device of [gone, notFound, working, busy]) expect((await subscribe(me, device)).status).toBe(302);
    expect((await subscribe(other, othersDevice)).status).toBe(302);
    const delivered = fakePushService({ [gone.endpoint]: 410, [notFound.endpoint]: 404, [busy.endpoint]: 503 });

    expect(await toastAfter(await sendTest(me), me)).toContain("Test notification sent");
    expect(delivered.map((message) => message.url).sort()).toEqual([busy, gone, working, notFound].map((device) => device.endpoint).sort());
    expect(await endpointsOf(me.id)).toEqual([busy.endpoint, working.endpoint].sort());
    expect(await endpointsOf(other.id)).toEqual([othersDevice.endpoint]);
  });

  it("forgets a device when it signs out, and every device when the account signs out everywhere", async () => {
    const me = await buyer("push-sign-out");
    const phone = browserSubscription();
    expect((await subscribe(me, phone)).status).toBe(302);
    const laptopCookie = (await buyerSession(me)).cookie;
    const laptop = browserSubscription();
    expect((await subscribe({ cookie: laptopCookie }, laptop)).status).toBe(302);
    expect(await endpointsOf(me.id)).toEqual([laptop.endpoint, phone.endpoint].sort());

    // Signing out of the phone forgets the phone only.
    expect((await postForm("/logout", {}, { cookie: me.cookie })).status).toBe(302);
    expect(await endpointsOf(me.id)).toEqual([laptop.endpoint]);

    // "Sign out of all devices" from a third session forgets the rest.
    const third = await buyerSession(me);
    expect((await subscribe(third, browserSubscription())).status).toBe(302);
    expect((await postForm("/settings", { intent: "sign-out-everywhere" }, { cookie: third.cookie })).status).toBe(302);
    expect(await endpointsOf(me.id)).toEqual([]);
  });

  it("deletes a buyer's devices when an admin revokes their access, and a refunded buyer's", async () => {
    const granted = await buyer("push-revoked");
    expect((await subscribe(granted, browserSubscription())).status).toBe(302);
    await revokeAccessByEmail(db, { email: granted.email, actor: { userId: null, email: "tests" }, reason: "push test" });
    expect(await endpointsOf(granted.id)).toEqual([]);

    const paying = await signedInUser("push-refunded");
    const session = paidSession(paying.email);
    expect((await webhook(completed(session))).status).toBe(200);
    expect((await subscribe(paying, browserSubscription())).status).toBe(302);
    expect(await endpointsOf(paying.id)).toHaveLength(1);
    expect((await webhook(refunded(session, 2700))).status).toBe(200);
    expect(await endpointsOf(paying.id)).toEqual([]);
  });

  it("refuses a subscription that is not one (400), and a device without access (403); keeps nothing of either", async () => {
    const me = await buyer("push-bad");
    const bad = { ...browserSubscription().json, endpoint: "http://push.example.test/plain" };
    const response = await postForm(
      "/settings/notifications",
      { intent: "push-subscribe", subscription: JSON.stringify(bad) },
      { cookie: me.cookie },
    );
    expect(response.status).toBe(400);
    expect((await postForm("/settings/notifications", { intent: "push-subscribe", subscription: "{" }, { cookie: me.cookie })).status).toBe(
      400,
    );
    const visitor = await signedInUser("push-no-access");
    expect((await subscribe(visitor, browserSubscription())).status).toBe(403);
    expect(await endpointsOf(me.id)).toEqual([]);
    expect(await endpointsOf(visitor.id)).toEqual([]);
  });
});

/** Another browser session of the same account (the laptop beside the phone). */
async function buyerSession(caller: Caller): Promise<Pick<Caller, "cookie">> {
  const response = await postForm("/login", { email: caller.email, password: PASSWORD, intent: "password" });
  return { cookie: cookieFrom(response, "lc_session") };
}
