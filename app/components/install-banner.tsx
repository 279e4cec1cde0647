import { AddToHomeScreenPicture } from "~/components/notifications/add-to-home-screen";
import { useInstallPrompt } from "~/hooks/use-install-prompt";

/**
 * "Install LIGHT Cards", after buying and on the signed-in pages until the app is installed (docs/decisions/046-web-push.md):
 * on iPhone and iPad, Share then Add to Home Screen with a picture; in Chromium, an Install button. Nothing when the
 * app runs standalone, once dismissed on this device, or before the page has looked (after hydration). It floats
 * above the page (above the tab bar on phones) rather than pushing it down: the first paint never moves.
 */
export function InstallBanner({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { offer, install, dismiss } = useInstallPrompt();
  if (!offer) return null;
  return (
    <aside
      aria-labelledby="install-title"
      className={`fixed inset-x-2 z-40 mx-auto max-w-md rounded-2xl bg-surface p-4 shadow-xl ring-1 ring-line md:inset-x-auto md:right-4 md:bottom-4 ${
        aboveTabBar ? "bottom-[calc(4rem+env(safe-area-inset-bottom))]" : "bottom-[calc(0.5rem+env(safe-area-inset-bottom))]"
      }`}
      data-testid="install-banner"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="install-title" className="font-semibold">
            Install LIGHT Cards
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {offer === "ios" ? (
              <>
                Tap <b>Share</b> in Safari, then <b>Add to Home Screen</b>: the app opens on today's card, even offline, and can bring it to
                you each morning.
              </>
            ) : (
              "Open today's card from your home screen or dock, even offline."
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="-mt-1 -mr-1 min-h-[44px] min-w-[44px] rounded-full text-ink-muted hover:bg-surface-muted"
        >
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Not now</span>
        </button>
      </div>
      {offer === "ios" ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold underline">Show me</summary>
          <div className="mx-auto mt-2 w-32 text-ink">
            <AddToHomeScreenPicture />
          </div>
        </details>
      ) : (
        <button type="button" className="btn-primary mt-3" onClick={() => void install()}>
          Install
        </button>
      )}
    </aside>
  );
}
