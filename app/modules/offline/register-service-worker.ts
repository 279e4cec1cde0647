/**
 * Starts the service worker (service-worker/sw.ts, built to /sw.js) and asks it to bring this browser's offline
 * collection up to date (docs/decisions/025-installable-offline.md). Runs only with JavaScript, after the page has
 * loaded (the page's scripts start then, decision 032); every page works the same without it.
 */
import { OFFLINE_READY_ATTRIBUTE, SIGNED_IN_ATTRIBUTE, type WorkerMessage } from "./protocol";

export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  if (document.readyState !== "complete") {
    window.addEventListener("load", registerServiceWorker, { once: true });
    return;
  }
  const container = navigator.serviceWorker;
  container.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type !== "offline-collection") return;
    // A state a test (or a later "Available offline" line) can wait for, never a timer.
    document.documentElement.setAttribute(OFFLINE_READY_ATTRIBUTE, event.data.cards > 0 ? "ready" : "none");
  });
  container.startMessages();
  container
    .register(SERVICE_WORKER_URL)
    .then(() => container.ready)
    .then((registration) => registration.active?.postMessage(syncMessage()))
    // Offline use is an extra: a browser that refuses the worker (private mode, storage full) still has every page.
    .catch((error: unknown) => console.warn("The service worker could not start", error));
}

/**
 * Asks the worker for a sync now, not at the next page load: a form's answer changed what a kept page shows (a
 * practice completed, a recording saved) while the page stayed loaded. Nothing without a worker in charge.
 */
export function refreshOfflineCopy(): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(syncMessage());
}

function syncMessage(): WorkerMessage {
  return { type: "sync", signedIn: document.documentElement.hasAttribute(SIGNED_IN_ATTRIBUTE) };
}
