import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import type { FavoriteActionData } from "~/modules/favorites/favorite-action";

/**
 * The favourite button of a signed-in user's card: a form posting to /favorites, so it works without JavaScript
 * (the server redirects back to `redirectTo` with a flash toast). With JavaScript a fetcher submits it without
 * `redirectTo`: the heart changes at once (optimistic), the toast follows with the revalidated page, and on failure
 * the heart goes back to what the server holds. Offline (the installed app, docs/decisions/025-installable-offline.md)
 * the tap is refused with a toast that says so, and the heart stays as the server holds it: nothing is queued.
 *
 * The form is the same before and after hydration (the script leaves `redirectTo` out when it submits), so /cards's
 * forms, one a card, need no re-render and no DOM change when the scripts start (docs/decisions/016-the-buyers-library.md).
 */
const OFFLINE_TITLE = "You're offline: favorites need a connection";

export function FavoriteForm({
  cardId,
  title,
  isFavorite,
  redirectTo,
  className,
}: {
  cardId: string;
  title: string;
  isFavorite: boolean;
  redirectTo: string;
  className: string;
}) {
  const fetcher = useFetcher<FavoriteActionData>();
  const { showToast } = useToast();
  const pendingIntent = fetcher.formData?.get("intent");
  const shown = pendingIntent ? pendingIntent === "add" : isFavorite;

  // Success toasts come back through the root loader (flashed by the action); a failure is shown here.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) showToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, showToast]);

  return (
    <fetcher.Form
      method="post"
      action="/favorites"
      className="contents"
      onSubmit={(event) => {
        // Only the script-free form is answered with a redirect: the fetcher posts the card and the button's intent.
        event.preventDefault();
        if (!navigator.onLine) {
          showToast({ type: "error", title: OFFLINE_TITLE, description: "Nothing was changed. Try again when you are back online." });
          return;
        }
        fetcher.submit({ cardId, intent: shown ? "remove" : "add" }, { method: "post", action: "/favorites" });
      }}
    >
      <input type="hidden" name="cardId" value={cardId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={shown ? "remove" : "add"}
        className={className}
        aria-pressed={shown}
        aria-label={shown ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      >
        <Icon name={shown ? "heart-fill" : "heart"} className="h-6 w-6" />
      </button>
    </fetcher.Form>
  );
}
