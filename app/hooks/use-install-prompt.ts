import { useCallback, useEffect, useState } from "react";
import { isAppleMobile, isStandalone } from "~/modules/push/device";

/**
 * Whether and how to offer installing the app (docs/decisions/046-web-push.md): "ios" (Share, then Add to Home
 * Screen: Safari has no prompt), "prompt" (Chromium's beforeinstallprompt, kept for a tap), or null: already
 * installed and running standalone, dismissed on this device, or a browser that offers neither.
 */
export type InstallOffer = "ios" | "prompt" | null;

type BeforeInstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

const DISMISSED_KEY = "lc-install-dismissed";

// Chromium may offer the prompt before any component mounts: kept from the moment this module loads.
let deferred: BeforeInstallPromptEvent | null = null;
const waiting = new Set<() => void>();
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    for (const wake of waiting) wake();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    for (const wake of waiting) wake();
  });
}

function dismissedHere(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function useInstallPrompt() {
  const [offer, setOffer] = useState<InstallOffer>(null);
  useEffect(() => {
    const decide = () => {
      if (isStandalone() || dismissedHere()) return setOffer(null);
      setOffer(deferred ? "prompt" : isAppleMobile() ? "ios" : null);
    };
    decide();
    waiting.add(decide);
    return () => {
      waiting.delete(decide);
    };
  }, []);

  const install = useCallback(async () => {
    const event = deferred;
    if (!event) return;
    deferred = null;
    await event.prompt();
    await event.userChoice;
    setOffer(null);
  }, []);

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Storage refused (private mode): hidden for this page only.
    }
    setOffer(null);
  }, []);

  return { offer, install, dismiss };
}
