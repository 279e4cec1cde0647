import { useActionData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { isOfflineRefusal } from "~/modules/offline/form-refusal";
import { keptDayNotice, OFFLINE_NOT_SAVED, spokenDay } from "~/modules/practice/offline-practice";

/**
 * /today without a network, in the installed app (docs/decisions/045-practice-listen-and-offline.md, Offline): a form refused
 * says so under its button, and the page says which day it shows when it is not the phone's today.
 */

/** Under a form of /today: the refusal of this form, when its post found no network (nothing was saved). */
export function OfflineNotSaved({ intent }: { intent: string }) {
  const answer = useActionData();
  if (!isOfflineRefusal(answer) || answer.offline.intent !== intent) return null;
  return (
    <p role="alert" className="mt-2 text-sm font-semibold text-red-800 dark:text-red-300">
      {OFFLINE_NOT_SAVED[intent]}
    </p>
  );
}

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  // A page left open past midnight sees the new day when the buyer comes back to it.
  document.addEventListener("visibilitychange", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
    document.removeEventListener("visibilitychange", onChange);
  };
}

/** Whether the phone is online, and its own calendar day (its clock's zone; no Intl formatter, which costs a load). */
function phoneState(): string {
  const now = new Date();
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, "0")).join("-");
  return `${navigator.onLine ? "online" : "offline"} ${day}`;
}

/** At the top of /today, once scripts run: offline, or a practice drawn for another day than the phone's today. */
export function KeptDayBanner({ day }: { day: string }) {
  const phone = useSyncExternalStore(subscribe, phoneState, () => null);
  if (!phone) return null;
  const [connection, deviceDay = ""] = phone.split(" ");
  const notice = keptDayNotice({ pageDay: day, deviceDay, online: connection === "online" });
  if (!notice) return null;
  return (
    <div role="status" className="space-y-1 rounded-2xl bg-accent-soft p-4 text-sm text-ink">
      {notice.kind === "offline" ? (
        <p>
          <strong>You're offline.</strong> Today's steps are all here; saving your words needs a connection.
        </p>
      ) : notice.kind === "offline-other-day" ? (
        <>
          <p>
            <strong>Offline: this is the practice you opened on {spokenDay(notice.day)}.</strong>
          </p>
          <p>Today's card comes when you're back online. You can still read and say this one.</p>
        </>
      ) : (
        <p>
          <strong>This is the practice for {spokenDay(notice.day)}.</strong>{" "}
          <a href="/today" className="font-semibold underline">
            Open today's practice
          </a>
        </p>
      )}
    </div>
  );
}
