import { Link } from "@remix-run/react";
import { iconButtonClass } from "~/components/card/card-controls";
import { CardIcon } from "~/components/card/card-icon";
import { type Card, cardAnchor } from "~/modules/cards/card";
import { FavoriteForm } from "./favorite-form";

/**
 * The compact card of the dashboard and of the list view: category, title, the affirmation clipped to three lines,
 * 'Scripture based', the favourite button and 'View Card' (the card's own page, where it flips).
 */
export function CardTile({
  card,
  categoryLabel,
  href,
  favorite,
}: {
  card: Pick<Card, "id" | "title" | "affirmation" | "icon" | "scriptureReference">;
  categoryLabel: string | undefined;
  href: string;
  favorite: { isFavorite: boolean; redirectTo: string } | null;
}) {
  return (
    <article
      id={cardAnchor(card.id)}
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl bg-surface p-5 shadow-sm ring-1 ring-line"
      data-card-id={card.id}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <CardIcon name={card.icon} className="h-6 w-6 text-accent" />
          {categoryLabel ? (
            <span className="rounded-full bg-surface-muted px-3 py-1 text-xs font-semibold text-ink">{categoryLabel}</span>
          ) : null}
        </div>
        {favorite ? (
          <FavoriteForm
            cardId={card.id}
            title={card.title}
            isFavorite={favorite.isFavorite}
            redirectTo={favorite.redirectTo}
            className={iconButtonClass(false)}
          />
        ) : null}
      </div>
      <h3 className="font-serif text-xl font-bold leading-tight">{card.title}</h3>
      <p className="line-clamp-3 text-ink-muted">{card.affirmation}</p>
      <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
        <span className="text-ink-muted" title={card.scriptureReference}>
          Scripture based
        </span>
        <Link to={href} className="font-semibold text-accent underline" aria-label={`View Card: ${card.title}`}>
          View Card
        </Link>
      </div>
    </article>
  );
}
