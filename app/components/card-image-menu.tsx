import { Icon } from "~/components/ui/icon";
import { useState, type FormEvent, type MouseEvent } from "react";
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
 * 'Download PNG' in one of the four styles, and 'Share to Instagram' (Instagram takes images, not links). Without
 * JavaScript both are plain GETs of the image with `download=1`, which the browser saves; with JavaScript the image
 * is fetched, saved, and the 'Downloaded!' toast follows (the phone wallpaper format for Instagram on a phone).
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
  const [style, setStyle] = useState<ImageStyle>(DEFAULT_IMAGE_STYLE);
  const [busy, setBusy] = useState(false);

  async function save(format: ImageFormat, hint?: string) {
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

  function onDownload(event: FormEvent) {
    event.preventDefault();
    void save("card");
  }

  function onInstagram(event: MouseEvent) {
    event.preventDefault();
    const phone = window.matchMedia("(max-width: 767px), (pointer: coarse)").matches;
    void save(phone ? "wallpaper" : "card", INSTAGRAM_HINT);
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
      <div className="absolute right-0 z-20 mt-1 w-60 space-y-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-black/10">
        <form
          method="get"
          action={`/cards/${encodeURIComponent(cardId)}/image.png`}
          onSubmit={hydrated ? onDownload : undefined}
          className="space-y-2 p-1"
        >
          <input type="hidden" name="download" value="1" />
          {token ? <input type="hidden" name="t" value={token} /> : null}
          <label className="block text-sm font-semibold text-ink">
            Image style
            <select
              name="style"
              value={style}
              onChange={(event) => setStyle(event.target.value as ImageStyle)}
              className="mt-1 block min-h-[44px] w-full rounded-lg border border-sage-300 bg-white px-2 text-sm font-normal"
            >
              {IMAGE_STYLES.map((option) => (
                <option key={option} value={option}>
                  {IMAGE_STYLE_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-primary w-full py-2 text-sm" disabled={busy}>
            {busy ? "Preparing..." : "Download PNG"}
          </button>
        </form>
        <a
          className={itemClass}
          href={cardImagePath(cardId, { style, download: true, token })}
          onClick={hydrated ? onInstagram : undefined}
        >
          Share to Instagram
        </a>
        <p className="px-3 pb-1 text-xs text-ink-muted">{INSTAGRAM_HINT}</p>
      </div>
    </details>
  );
}
