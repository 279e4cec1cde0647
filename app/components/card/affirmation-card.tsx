import { Link } from "@remix-run/react";
import { type KeyboardEvent, memo, type ReactNode, useId } from "react";
import { CardImageMenu } from "~/components/card-image-menu";
import { FavoriteForm } from "~/components/library/favorite-form";
import { StaticHtml } from "~/components/static-html";
import { useInputBeforeHydration } from "~/hooks/use-input-before-hydration";
import { type Card, formatTheme, versesOf } from "~/modules/cards/card";
import { cardAffirmationOf, FavoriteButton, type FavoriteControl, iconButtonClass, SpeakButton } from "./card-controls";
import { CardIcon } from "./card-icon";
import { CardReflection } from "./card-reflection";
import { ShareMenu } from "./share-menu";

const GRADIENTS = new Set(["sage-to-lavender", "ocean-breeze", "golden-hour", "forest-mist", "twilight", "rose-garden"]);

/**
 * Memoised: a page that re-renders for a router update that changes none of a card's props (Remix patching in the
 * routes its links lead to, right after hydration) skips its cards (docs/decisions/042-landing-main-thread.md).
 */
export const AffirmationCard = memo(function AffirmationCard({
  card,
  shareUrl,
  categoryLabel,
  favorite,
  favoriteForm,
  viewHref,
  onFlip,
  imageToken,
  headingLevel = "h3",
  anchorId,
  flipHint = true,
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
  /** A share token that lets this page's reader download a paid card's image (the share page). */
  imageToken?: string | null;
  headingLevel?: "h2" | "h3";
  /** The card's fragment id in a list (cardAnchor), where a script-free favourite returns the reader. */
  anchorId?: string;
  /** "Tap to flip" on the front; off where the back's words are printed beside the card (the card page). */
  flipHint?: boolean;
}) {
  const toggleId = useId();
  // A card turned before hydration was turned by the reader all the same: the turn counts (a read, a preview click)
  // like one made afterwards.
  useInputBeforeHydration(toggleId, false, () => onFlip?.(true));
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
    <article
      id={anchorId}
      className="flip-card relative w-full scroll-mt-24"
      aria-label={`Affirmation card: ${card.title}`}
      data-card-id={card.id}
    >
      <input
        id={toggleId}
        type="checkbox"
        className="flip-card__toggle peer sr-only"
        // Uncontrolled: the checkbox holds which face shows, so a card turned before hydration stays turned.
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
          {/* The card's words are never hydrated: only its controls are React's (StaticHtml). */}
          <StaticHtml key={card.id} className="pointer-events-none flex flex-1 flex-col items-center justify-center gap-4 text-center">
            <CardIcon name={card.icon} className={`h-10 w-10 ${dark ? "text-gold-300" : "text-accent"}`} />
            <Heading className="font-serif text-2xl font-bold leading-tight">{card.title}</Heading>
            <p className="font-serif text-lg leading-relaxed" data-testid="affirmation">
              {card.affirmation}
            </p>
          </StaticHtml>
          {/* As tall as Speak, which shows once the script runs: nothing below it moves when it does. */}
          <div className="pointer-events-none relative z-10 flex min-h-[44px] flex-wrap items-center justify-between gap-2 [&>button]:pointer-events-auto">
            <SpeakButton text={`${card.title}. ${card.affirmation}`} dark={dark} highlightIn={cardAffirmationOf} />
            {viewHref ? (
              <Link
                to={viewHref}
                className={`pointer-events-auto rounded-full px-3 py-2 text-sm font-semibold underline ${dark ? "text-white" : "text-ink"}`}
                aria-label={`View Card: ${card.title}`}
              >
                View Card
              </Link>
            ) : null}
            {flipHint ? (
              <p className={`pointer-events-none ml-auto text-sm ${muted}`} aria-hidden="true">
                Tap to flip
              </p>
            ) : null}
          </div>
        </div>

        {/* Back */}
        <div
          className="flip-card__face flip-card__back flex flex-col rounded-3xl bg-surface p-6 text-ink shadow-lg ring-1 ring-black/5"
          data-face="back"
        >
          <FlipArea toggleId={toggleId} />
          <StaticHtml key={card.id} className="pointer-events-none flex flex-1 flex-col gap-3">
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
                    <blockquote className="font-serif leading-relaxed">“{verse.text}”</blockquote>
                    <p className="text-sm font-semibold text-ink-muted">— {verse.reference}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <blockquote className="font-serif leading-relaxed">“{card.scripture}”</blockquote>
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
              <CardReflection card={card} textClassName="text-sm" />
            </div>
          </StaticHtml>
          <p className="pointer-events-none mt-3 text-right text-sm text-ink-muted" aria-hidden="true">
            Tap to flip back
          </p>
        </div>
      </div>
    </article>
  );
});

/** The whole face is a label for the flip checkbox, so a click anywhere flips without JavaScript. */
function FlipArea({ toggleId }: { toggleId: string }) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the flip checkbox (htmlFor); this label is its large, hidden click target.
  return <label htmlFor={toggleId} className="absolute inset-0 cursor-pointer rounded-3xl" aria-hidden="true" />;
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{children}</div>;
}
