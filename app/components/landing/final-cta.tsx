import { BuyLink } from "~/components/buy-link";
import { ctaHref } from "~/modules/experiments/experiments";

/** The final call to action at the foot of the landing page. */
export function FinalCtaSection({ ctaLabel, cardCount, categoryCount }: { ctaLabel: string; cardCount: number; categoryCount: number }) {
  return (
    <section aria-labelledby="final-cta-title" className="bg-gradient-to-br from-sage-800 to-lavender-900 text-white">
      <div className="section text-center">
        <h2 id="final-cta-title" className="font-serif text-3xl font-bold sm:text-4xl">
          Start Speaking Truth Over Your Life Today
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-sage-100">
          {cardCount} cards, {categoryCount} categories, one verse at a time. Pay once, keep it for life, with a 30-day guarantee.
        </p>
        <BuyLink to={ctaHref("final_cta")} className="btn mt-8 bg-white text-lavender-900 hover:bg-lavender-100" cta="final_cta">
          {ctaLabel}
        </BuyLink>
      </div>
    </section>
  );
}
