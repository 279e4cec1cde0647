/**
 * The service worker's side of notifications (docs/decisions/046-web-push.md), driven with a stand-in for its global
 * scope: a push message is shown by the card's title, a message not ours shows nothing, and a tap focuses the window
 * already on /today, takes another of the app's windows there, or opens one, never a page off the site. Also what
 * the settings page accepts as a subscription and how it names a device.
 */
import { describe, expect, it, vi } from "vitest";
import { deviceLabel } from "~/modules/push/device-label";
import { parsePushSubscription } from "~/modules/push/push.schema";
import { dailyCardPush } from "~/modules/push/push-message";
import { listenForNotifications, type NotificationScope } from "../../service-worker/notifications";

const ORIGIN = "https://lightcards.app";

function workerScope(windowUrls: string[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const windows = windowUrls.map((url) => {
    const client = { url, focus: vi.fn(async () => client), navigate: vi.fn(async () => client) };
    return client;
  });
  const scope = {
    location: new URL(ORIGIN) as unknown as Location,
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  listenForNotifications(scope as unknown as NotificationScope);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  return { scope, windows, dispatch };
}

const pushOf = (data: unknown) => ({ data: { json: () => (typeof data === "string" ? JSON.parse(data) : data) } });
const tapOn = (url: unknown) => ({ notification: { close: vi.fn(), data: { url } } });

describe("the service worker's notifications", () => {
  it("shows a push message by its title, with the card's title as its body, tagged so a second replaces the first", async () => {
    const { scope, dispatch } = workerScope();
    await dispatch("push", pushOf(dailyCardPush({ title: "He Cares for Me" })));
    expect(scope.registration.showNotification).toHaveBeenCalledWith("Today's card", {
      body: "He Cares for Me",
      tag: "daily-card",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: "/today" },
    });
  });

  it("shows nothing for a message that is not ours: not JSON, another shape, or a link off the site", async () => {
    const { scope, dispatch } = workerScope();
    await dispatch("push", pushOf("not json{"));
    await dispatch("push", pushOf({ title: "Hello" }));
    await dispatch("push", pushOf({ ...dailyCardPush({ title: "x" }), url: "https://elsewhere.example/" }));
    await dispatch("push", pushOf({ ...dailyCardPush({ title: "x" }), url: "//elsewhere.example/" }));
    await dispatch("push", { data: null });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it("on a tap focuses the window already on /today", async () => {
    const { scope, windows, dispatch } = workerScope([`${ORIGIN}/cards`, `${ORIGIN}/today`]);
    await dispatch("notificationclick", tapOn("/today"));
    expect(windows[1]!.focus).toHaveBeenCalled();
    expect(windows[0]!.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("takes another of the app's windows to /today, or opens one; a link off the site opens /today", async () => {
    const open = workerScope([`${ORIGIN}/cards`, "https://elsewhere.example/today"]);
    await open.dispatch("notificationclick", tapOn("/today"));
    expect(open.windows[0]!.navigate).toHaveBeenCalledWith(`${ORIGIN}/today`);
    expect(open.windows[1]!.focus).not.toHaveBeenCalled();

    const none = workerScope();
    await none.dispatch("notificationclick", tapOn("https://elsewhere.example/"));
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/today`);
  });
});

describe("a subscription as the settings page posts it", () => {
  const keys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };
  it("accepts the browser's JSON and refuses anything else", () => {
    expect(
      parsePushSubscription(JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", expirationTime: null, keys })),
    ).not.toBeNull();
    expect(parsePushSubscription(JSON.stringify({ endpoint: "http://fcm.googleapis.com/x", keys }))).toBeNull();
    expect(parsePushSubscription(JSON.stringify({ endpoint: "https://x.example/", keys: { ...keys, auth: "AAAA" } }))).toBeNull();
    expect(parsePushSubscription("{")).toBeNull();
  });

  it("names a device as its owner knows it", () => {
    expect(
      deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1"),
    ).toBe("iPhone, Safari");
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36")).toBe(
      "Android phone, Chrome",
    );
    expect(deviceLabel(null)).toBe("Device");
  });
});
