import type { ReactNode } from "react";
import { BuyLink } from "~/components/buy-link";
import { StaticHtml } from "~/components/static-html";
import { Icon } from "~/components/ui/icon";
import { SPEAKING_BENEFITS } from "~/content/landing-copy";

/** "Why Speak Your Affirmations Aloud?": the benefits and a CTA, with an aside beside them (the Try It Now card). */
export function SpeakingBenefitsSection({ ctaLabel, aside }: { ctaLabel: string; aside?: ReactNode }) {
  return (
    <section aria-labelledby="speak-title" className="bg-white">
      <div className="section grid items-center gap-10 lg:grid-cols-2">
        <div className="space-y-6">
          <h2 id="speak-title" className="font-serif text-3xl font-bold sm:text-4xl">
            Why Speak Your Affirmations Aloud?
          </h2>
          <StaticHtml as="ul" className="space-y-4">
            {SPEAKING_BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <Icon name="check-bold" className="mt-1 h-5 w-5 flex-none text-sage-700" />
                <div>
                  <h3 className="font-semibold">{benefit.title}</h3>
                  <p className="text-ink-muted">{benefit.text}</p>
                </div>
              </li>
            ))}
          </StaticHtml>
          <BuyLink to="/checkout" className="btn-primary">
            {ctaLabel}
          </BuyLink>
        </div>
        {aside}
      </div>
    </section>
  );
}
