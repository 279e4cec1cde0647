import { Icon, type IconName } from "~/components/ui/icon";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "@remix-run/react";
import { CardImageMenu } from "~/components/card-image-menu";
import { FavoriteForm } from "~/components/library/favorite-form";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";
import { ANCHOR_FALLBACK, cardShareText, formatTheme, versesOf, type Card } from "~/modules/cards/card";
import { shareIntentUrl, shareLinkIssuerPath, type ShareTarget } from "~/modules/sharing/share-path";

/** The spec's category icon names, drawn from Phosphor's duotone set. */
const CATEGORY_ICONS: Record<string, IconName> = {
  mountain: "mountains-duotone",
  dove: "bird-duotone",
  heart: "heart-duotone",
  star: "star-duotone",
  "shield-alt": "shield-check-duotone",
  leaf: "leaf-duotone",
  fire: "fire-duotone",
  seedling: "plant-duotone",
  lightbulb: "lightbulb-duotone",
  butterfly: "butterfly-duotone",
};
const GRADIENTS = new Set(["sage-to-lavender", "ocean-breeze", "golden-hour", "forest-mist", "twilight", "rose-garden"]);

/** Unknown icons fall back to the mountain, as the spec says. */
export function CardIcon({ name, className }: { name: string; className?: string }) {
  const known = Object.hasOwn(CATEGORY_ICONS, name);
  return (
    <Icon
      name={CATEGORY_ICONS[known ? name : "mountain"] ?? "mountains-duotone"}
      className={className}
      data-icon={known ? name : "mountain"}
    />
  );
}

export const SPEECH_RATE = 0.8;
export const SPEECH_PITCH = 1;
const COPIED_RESET_MS = 2000;

/** A favourite kept in the browser only (/sample-card's visitors). */
type FavoriteControl = { isFavorite: boolean; onToggle: () => void };

export function AffirmationCard({
  card,
  shareUrl,
  categoryLabel,
  favorite,
  favoriteForm,
  viewHref,
  onFlip,
  onSpeak,
  imageToken,
  headingLevel = "h3",
}: {
  card: Card;
  /**
   * The card's share link (its public share page, or a share link as received), used by share, intent links and copy.
   * Absent for a signed-in buyer's paid card: its link is signed for them when they share (docs/decisions/019).
   */
  shareUrl?: string;
  /** Shown as a badge where the screen wants it (account dashboard). */
  categoryLabel?: string;
  /** A favourite kept in the browser (the sample card for visitors). */
  favorite?: FavoriteControl;
  /** A signed-in user's saved favourite: a form posting to /favorites, enhanced with a fetcher. */
  favoriteForm?: { isFavorite: boolean; redirectTo: string };
  /** The card's own page ('View Card'). */
  viewHref?: string;
  /** Called when the card turns (true: to the back, where the verse is). */
  onFlip?: (toBack: boolean) => void;
  /** Called when Speak starts. */
  onSpeak?: () => void;
  /** A share token that lets this page's reader download a paid card's image (the share page). */
  imageToken?: string | null;
  headingLevel?: "h2" | "h3";
}) {
  const toggleId = useId();
  const toggle = useRef<HTMLInputElement>(null);
  // A card turned before the scripts ran (they wait for the page to load) was turned by the reader all the same: tell
  // the page once, on hydration, so the turn counts (a read, a preview click) like one made afterwards.
  const turnBeforeHydrationReported = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; later turns go through onChange.
  useEffect(() => {
    // The ref keeps StrictMode's second run of the effect (development) from reporting the turn twice.
    if (!toggle.current?.checked || turnBeforeHydrationReported.current) return;
    turnBeforeHydrationReported.current = true;
    onFlip?.(true);
  }, []);
  const gradient = GRADIENTS.has(card.gradient) ? card.gradient : "sage-to-lavender";
  const dark = gradient === "twilight";
  const theme = formatTheme(card);
  const verses = versesOf(card);
  const Heading = headingLevel;
  // A light card follows the reader's colour scheme on the app's pages (its gradient deepens at night, app/tailwind.css).
  const muted = dark ? "text-white/90" : "text-ink-muted";
  const badge = dark ? "bg-white/15 text-white" : "bg-surface/80 text-ink";

  // Space toggles a checkbox natively; Enter does not, so JavaScript adds it.
  function onToggleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.click();
    }
  }

  return (
    <article className="flip-card relative w-full" aria-label={`Affirmation card: ${card.title}`} data-card-id={card.id}>
      <input
        ref={toggle}
        id={toggleId}
        type="checkbox"
        className="flip-card__toggle peer sr-only"
        // Uncontrolled: the checkbox holds which face shows, so a card flipped before the scripts start (they wait for
        // the page to load) stays flipped when React takes the page over.
        defaultChecked={false}
        onChange={(event) => onFlip?.(event.target.checked)}
        onKeyDown={onToggleKeyDown}
        aria-label={`Flip card: ${card.title}`}
      />
      <div className="flip-card__inner">
        {/* Front */}
        <div
          className={`flip-card__face flip-card__front gradient-${gradient} flex flex-col rounded-3xl p-6 shadow-lg ring-1 ring-black/5`}
          data-face="front"
        >
          <FlipArea toggleId={toggleId} />
          {/* Above the Speak row (z-10): the share and image menus open over it. */}
          <div className="pointer-events-none relative z-20 flex items-start justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              {theme ? (
                <span className={`rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wide ${badge}`}>{theme}</span>
              ) : null}
              {categoryLabel ? <span className={`rounded-full px-3 py-1 text-xs font-semibold ${badge}`}>{categoryLabel}</span> : null}
            </div>
            <div className="pointer-events-auto flex items-center gap-1">
              {favorite ? <FavoriteButton favorite={favorite} dark={dark} title={card.title} /> : null}
              {favoriteForm ? (
                <FavoriteForm
                  cardId={card.id}
                  title={card.title}
                  isFavorite={favoriteForm.isFavorite}
                  redirectTo={favoriteForm.redirectTo}
                  className={iconButtonClass(dark)}
                />
              ) : null}
              <ShareMenu card={card} shareUrl={shareUrl} dark={dark} />
              <CardImageMenu cardId={card.id} title={card.title} token={imageToken} buttonClassName={iconButtonClass(dark)} />
            </div>
          </div>
          <div className="pointer-events-none flex flex-1 flex-col items-center justify-center gap-4 text-center">
            <CardIcon name={card.icon} className={`h-10 w-10 ${dark ? "text-gold-300" : "text-accent"}`} />
            <Heading className="font-serif text-2xl font-bold leading-tight">{card.title}</Heading>
            <p className="font-serif text-lg leading-relaxed" data-testid="affirmation">
              {card.affirmation}
            </p>
          </div>
          {/* As tall as Speak, which shows once the script runs: nothing below it moves when it does. */}
          <div className="pointer-events-none relative z-10 flex min-h-[44px] flex-wrap items-center justify-between gap-2 [&>button]:pointer-events-auto">
            <SpeakButton text={`${card.title}. ${card.affirmation}`} dark={dark} onSpeak={onSpeak} />
            {viewHref ? (
              <Link
                to={viewHref}
                className={`pointer-events-auto rounded-full px-3 py-2 text-sm font-semibold underline ${dark ? "text-white" : "text-ink"}`}
                aria-label={`View Card: ${card.title}`}
              >
                View Card
              </Link>
            ) : null}
            <p className={`pointer-events-none ml-auto text-sm ${muted}`} aria-hidden="true">
              Tap to flip
            </p>
          </div>
        </div>

        {/* Back */}
        <div
          className="flip-card__face flip-card__back flex flex-col rounded-3xl bg-surface p-6 text-ink shadow-lg ring-1 ring-black/5"
          data-face="back"
        >
          <FlipArea toggleId={toggleId} />
          <div className="pointer-events-none flex flex-1 flex-col gap-3">
            <span className="self-start rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold uppercase tracking-wide text-ink">
              Scripture
            </span>
            <p className="font-semibold text-accent" data-testid="scripture-reference">
              {card.scriptureReference} <span className="text-xs font-normal text-ink-muted">({card.translation})</span>
            </p>
            {verses.length > 1 ? (
              <ul className="space-y-2">
                {verses.map((verse) => (
                  <li key={verse.reference}>
                    <blockquote className="font-serif italic leading-relaxed">“{verse.text}”</blockquote>
                    <p className="text-sm font-semibold text-ink-muted">— {verse.reference}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <blockquote className="font-serif italic leading-relaxed">“{card.scripture}”</blockquote>
            )}
            {card.wordNotes.length > 0 ? (
              <div className="text-xs text-ink-muted" data-testid="word-notes">
                <p className="font-semibold">Word notes</p>
                <dl>
                  {card.wordNotes.map((note) => (
                    <div key={note.word} className="flex flex-wrap gap-x-1">
                      <dt className="font-semibold italic">{note.word}:</dt>
                      <dd>{note.meaning}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            ) : null}
            <div className="mt-auto rounded-2xl bg-surface-muted p-4" data-testid="reflection">
              <p className="text-sm font-semibold text-ink">Today's Reflection</p>
              <p className="text-sm">{card.prompt ?? card.anchor ?? ANCHOR_FALLBACK}</p>
              {card.prompt ? <p className="mt-1 text-sm text-ink-muted">{card.anchor ?? ANCHOR_FALLBACK}</p> : null}
            </div>
          </div>
          <p className="pointer-events-none mt-3 text-right text-sm text-ink-muted" aria-hidden="true">
            Tap to flip back
          </p>
        </div>
      </div>
    </article>
  );
}

/** The whole face is a label for the flip checkbox, so a click anywhere flips without JavaScript. */
function FlipArea({ toggleId }: { toggleId: string }) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the flip checkbox (htmlFor); this label is its large, hidden click target.
  return <label htmlFor={toggleId} className="absolute inset-0 cursor-pointer rounded-3xl" aria-hidden="true" />;
}

export function iconButtonClass(dark: boolean) {
  return `inline-flex h-11 w-11 items-center justify-center rounded-full ${
    dark ? "text-white hover:bg-white/15" : "text-ink hover:bg-surface/70"
  }`;
}

function FavoriteButton({ favorite, dark, title }: { favorite: FavoriteControl; dark: boolean; title: string }) {
  const hydrated = useHydrated();
  // A browser-kept favourite needs the script: until it runs, its place is held so nothing on the card moves.
  if (!hydrated) return <span className="inline-block h-11 w-11" aria-hidden="true" data-testid="favorite-placeholder" />;
  return (
    <button
      type="button"
      className={iconButtonClass(dark)}
      aria-pressed={favorite.isFavorite}
      aria-label={favorite.isFavorite ? `Remove ${title} from favorites` : `Add ${title} to favorites`}
      onClick={favorite.onToggle}
    >
      <Icon name={favorite.isFavorite ? "heart-fill" : "heart"} className="h-6 w-6" />
    </button>
  );
}

/** Shown only once JavaScript runs and the browser can speak. */
function SpeakButton({ text, dark, onSpeak }: { text: string; dark: boolean; onSpeak?: () => void }) {
  const hydrated = useHydrated();
  const [speaking, setSpeaking] = useState(false);
  const utterance = useRef<SpeechSynthesisUtterance | null>(null);
  const supported = hydrated && typeof window !== "undefined" && "speechSynthesis" in window;

  useEffect(() => {
    return () => {
      if (utterance.current) window.speechSynthesis.cancel();
    };
  }, []);

  if (!supported) return null;

  function toggle() {
    const synth = window.speechSynthesis;
    if (speaking) {
      synth.cancel();
      setSpeaking(false);
      return;
    }
    const next = new SpeechSynthesisUtterance(text);
    next.rate = SPEECH_RATE;
    next.pitch = SPEECH_PITCH;
    next.onend = () => setSpeaking(false);
    next.onerror = () => setSpeaking(false);
    utterance.current = next;
    synth.cancel();
    synth.speak(next);
    setSpeaking(true);
    onSpeak?.();
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={speaking}
      className={`inline-flex min-h-[44px] items-center gap-2 rounded-full px-4 text-sm font-semibold ${
        dark ? "bg-white/15 text-white hover:bg-white/25" : "bg-surface/80 text-ink hover:bg-surface"
      }`}
    >
      {speaking ? <Icon name="stop" className="h-5 w-5" /> : <Icon name="speaker-high" className="h-5 w-5" />}
      {speaking ? "Stop" : "Speak"}
    </button>
  );
}

/**
 * A native <details> menu, so the social links work without JavaScript. With JavaScript and
 * the Web Share API, the button opens the system share sheet instead.
 */
function ShareMenu({ card, shareUrl, dark }: { card: Card; shareUrl: string | undefined; dark: boolean }) {
  const hydrated = useHydrated();
  const { showToast } = useToast();
  const details = useRef<HTMLDetailsElement>(null);
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
    <details ref={details} className="relative">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is the native, keyboard-operable toggle of <details>. */}
      <summary
        className={`${iconButtonClass(dark)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`Share ${card.title}`}
        onClick={onSummaryClick}
      >
        <Icon name="share-network" className="h-6 w-6" />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-52 rounded-xl bg-surface p-2 shadow-xl ring-1 ring-black/10">
        <a className={linkClass} href={intentHref("x")} target="_blank" rel="noopener noreferrer">
          Share on X (Twitter)
        </a>
        <a className={linkClass} href={intentHref("facebook")} target="_blank" rel="noopener noreferrer">
          Share on Facebook
        </a>
        <a className={linkClass} href={intentHref("whatsapp")} target="_blank" rel="noopener noreferrer">
          Share on WhatsApp
        </a>
        {hydrated ? (
          <button type="button" className={`${linkClass} flex w-full items-center gap-2 text-left`} onClick={() => copyText("Copied!")}>
            {copied ? <Icon name="check" className="h-4 w-4 text-sage-700" /> : <Icon name="copy" className="h-4 w-4" />}
            {copied ? "Copied" : "Copy as text"}
          </button>
        ) : null}
      </div>
    </details>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
