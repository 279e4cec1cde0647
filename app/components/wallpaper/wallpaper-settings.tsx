import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormAlert, SubmitButton } from "~/components/forms";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import { DEFAULT_IMAGE_STYLE, IMAGE_STYLE_LABELS, IMAGE_STYLES, type ImageStyle } from "~/modules/images/styles";
import { DEFAULT_SCREEN, thisScreen, wallpaperPreviewPath, withScreen } from "~/modules/wallpaper/wallpaper";
import { AndroidGuide } from "./android-guide";
import { IphoneGuide } from "./setup-guide";

type Settings = { style: ImageStyle; since: string } | null;

const quietButton = "btn border-2 border-line bg-surface px-5 text-sm text-ink hover:bg-surface-muted";

/**
 * The wallpaper's settings page (docs/decisions/044-wallpaper-address.md): today's wallpaper, the address (in full
 * right after it is made, the only time it exists outside the phone), its style, replacing and turning it off, and the
 * set-up guides. Plain forms; with JavaScript the preview follows the style chosen, the address is sized for this
 * phone and a button copies it.
 */
export function WallpaperSettingsPage(props: {
  settings: Settings;
  cardTitle: string | null;
  timeZone: string;
  dateLine: string;
  made: { address: string; replaced: boolean } | null;
  error: string | null;
}) {
  const { settings, made } = props;
  const saved = settings?.style ?? DEFAULT_IMAGE_STYLE;
  const [style, setStyle] = useState<ImageStyle>(saved);
  // A saved choice (the page's data changed) is what the preview shows again.
  useEffect(() => setStyle(saved), [saved]);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-8 px-4 pt-6 pb-12 sm:px-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Lock screen</p>
        <h1 className="font-serif text-3xl font-bold">Today's card on your lock screen</h1>
        <p className="text-ink-muted">
          A private picture address that always shows today's card, the one on Today, sized for your phone with room left at the top for the
          clock. Your phone fetches it each morning and makes it your lock screen.
        </p>
      </header>

      <FormAlert errors={props.error ? [props.error] : null} />

      <div className="grid gap-8 sm:grid-cols-[auto_1fr] sm:items-start">
        <WallpaperPreview style={style} cardTitle={props.cardTitle} timeZone={props.timeZone} dateLine={props.dateLine} />
        <div className="min-w-0 space-y-6">
          {made ? <NewAddress address={made.address} replaced={made.replaced} /> : null}
          {settings ? (
            <>
              <ManageAddress since={settings.since} showsAddress={Boolean(made)} />
              <Form method="post" preventScrollReset className="space-y-4" key={`style-${saved}`}>
                <StyleChoice selected={saved} onChoose={setStyle} />
                <SubmitButton name="intent" value="style" className={quietButton} pendingText="Saving...">
                  Save style
                </SubmitButton>
              </Form>
            </>
          ) : (
            <TurnOn selected={saved} onChoose={setStyle} />
          )}
        </div>
      </div>

      <IphoneGuide />
      <AndroidGuide />
    </main>
  );
}

/** Today's wallpaper in a phone's outline, the lock screen's date and clock over its clear top. */
function WallpaperPreview({
  style,
  cardTitle,
  timeZone,
  dateLine,
}: {
  style: ImageStyle;
  cardTitle: string | null;
  timeZone: string;
  dateLine: string;
}) {
  return (
    <figure className="mx-auto w-[220px] space-y-3 sm:mx-0">
      <div className="relative overflow-hidden rounded-[2rem] bg-surface-muted ring-4 ring-ink/80">
        <img
          src={wallpaperPreviewPath(style)}
          width={220}
          height={476}
          alt={`Today's wallpaper${cardTitle ? `: ${cardTitle}` : ""}, in the ${IMAGE_STYLE_LABELS[style]} style`}
          className="block h-auto w-full"
        />
        <div aria-hidden="true" className="absolute inset-x-0 top-[7%] text-center text-white [text-shadow:0_1px_3px_rgb(0_0_0/0.55)]">
          <p className="text-xs font-semibold">{dateLine}</p>
          <p className="text-5xl font-semibold leading-tight">7:00</p>
        </div>
      </div>
      <figcaption className="text-sm text-ink-muted">
        {cardTitle ? <>Today: {cardTitle}. </> : null}A new card each day at midnight ({timeZone.replace(/_/g, " ")}).
      </figcaption>
    </figure>
  );
}

/** The four styles as native radios, each with today's wallpaper drawn in it. */
function StyleChoice({ selected, onChoose }: { selected: ImageStyle; onChoose: (style: ImageStyle) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Style</legend>
      <div className="mt-2 grid grid-cols-4 gap-2">
        {IMAGE_STYLES.map((style) => (
          <label
            key={style}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl p-1.5 text-xs font-semibold ring-1 ring-line has-[:checked]:bg-accent-soft has-[:checked]:ring-2 has-[:checked]:ring-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-lavender-700"
          >
            <img src={wallpaperPreviewPath(style, "thumb")} width={72} height={156} alt="" className="h-auto w-full rounded-lg" />
            <span className="flex items-center gap-1">
              <input
                type="radio"
                name="style"
                value={style}
                defaultChecked={style === selected}
                onChange={() => onChoose(style)}
                className="h-4 w-4 accent-lavender-700"
              />
              {IMAGE_STYLE_LABELS[style]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TurnOn({ selected, onChoose }: { selected: ImageStyle; onChoose: (style: ImageStyle) => void }) {
  return (
    <Form method="post" className="space-y-4">
      <StyleChoice selected={selected} onChoose={onChoose} />
      <p className="text-sm text-ink-muted">
        The address is yours alone: anyone who has it sees your card of the day, and nothing else of yours. You can replace it or turn it
        off here at any time.
      </p>
      <SubmitButton name="intent" value="turn-on" className="btn-primary w-full sm:w-auto" pendingText="Turning on...">
        Turn on my wallpaper address
      </SubmitButton>
    </Form>
  );
}

function ManageAddress({ since, showsAddress }: { since: string; showsAddress: boolean }) {
  return (
    <section aria-labelledby="address-title" className="space-y-3">
      <h2 id="address-title" className="font-serif text-2xl font-bold">
        Your address is on
      </h2>
      <p>Since {since}.</p>
      {showsAddress ? null : (
        <p className="text-sm text-ink-muted">
          We keep only a fingerprint of the address, so it cannot be shown again. Lost it, or shared it by mistake? Replace it: you get a
          new one, and the old one stops working at once.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Form method="post" preventScrollReset>
          <SubmitButton name="intent" value="replace" className={quietButton} pendingText="Replacing...">
            Replace address
          </SubmitButton>
        </Form>
        <Form method="post">
          <SubmitButton name="intent" value="turn-off" className={quietButton} pendingText="Turning off...">
            Turn off
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

const COPIED_RESET_MS = 2000;

/** The address just made, in full (readable and selectable without JavaScript), with a copy button once scripts run. */
function NewAddress({ address, replaced }: { address: string; replaced: boolean }) {
  const { showToast } = useToast();
  const [shown, setShown] = useState(address);
  const [sizedHere, setSizedHere] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const screen = thisScreen(window.screen, window.devicePixelRatio);
    setShown(screen ? withScreen(address, screen) : address);
    setSizedHere(screen !== null);
  }, [address]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const params = new URL(shown).searchParams;
  const size = `${params.get("w") ?? DEFAULT_SCREEN.width} × ${params.get("h") ?? DEFAULT_SCREEN.height} pixels`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
      showToast({ type: "success", title: "Address copied" });
    } catch {
      showToast({ type: "error", title: "Error", description: "Failed to copy to clipboard." });
    }
  }

  return (
    <section aria-labelledby="new-address-title" className="space-y-3 rounded-3xl bg-accent-soft p-5">
      <h2 id="new-address-title" className="font-serif text-2xl font-bold">
        {replaced ? "Your new wallpaper address" : "Your wallpaper address"}
      </h2>
      <p className="text-sm">
        Copy it now and keep it to yourself: we keep only a fingerprint of it, so this is the only time it can be shown.
        {replaced ? " The old address no longer works: put this one in your Shortcut or app." : ""}
      </p>
      <label htmlFor="wallpaper-address" className="block text-sm font-semibold">
        Wallpaper address
      </label>
      <textarea
        id="wallpaper-address"
        readOnly
        rows={3}
        value={shown}
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full resize-none break-all rounded-xl border border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={copy} className="script-only btn-primary">
          <Icon name={copied ? "check" : "copy"} className="h-5 w-5" />
          {copied ? "Copied" : "Copy address"}
        </button>
        <a href={shown} target="_blank" rel="noreferrer" className="text-sm font-semibold underline">
          Open the picture
        </a>
      </div>
      <p className="text-xs text-ink-muted">
        {sizedHere ? `Sized for this phone's screen: ${size}.` : `Sized for a screen of ${size} (an iPhone 15, for example).`} For another
        phone, change w and h to its screen's width and height in pixels.
      </p>
    </section>
  );
}
