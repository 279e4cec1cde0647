import { BuyLink } from "~/components/buy-link";
import { CheckList } from "~/components/check-list";
import { StaticHtml } from "~/components/static-html";
import type { LandingCopy } from "~/content/landing-copy";
import { ctaHref } from "~/modules/experiments/experiments";

/** Pricing: the one-time price (from the config), the (A/B tested) pricing copy, what is included and the CTA. */
export function PricingSection({
  price,
  pricing,
  ctaLabel,
  cardCount,
  categoryCount,
}: {
  /** The full price, e.g. "$27.00". */
  price: string;
  pricing: LandingCopy["pricing"];
  ctaLabel: string;
  cardCount: number;
  categoryCount: number;
}) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="section scroll-mt-20">
      <h2 id="pricing-title" className="section-title">
        Simple, One-Time Pricing
      </h2>
      <div className="mx-auto mt-10 max-w-lg rounded-3xl bg-white p-8 text-center shadow-xl ring-2 ring-lavender-300">
        <h3 className="font-serif text-2xl font-bold">The Complete LIGHT Cards Collection</h3>
        <p className="mt-4">
          <span className="font-serif text-5xl font-bold text-lavender-700" data-testid="price">
            {price}
          </span>{" "}
          <span className="text-ink-muted">one time</span>
        </p>
        <p className="mt-2 font-semibold">{pricing.headline}</p>
        <p className="mt-1 text-sm text-ink-muted">{pricing.note}</p>
        <StaticHtml className="contents">
          <CheckList
            className="mt-6 space-y-2 text-left"
            items={[
              `All ${cardCount} affirmation cards in ${categoryCount} categories`,
              "A King James Version verse and a reflection prompt on every card",
              "High-resolution PDF of the collection for mobile and print",
              "Card images to download and share",
              "Lifetime access with no recurring fees",
              "30-day money-back guarantee",
            ]}
          />
        </StaticHtml>
        <BuyLink to={ctaHref("pricing")} className="btn-primary mt-8 w-full" cta="pricing">
          {ctaLabel}
        </BuyLink>
        <a href="/gift" className="mt-4 inline-flex min-h-[44px] items-center font-semibold text-lavender-700 underline">
          Give it as a gift
        </a>
      </div>
    </section>
  );
}
