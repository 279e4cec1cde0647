import { useCallback, useRef } from "react";
import type { ActivityType } from "#db/schema";
import { useToast } from "~/components/ui/toaster";
import { badgeToast } from "~/modules/habit/badge-toast";

type ActivityAnswer = { newBadges?: { badge: { name: string; description: string } }[] };

/**
 * Records what a buyer does with a card in the browser (turning it to the verse) through POST /api/activity, once
 * per card and page. The device reading a card aloud records nothing: only the buyer's own word or recording counts as
 * spoken (docs/decisions/040-the-light-practice.md). A new badge arrives as a toast; a failure
 * is only logged (the spec: activity failures are silent). Offline (the installed app's kept pages) nothing is sent:
 * the request could only fail, and the page stays free to record it when opened again online.
 */
export function useActivityRecorder() {
  const { showToast } = useToast();
  const recorded = useRef(new Set<string>());

  return useCallback(
    (cardId: string, activityType: ActivityType, metadata?: Record<string, string>) => {
      const key = `${activityType}:${cardId}`;
      if (!navigator.onLine) return;
      if (recorded.current.has(key)) return;
      recorded.current.add(key);
      fetch("/api/activity", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ cardId, activityType, metadata }),
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
          const toast = badgeToast(((await response.json()) as ActivityAnswer).newBadges ?? []);
          if (toast) showToast(toast);
        })
        .catch((error: unknown) => {
          recorded.current.delete(key);
          console.warn("Activity not recorded", error);
        });
    },
    [showToast],
  );
}
