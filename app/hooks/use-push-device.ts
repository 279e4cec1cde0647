import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { SERVICE_WORKER_URL } from "~/modules/offline/register-service-worker";
import { applicationServerKey, canReceivePush, isAppleMobile, isStandalone } from "~/modules/push/device";
import { PUSH_SUBSCRIBE_INTENT, PUSH_UNSUBSCRIBE_INTENT } from "~/modules/push/push.schema";

/**
 * This device's notifications, as the settings page shows them (docs/decisions/046-web-push.md):
 * - "checking" until the page has looked (after hydration; without JavaScript it never looks),
 * - "install-first" on an iPhone or iPad in a browser tab: Web Push reaches only the app added to the Home Screen,
 * - "unsupported" where the browser has no Web Push, "blocked" once the person said no,
 * - "off" or "on" (this browser's subscription is one the account keeps).
 */
export type PushDeviceState = "checking" | "install-first" | "unsupported" | "blocked" | "off" | "on";

export const PUSH_ACTION = "/settings/notifications";

export function usePushDevice(publicKey: string | null, knownEndpoints: string[]) {
  const [state, setState] = useState<PushDeviceState>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fetcher = useFetcher<{ error?: string }>();
  const known = knownEndpoints.join("\n");

  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!canReceivePush() || !publicKey) {
        if (!cancelled) setState(isAppleMobile() && !isStandalone() ? "install-first" : "unsupported");
        return;
      }
      if (Notification.permission === "denied") return !cancelled && setState("blocked");
      // The worker may not be registered yet (it starts after load): then this device has no subscription either.
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = (await registration?.pushManager.getSubscription()) ?? null;
      if (cancelled) return;
      setEndpoint(subscription?.endpoint ?? null);
      setState(subscription && known.split("\n").includes(subscription.endpoint) ? "on" : "off");
    })().catch(() => !cancelled && setState("unsupported"));
    return () => {
      cancelled = true;
    };
  }, [publicKey, known]);

  /** From a tap only: the browser asks its question, then the subscription goes to the server. */
  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    setProblem(null);
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setState(permission === "denied" ? "blocked" : "off");
      return;
    }
    try {
      const registration =
        (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register(SERVICE_WORKER_URL));
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
      setEndpoint(subscription.endpoint);
      fetcher.submit(
        { intent: PUSH_SUBSCRIBE_INTENT, subscription: JSON.stringify(subscription) },
        { method: "post", action: PUSH_ACTION },
      );
    } catch {
      setProblem("This browser could not set up notifications. Try again, or use the daily email.");
    }
  }, [publicKey, fetcher]);

  const turnOff = useCallback(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = (await registration?.pushManager.getSubscription()) ?? null;
    const gone = subscription?.endpoint ?? endpoint;
    await subscription?.unsubscribe();
    if (gone) fetcher.submit({ intent: PUSH_UNSUBSCRIBE_INTENT, endpoint: gone }, { method: "post", action: PUSH_ACTION });
  }, [endpoint, fetcher]);

  return { state, endpoint, turnOn, turnOff, busy: fetcher.state !== "idle", problem: problem ?? fetcher.data?.error ?? null };
}
