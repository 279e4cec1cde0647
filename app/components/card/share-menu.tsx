import { useEffect, useState } from "react";
import { StaticHtml } from "~/components/static-html";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import { type Card, cardShareText } from "~/modules/cards/card";
import { type ShareTarget, shareIntentUrl, shareLinkIssuerPath } from "~/modules/sharing/share-path";
import { iconButtonClass } from "./card-controls";

const COPIED_RESET_MS = 2000;

/**
 * A native <details> menu, so the social links work without JavaScript. With JavaScript and
 * the Web Share API, the button opens the system share sheet instead.
 */
export function ShareMenu({ card, shareUrl, dark }: { card: Card; shareUrl: string | undefined; dark: boolean }) {
  const { showToast } = useToast();
  const [copied, setCopied] = useState(false);
  const text = cardShareText(card);
  // Without a link of its own (a paid card), each target goes through the issuer, which signs one and redirects.
  const intentHref = (target: ShareTarget) => (shareUrl ? shareIntentUrl(target, card, shareUrl) : shareLinkIssuerPath(card.id, target));

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  /** The link to hand out: the page's own, or one signed now for this buyer. */
  async function linkToShare(): Promise<string> {
    if (shareUrl) return shareUrl;
    const response = await fetch(shareLinkIssuerPath(card.id), { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`No share link (${response.status})`);
    return ((await response.json()) as { url: string }).url;
  }

  async function copyText(successTitle: string) {
    try {
      // Copied text carries the link, so whoever receives it can open the card.
      await navigator.clipboard.writeText(`${text}\n\n${await linkToShare()}`);
      setCopied(true);
      showToast({ type: "success", title: successTitle });
    } catch {
      showToast({ type: "error", title: "Error", description: "Failed to copy to clipboard." });
    }
  }

  async function onSummaryClick(event: React.MouseEvent) {
    if (typeof navigator.share !== "function") return; // the menu opens natively
    event.preventDefault();
    try {
      await navigator.share({ title: card.title, text, url: await linkToShare() });
    } catch (error) {
      // The user closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      await copyText("Copied to clipboard");
    }
  }

  const linkClass = "block rounded-lg px-3 py-2 text-sm text-ink hover:bg-surface-muted";
  return (
    <details className="relative">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native, keyboard-operable toggle of <details>. */}
      <summary
        className={`${iconButtonClass(dark)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`Share ${card.title}`}
        onClick={onSummaryClick}
      >
        <Icon name="share-network" className="h-6 w-6" />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-52 rounded-xl bg-surface p-2 shadow-xl ring-1 ring-black/10">
        <StaticHtml key={`${card.id} ${shareUrl}`} className="contents">
          <a className={linkClass} href={intentHref("x")} target="_blank" rel="noopener noreferrer">
            Share on X (Twitter)
          </a>
          <a className={linkClass} href={intentHref("facebook")} target="_blank" rel="noopener noreferrer">
            Share on Facebook
          </a>
          <a className={linkClass} href={intentHref("whatsapp")} target="_blank" rel="noopener noreferrer">
            Share on WhatsApp
          </a>
        </StaticHtml>
        <button
          type="button"
          className={`script-only ${linkClass} flex w-full items-center gap-2 text-left`}
          onClick={() => copyText("Copied!")}
        >
          {copied ? <Icon name="check" className="h-4 w-4 text-sage-700" /> : <Icon name="copy" className="h-4 w-4" />}
          {copied ? "Copied" : "Copy as text"}
        </button>
      </div>
    </details>
  );
}
