import { AffirmationCard } from "~/components/affirmation-card";
import type { Card } from "~/modules/cards/card";

/** "Try It Now": today's card to read, flip and say aloud (chosen by chooseTryItNowCard); nothing when there is none. */
export function TryItNow({ card, shareUrl }: { card: Card | null; shareUrl: string }) {
  if (!card) return null;
  return (
    <div className="mx-auto w-full max-w-md space-y-3">
      <h3 className="text-center font-serif text-2xl font-bold text-lavender-700">Try It Now</h3>
      <p className="text-center text-ink-muted">Read it, flip it, then say it out loud.</p>
      <AffirmationCard card={card} shareUrl={shareUrl} />
    </div>
  );
}
