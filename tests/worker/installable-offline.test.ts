/**
 * The installed app and its offline collection through the real Worker (docs/decisions/025-installable-offline.md):
 * the manifest and every icon it names as a browser fetches them from the static assets, the service worker's
 * headers, the page head and policy that let a browser use them, which account's pages a browser may keep, and the
 * sign-out that tells the browser to forget them.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchApp, ORIGIN, postForm } from "./helpers";
import { api, buyer, signedInUser } from "./library-support";

const asset = (path: string) => env.ASSETS.fetch(new Request(new URL(path, ORIGIN)));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect([...bytes.subarray(1, 4)].map((code) => String.fromCharCode(code)).join("")).toBe("PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe("the web app manifest", () => {
  it("is JSON with the members a browser needs to install the app, served as a manifest", async () => {
    const response = await asset("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: "LIGHT Cards", start_url: "/today", scope: "/", display: "standalone" });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  it("names icons that are served as PNGs of the size it states", async () => {
    const manifest = (await (await asset("/manifest.webmanifest")).json()) as Manifest;
    for (const icon of manifest.icons) {
      const response = await asset(icon.src);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("Content-Type"), icon.src).toBe("image/png");
      const { width, height } = pngSize(new Uint8Array(await response.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it("has an apple-touch-icon of 180 px and a favicon.ico beside it", async () => {
    const touch = await asset("/apple-touch-icon.png");
    expect(touch.headers.get("Content-Type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });
    const ico = await asset("/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.headers.get("Content-Type")).toMatch(/icon/);
  });
});

describe("the service worker script", () => {
  it("is JavaScript that the browser checks for updates, never cached as immutable", async () => {
    const response = await asset("/sw.js");
    expect(response.status, "public/sw.js is built by scripts/build-service-worker.ts").toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(await response.text()).toContain("lc-personal-");
  });
});

const MANIFEST_LINK = '<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials"/>';

describe("every page", () => {
  it("links the icons, names its theme colours, and lets the worker and the manifest load", async () => {
    const response = await fetchApp("/");
    const html = await response.text();
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32"/>');
    const manifest = (await (await asset("/manifest.webmanifest")).json()) as Manifest;
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" media="(prefers-color-scheme: light)"/>`);
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)"\/>/);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
  });

  it("offers the installed app (links the manifest) to a signed-in viewer only: a visitor's page has no app to install", async () => {
    // A browser checks a linked manifest on every page load (Chrome fetches it and an icon): a visitor's landing would
    // pay two requests for an app whose home, /today, is the buyer's (docs/decisions/038-one-serif-file.md).
    for (const path of ["/", "/sample-card", "/login"]) {
      expect(await (await fetchApp(path)).text(), path).not.toContain('rel="manifest"');
    }
    const { cookie } = await buyer("manifest");
    for (const path of ["/today", "/cards", "/dashboard", "/settings", "/"]) {
      expect(await (await fetchApp(path, { headers: { Cookie: cookie } })).text(), path).toContain(MANIFEST_LINK);
    }
  });
});

/** "Keep me logged in": only such a session may keep pages offline. */
const REMEMBERED = { remember: true };

describe("/offline-collection.json: whose pages a browser may keep", () => {
  const collection = async (cookie?: string) => {
    const response = await fetchApp("/offline-collection.json", cookie ? { headers: { Cookie: cookie } } : undefined);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    return (await response.json()) as { key: string | null; pages?: { path: string; version: string }[] };
  };

  it("names no account for a visitor or a member without access", async () => {
    expect(await collection()).toEqual({ key: null });
    expect(await collection((await signedInUser("no-access", {}, REMEMBERED)).cookie)).toEqual({ key: null });
  });

  it("names none for a buyer signed in for this browser session only, and clears the session's marker", async () => {
    const me = await buyer("offline-browser-session");
    const response = await fetchApp("/offline-collection.json", { headers: { Cookie: `${me.cookie}; lc_offline=1` } });
    expect(await response.json()).toEqual({ key: null });
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_offline="))).toMatch(/^lc_offline=; .*Max-Age=0/);
  });

  it("gives a remembered buyer's copy the session's expiry, and a marker cookie the service worker can read, as long-lived", async () => {
    const me = await buyer("offline-expiry", REMEMBERED);
    const response = await fetchApp("/offline-collection.json", { headers: { Cookie: me.cookie } });
    const { expiresAt } = (await response.json()) as { expiresAt: number };
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect(expiresAt).toBeGreaterThan(Date.now() + thirtyDays - 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + thirtyDays);
    const marker = response.headers.getSetCookie().find((cookie) => cookie.startsWith("lc_offline=")) ?? "";
    expect(marker).toMatch(/^lc_offline=1; Path=\/; Max-Age=(\d+); SameSite=Lax$/);
    expect(Number(/Max-Age=(\d+)/.exec(marker)?.[1])).toBeGreaterThan(thirtyDays / 1000 - 60);
    expect(marker).not.toMatch(/HttpOnly/i);
  });

  it("gives a buyer the library, today's practice and every card page under an opaque key of their own, the same on every device", async () => {
    const cards = await env.DB.prepare("SELECT id FROM affirmation_cards ORDER BY order_index, id").all<{ id: string }>();
    const first = await buyer("offline-a", REMEMBERED);
    const mine = await collection(first.cookie);
    expect(mine.pages?.map((page) => page.path)).toEqual(["/cards", "/today", ...cards.results.map((card) => `/cards/${card.id}`)]);
    expect(mine.key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(mine.key).not.toContain(first.id);
    expect((await collection(first.cookie)).key).toBe(mine.key);

    const other = await collection((await buyer("offline-b", REMEMBERED)).cookie);
    expect(other.key).not.toBe(mine.key);
  });

  it("changes the versions of the library and of that card's page, and no other, when a favourite changes", async () => {
    const me = await buyer("offline-favourite", REMEMBERED);
    const before = await collection(me.cookie);
    const favourite = before.pages?.[3]?.path ?? "";
    const saved = await api("/api/favorites", {
      token: me.token,
      method: "POST",
      body: JSON.stringify({ userId: me.id, cardId: favourite.replace("/cards/", "") }),
    });
    expect(saved.status).toBeLessThan(300);
    const after = await collection(me.cookie);
    expect(after.key).toBe(before.key);
    const changed = after.pages?.filter((page, index) => page.version !== before.pages?.[index]?.version).map((page) => page.path);
    expect(changed).toEqual(["/cards", favourite]);
    // Another buyer with the same hearts has the same versions: they name what a page shows, not whose it is.
    expect(after.pages?.[4]?.version).toBe((await collection((await buyer("offline-other", REMEMBERED)).cookie)).pages?.[3]?.version);
  });
});

describe("/offline-collection.json: the day's practice and the buyer's own recordings (decision 040)", () => {
  const collection = async (cookie: string) =>
    (await (await fetchApp("/offline-collection.json", { headers: { Cookie: cookie } })).json()) as {
      pages: { path: string; version: string }[];
    };
  const versionOf = (pages: { path: string; version: string }[], path: string) => pages.find((page) => page.path === path)?.version;
  const changedPages = (before: { path: string; version: string }[], after: { path: string; version: string }[]) =>
    after.filter((page) => versionOf(before, page.path) !== page.version).map((page) => page.path);
  const todayCardId = async (cookie: string) =>
    /href="\/cards\/([a-z0-9-]+)"[^>]*>Open the card/.exec(await (await fetchApp("/today", { headers: { Cookie: cookie } })).text())?.[1] ??
    "";
  /** The first bytes of Chromium's WebM recording: enough for the server's check of what the bytes are. */
  const WEBM = new Uint8Array(256);
  WEBM.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, ...[..."webm"].map((char) => char.charCodeAt(0))]);
  const upload = (cookie: string, cardId: string) => {
    const form = new FormData();
    form.append("recording", new Blob([WEBM], { type: "audio/webm" }), "recording.webm");
    return fetchApp(`/recordings/${cardId}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, Accept: "application/json" },
      body: form,
    });
  };

  it("fetches /today again when what it shows changes (a reflection, said aloud), with that card's page and no other page", async () => {
    const me = await buyer("offline-today", REMEMBERED);
    const cookie = `${me.cookie}; lc_tz=UTC`;
    const cardPage = `/cards/${await todayCardId(cookie)}`;
    const before = (await collection(cookie)).pages;
    expect(versionOf(before, "/today")).toMatch(/^[0-9a-f]{16}$/);
    expect((await collection(cookie)).pages).toEqual(before);

    expect((await postForm("/today", { intent: "reflect", reflection: "Slowly." }, { cookie })).status).toBe(302);
    const reflected = (await collection(cookie)).pages;
    // The card's page lists the buyer's reflections on it.
    expect(changedPages(before, reflected)).toEqual(["/today", cardPage]);
    // Its version says when the words changed, never what they are.
    expect(JSON.stringify(reflected)).not.toContain("Slowly");

    // The day's row changed again: the card's page, which reads it for its reflection, is fetched again with /today.
    expect((await postForm("/today", { intent: "said-aloud" }, { cookie })).status).toBe(302);
    expect(changedPages(reflected, (await collection(cookie)).pages)).toEqual(["/today", cardPage]);
  });

  it("keeps each of the buyer's recordings by its address, fetched again when a new one replaces it", async () => {
    const me = await buyer("offline-recording", REMEMBERED);
    const cookie = `${me.cookie}; lc_tz=UTC`;
    const cardId = await todayCardId(cookie);
    const before = (await collection(cookie)).pages;
    expect(before.some((page) => page.path.startsWith("/recordings/"))).toBe(false);

    expect((await upload(cookie, cardId)).status).toBe(201);
    const first = (await collection(cookie)).pages;
    // /today and the card's page play it: their versions follow.
    expect(changedPages(before, first)).toEqual(["/today", `/recordings/${cardId}`, `/cards/${cardId}`]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await upload(cookie, cardId)).status).toBe(201);
    expect(changedPages(first, (await collection(cookie)).pages)).toEqual(["/today", `/recordings/${cardId}`, `/cards/${cardId}`]);

    // The address the worker keeps plays the recording to its owner, and no HTTP cache may keep it.
    const played = await fetchApp(`/recordings/${cardId}`, { headers: { Cookie: cookie } });
    expect(played.status).toBe(200);
    expect(played.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("signing out", () => {
  it("tells the browser to drop its cached copies of the account's pages", async () => {
    const me = await buyer("offline-sign-out");
    const response = await postForm("/logout", {}, { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
  });

  it("says nothing of the kind to a page that keeps the session", async () => {
    const me = await buyer("offline-kept");
    const response = await fetchApp("/cards", { headers: { Cookie: me.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Clear-Site-Data")).toBeNull();
  });
});
