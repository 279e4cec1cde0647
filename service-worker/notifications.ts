/**
 * Notifications (docs/decisions/046-web-push.md): a push message shows the card's title; a tap focuses a window of
 * the app already open (taking it to the message's page) or opens one there. The message carries no private text,
 * and one that does not read as ours shows nothing rather than something wrong.
 */
import { PUSH_OPENS_PATH, readPushMessage } from "../app/modules/push/push-message";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };

export interface NotificationScope {
  location: Location;
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { includeUncontrolled: boolean; type: "window" }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

export function listenForNotifications(worker: NotificationScope) {
  worker.addEventListener("push", (event) => {
    let message = null;
    try {
      message = readPushMessage(event.data?.json());
    } catch {
      // Not JSON: nothing of ours.
    }
    if (!message) return;
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url: message.url },
      }),
    );
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const url: unknown = event.notification.data?.url;
    // Only a path of this site: a notification never sends the reader elsewhere.
    const path = typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : PUSH_OPENS_PATH;
    const target = new URL(path, worker.location.origin);
    event.waitUntil(openOrFocus(worker, target));
  });
}

/** An open window of the app showing the page is focused; another of the app's windows is taken there; else one opens. */
async function openOrFocus(worker: NotificationScope, target: URL) {
  const windows = await worker.clients.matchAll({ includeUncontrolled: true, type: "window" });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === target.origin);
  const showing = sameOrigin.find((client) => new URL(client.url).pathname === target.pathname);
  if (showing) return showing.focus();
  const other = sameOrigin[0];
  if (other) {
    const focused = await other.focus();
    return focused.navigate(target.href);
  }
  return worker.clients.openWindow(target.href);
}
