/**
 * What this browser can do about notifications and installing (docs/decisions/046-web-push.md). Client-only: each
 * reads `window` and `navigator`, so call them after hydration, never during the server's render.
 */

/** Running as the installed app (from the Home Screen or an installed window), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia("(display-mode: standalone)").matches;
}

/** An iPhone or iPad (iPadOS calls itself a Mac, but a Mac has no touch screen). */
export function isAppleMobile(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
}

/** Whether this browser can receive Web Push here: a service worker, the Push API and notifications. */
export function canReceivePush(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The application server key as the Push API takes it: the VAPID public key's bytes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
