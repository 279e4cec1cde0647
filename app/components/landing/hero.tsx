import { Link } from "@remix-run/react";
import { BuyLink } from "~/components/buy-link";
import { AffirmationCard } from "~/components/card/affirmation-card";
import type { LandingCopy } from "~/content/landing-copy";
import type { Card } from "~/modules/cards/card";
import { ctaHref } from "~/modules/experiments/experiments";
import { sharePath } from "~/modules/sharing/share-path";

/** Landing hero: the (A/B tested) headline, the two buttons and the sample card. */
export function HeroSection({
  hero,
  ctaLabel,
  sampleCard,
  pageUrl,
}: {
  hero: LandingCopy["hero"];
  ctaLabel: string;
  sampleCard: Card | null;
  pageUrl: string;
}) {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-white to-sage-50">
      <div className="section grid items-center gap-10 lg:grid-cols-2">
        <div className="space-y-6 text-center lg:text-left">
          <p className="text-sm font-semibold uppercase tracking-widest text-sage-700">Scripture-based affirmation cards</p>
          <h1 id="hero-title" className="font-serif text-4xl font-bold leading-tight text-ink sm:text-5xl">
            {hero.headline}
          </h1>
          <p className="text-lg text-ink-muted">{hero.subheadline}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <BuyLink to={ctaHref("hero")} className="btn-primary" cta="hero">
              {ctaLabel}
            </BuyLink>
            <Link to="/sample-card" className="btn-secondary">
              See a Sample Card
            </Link>
          </div>
          <p className="text-sm text-ink-muted">One payment · Lifetime access · 30-day guarantee</p>
        </div>
        {sampleCard ? (
          <div className="mx-auto w-full max-w-md">
            <AffirmationCard card={sampleCard} shareUrl={new URL(sharePath(sampleCard.id), pageUrl).href} headingLevel="h2" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
