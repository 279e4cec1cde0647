import { AffirmationCard } from "~/components/card/affirmation-card";
import type { Card } from "~/modules/cards/card";
import { sharePath } from "~/modules/sharing/share-path";

/** "Try It Now": today's card to read, flip and say aloud (chosen by chooseTryItNowCard); nothing when there is none. */
/** `siteUrl`: the site's origin with a trailing slash; the card is shared by its public share page. */
export function TryItNow({ card, siteUrl }: { card: Card | null; siteUrl: string }) {
  if (!card) return null;
  return (
    <div className="mx-auto w-full max-w-md space-y-3">
      <h3 className="text-center font-serif text-2xl font-bold text-lavender-700">Try It Now</h3>
      <p className="text-center text-ink-muted">Read it, flip it, then say it out loud.</p>
      <AffirmationCard card={card} shareUrl={new URL(sharePath(card.id), siteUrl).href} />
    </div>
  );
}
