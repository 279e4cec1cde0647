import { StaticHtml } from "~/components/static-html";
import type { Faq } from "~/content/landing-copy";

const QUESTION_CLASS = "flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden";

/** Frequently asked questions: an exclusive <details> group, one open at a time with or without JavaScript. */
export function FaqSection({ faqs }: { faqs: Faq[] }) {
  return (
    <StaticHtml as="section" aria-labelledby="faq-title" className="bg-white">
      <div className="section max-w-3xl">
        <h2 id="faq-title" className="section-title">
          Frequently Asked Questions
        </h2>
        <div className="mt-10 divide-y divide-sage-200 rounded-2xl ring-1 ring-sage-200">
          {faqs.map((faq) => (
            <details key={faq.question} name="faq" className="group p-5">
              <summary className={QUESTION_CLASS}>
                {faq.question}
                <span aria-hidden="true" className="text-xl text-lavender-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-ink-muted">{faq.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </StaticHtml>
  );
}
