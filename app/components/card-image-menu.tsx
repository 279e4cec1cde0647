import { Icon } from "~/components/ui/icon";
import { useState, type MouseEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  cardImagePath,
  DEFAULT_IMAGE_STYLE,
  IMAGE_STYLE_LABELS,
  IMAGE_STYLES,
  type ImageFormat,
  type ImageStyle,
  imageFileName,
} from "~/modules/images/styles";

const INSTAGRAM_HINT = "Open Instagram and add the saved image to your story or post.";

/**
 * 'Download PNG' in each of the four styles, and 'Share to Instagram' (Instagram takes images, not links). Each is a
 * plain link to the image with `download=1`, which the browser saves without JavaScript; with JavaScript the image is
 * fetched, saved, and the 'Downloaded!' toast follows (the phone wallpaper format for Instagram on a phone).
 *
 * Links, not a form with a style picker: a page with forms pays for Chromium's autofill scan when it finishes
 * parsing, which lays out every control, and the landing's eight cards made that a 55-75 ms task on load
 * (docs/decisions/024-first-paint.md). One tap per style is also one step fewer.
 */
export function CardImageMenu({
  cardId,
  title,
  token,
  buttonClassName,
}: {
  cardId: string;
  title: string;
  token?: string | null;
  buttonClassName: string;
}) {
  const hydrated = useHydrated();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);

  async function save(style: ImageStyle, format: ImageFormat, hint?: string) {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(cardImagePath(cardId, { style, format, token }));
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), { href: url, download: imageFileName(cardId, style, format) });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({ type: "success", title: "Downloaded!", description: hint });
    } catch {
      showToast({ type: "error", title: "Error", description: "Could not download the image. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  function onDownload(event: MouseEvent, style: ImageStyle) {
    event.preventDefault();
    void save(style, "card");
  }

  function onInstagram(event: MouseEvent) {
    event.preventDefault();
    const phone = window.matchMedia("(max-width: 767px), (pointer: coarse)").matches;
    void save(DEFAULT_IMAGE_STYLE, phone ? "wallpaper" : "card", INSTAGRAM_HINT);
  }

  const itemClass = "block w-full rounded-lg px-3 py-2 text-left text-sm text-ink hover:bg-sage-100";
  return (
    <details className="relative">
      <summary
        className={`${buttonClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`Download ${title} as an image`}
      >
        <Icon name="download-simple" className="h-6 w-6" />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-60 space-y-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/10" aria-busy={busy}>
        <p className="px-3 pt-1 text-sm font-semibold text-ink">{busy ? "Preparing..." : "Download PNG"}</p>
        <ul className="grid grid-cols-2 gap-1">
          {IMAGE_STYLES.map((style) => (
            <li key={style}>
              <a
                className={itemClass}
                href={cardImagePath(cardId, { style, download: true, token })}
                aria-label={`Download ${IMAGE_STYLE_LABELS[style]} PNG`}
                onClick={hydrated ? (event) => onDownload(event, style) : undefined}
              >
                {IMAGE_STYLE_LABELS[style]}
              </a>
            </li>
          ))}
        </ul>
        <a
          className={itemClass}
          href={cardImagePath(cardId, { style: DEFAULT_IMAGE_STYLE, download: true, token })}
          onClick={hydrated ? onInstagram : undefined}
        >
          Share to Instagram
        </a>
        <p className="px-3 pb-1 text-xs text-ink-muted">{INSTAGRAM_HINT}</p>
      </div>
    </details>
  );
}
