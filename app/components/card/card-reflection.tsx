import { ANCHOR_FALLBACK, type Card } from "~/modules/cards/card";

/**
 * The reflection's text and, when the card has a prompt, the day's action below it, labelled "Anchor" as the printed
 * collection labels it: one rendering for the card's back and the card page's verse panel.
 */
export function CardReflection({ card, textClassName }: { card: Pick<Card, "prompt" | "anchor">; textClassName?: string }) {
  return (
    <>
      <p className={textClassName}>{card.prompt ?? card.anchor ?? ANCHOR_FALLBACK}</p>
      {card.prompt ? (
        <p className="mt-1 text-sm text-ink-muted">
          <span className="font-semibold text-ink">Anchor: </span>
          {card.anchor ?? ANCHOR_FALLBACK}
        </p>
      ) : null}
    </>
  );
}
