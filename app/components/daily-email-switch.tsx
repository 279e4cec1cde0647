import { useFetcher } from "@remix-run/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { EMAIL_PREFERENCES_INTENT } from "~/modules/daily-card/daily-card.schema";

/**
 * The daily card by email, on or off. With JavaScript the switch saves the moment it is flipped (a fetcher, so the page
 * stays where the reader is); without it, the same form posts with its Save button and comes back with a toast.
 */
export function DailyEmailSwitch({ subscribed }: { subscribed: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  // While a change is saving, the switch shows the choice just made.
  const pending = fetcher.formData ? fetcher.formData.get("newsletterSubscribed") === "on" : null;
  const checked = pending ?? subscribed;
  return (
    <fetcher.Form method="post" preventScrollReset className="mt-4 space-y-4" aria-labelledby="email-preferences-title">
      <input type="hidden" name="intent" value={EMAIL_PREFERENCES_INTENT} />
      <label className="flex min-h-[44px] cursor-pointer items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          name="newsletterSubscribed"
          key={String(subscribed)}
          defaultChecked={hydrated ? undefined : subscribed}
          checked={hydrated ? checked : undefined}
          onChange={(event) => {
            const form = new FormData();
            form.set("intent", EMAIL_PREFERENCES_INTENT);
            if (event.target.checked) form.set("newsletterSubscribed", "on");
            fetcher.submit(form, { method: "post", preventScrollReset: true });
          }}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-ink-muted transition-colors peer-checked:bg-lavender-700 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-lavender-700 after:absolute after:top-1 after:left-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
        Send me the daily card by email (each morning at about 7:00 your time)
      </label>
      {hydrated ? (
        <p className="text-sm text-ink-muted" aria-live="polite">
          {fetcher.state !== "idle" ? "Saving..." : null}
        </p>
      ) : (
        <button type="submit" className="btn-secondary">
          Save Email Preference
        </button>
      )}
    </fetcher.Form>
  );
}
