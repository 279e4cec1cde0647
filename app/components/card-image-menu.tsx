import { type MouseEvent, useState } from "react";
import { StaticHtml } from "~/components/static-html";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import {
  cardImagePath,
  DEFAULT_IMAGE_STYLE,
  IMAGE_STYLE_LABELS,
  IMAGE_STYLES,
  type ImageFormat,
  type ImageStyle,
  imageFileName,
  THUMBNAIL_SIZES,
} from "~/modules/images/styles";

/** With JavaScript, Share hands the file to the system; without, the link saves it. Each hint says what will happen. */
const SHARE_HINT = "Opens your phone's share sheet (Instagram, WhatsApp…), or saves the image to post.";
const SAVED_HINT = "Open Instagram and add the saved image to your story or post.";

/** Each item's picture is shown this tall; its width follows the format (a card 3:2, the wallpaper 9:16). */
const THUMB_HEIGHT = 48;
const WALLPAPER_LABEL = "Phone wallpaper";

/** Phones get the tall wallpaper when they share: it fills a story or a status. */
function isPhone(): boolean {
  return window.matchMedia("(max-width: 767px), (pointer: coarse)").matches;
}

/**
 * 'Download PNG': each of the four styles and the phone wallpaper (1080x1920), each beside a small picture of itself,
 * and 'Share image'. Every item is a plain link to the image with `download=1`, which the browser saves without
 * JavaScript. With JavaScript the image is fetched and saved with the 'Downloaded!' toast; 'Share image' hands the
 * file to the system share sheet (`navigator.share({ files })`) where the browser can, and saves it otherwise.
 *
 * The pictures are `size=thumb` renders of the same drawing (kept in R2 like the others, docs/decisions/017), fetched
 * only once the menu opens (Thumbnail), with a fixed width and height so nothing moves as they arrive.
 *
 * Links, not a form with a style picker: a page with forms pays for Chromium's autofill scan when it finishes
 * parsing, which lays out every control, and the landing's eight cards made that a 55-75 ms task on load
 * (docs/decisions/031-first-paint-styles-fonts-icons.md). One tap per style is also one step fewer.
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
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);

  async function fetchImage(style: ImageStyle, format: ImageFormat): Promise<File> {
    const response = await fetch(cardImagePath(cardId, { style, format, token }));
    if (!response.ok) throw new Error(`${response.status}`);
    return new File([await response.blob()], imageFileName(cardId, style, format), { type: "image/png" });
  }

  function saveFile(file: File, hint?: string) {
    const url = URL.createObjectURL(file);
    const link = Object.assign(document.createElement("a"), { href: url, download: file.name });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    showToast({ type: "success", title: "Downloaded!", description: hint });
  }

  async function run(task: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await task();
    } catch {
      showToast({ type: "error", title: "Error", description: "Could not download the image. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  function onDownload(event: MouseEvent, style: ImageStyle, format: ImageFormat) {
    event.preventDefault();
    void run(async () => saveFile(await fetchImage(style, format)));
  }

  // The items are static HTML (never hydrated): one handler on their list reads which one was clicked.
  function onItemClick(event: MouseEvent) {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-style]");
    const style = IMAGE_STYLES.find((known) => known === link?.dataset.style);
    const format = link?.dataset.format === "wallpaper" ? "wallpaper" : "card";
    if (style) onDownload(event, style, format);
  }

  function onShare(event: MouseEvent) {
    event.preventDefault();
    void run(async () => {
      const file = await fetchImage(DEFAULT_IMAGE_STYLE, isPhone() ? "wallpaper" : "card");
      const shared = { files: [file], title };
      if (navigator.canShare?.(shared)) {
        try {
          await navigator.share(shared);
        } catch (error) {
          // Closing the share sheet is a choice, not a failure; anything else falls back to saving the file.
          if (error instanceof DOMException && error.name === "AbortError") return;
          saveFile(file, SAVED_HINT);
        }
        return;
      }
      saveFile(file, SAVED_HINT);
    });
  }

  const itemClass = "flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left text-sm text-ink hover:bg-surface-muted";
  const items = [
    ...IMAGE_STYLES.map((style) => ({ style, format: "card" as const, label: IMAGE_STYLE_LABELS[style], detail: null })),
    { style: DEFAULT_IMAGE_STYLE, format: "wallpaper" as const, label: WALLPAPER_LABEL, detail: "1080 × 1920" },
  ];
  return (
    <details className="group/image-menu relative">
      <summary
        className={`${buttonClassName} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`Download ${title} as an image`}
      >
        <Icon name="download-simple" className="h-6 w-6" />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-64 space-y-1 rounded-xl bg-surface p-2 shadow-xl ring-1 ring-black/10" aria-busy={busy}>
        <p className="px-2 pt-1 text-sm font-semibold text-ink">{busy ? "Preparing..." : "Download PNG"}</p>
        <StaticHtml as="ul" key={`${cardId} ${token}`} className="space-y-0.5" data-testid="image-menu-items" onClick={onItemClick}>
          {items.map(({ style, format, label, detail }) => (
            <li key={`${format}-${style}`}>
              <a
                className={itemClass}
                href={cardImagePath(cardId, { style, format, download: true, token })}
                aria-label={`Download ${label} PNG${detail ? ` (${detail.replace(" × ", "x")})` : ""}`}
                data-style={style}
                data-format={format}
              >
                <span className="flex h-12 w-[72px] shrink-0 justify-center">
                  <Thumbnail
                    src={cardImagePath(cardId, { style, format, size: "thumb", token })}
                    width={Math.round((THUMB_HEIGHT * THUMBNAIL_SIZES[format].width) / THUMBNAIL_SIZES[format].height)}
                  />
                </span>
                <span>
                  {label}
                  {detail ? <span className="block text-xs text-ink-muted">{detail}</span> : null}
                </span>
              </a>
            </li>
          ))}
        </StaticHtml>
        <a
          className={`${itemClass} font-semibold`}
          href={cardImagePath(cardId, { style: DEFAULT_IMAGE_STYLE, download: true, token })}
          onClick={onShare}
        >
          <Icon name="share-network" className="mx-[22px] h-6 w-6 shrink-0" />
          Share image
        </a>
        {/* Which hint is true depends on whether the script runs: both are rendered, CSS shows one (app/tailwind.css). */}
        <p className="script-only px-2 pb-1 text-xs text-ink-muted">{SHARE_HINT}</p>
        <p className="script-hidden px-2 pb-1 text-xs text-ink-muted">{SAVED_HINT}</p>
      </div>
    </details>
  );
}

/**
 * A menu item's picture: decorative (the name beside it says what it is; hidden from screen readers) and in a box of
 * fixed size, so nothing moves as it arrives. Nothing is fetched until the menu opens (/cards has a menu on every
 * card): it is a CSS background of an element that is `display: none` while the menu is closed, which browsers do
 * not fetch. A lazy `<img>` would not do: Chromium loads one inside a closed `<details>`, and without scripts the HTML
 * standard turns lazy loading off, so every card's pictures would load with the page.
 */
function Thumbnail({ src, width }: { src: string; width: number }) {
  return (
    <span
      aria-hidden="true"
      data-thumbnail=""
      className="hidden rounded bg-sage-100 bg-cover ring-1 ring-black/10 group-open/image-menu:block"
      style={{ width, height: THUMB_HEIGHT, backgroundImage: `url("${src}")` }}
    />
  );
}
