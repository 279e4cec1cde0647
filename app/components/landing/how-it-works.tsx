import { StaticHtml } from "~/components/static-html";
import { LIGHT_STEPS } from "~/content/light-steps";

const LETTER_CLASS =
  "mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-lavender-700 font-serif text-2xl font-bold text-white";

/** The LIGHT method in five steps, one tile per letter: the same names and words as /sample-card and /today. */
export function HowItWorksSection() {
  return (
    <StaticHtml as="section" aria-labelledby="method-title" className="section">
      <h2 id="method-title" className="section-title">
        The LIGHT Method in Five Steps
      </h2>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {LIGHT_STEPS.map((step, index) => (
          <li key={step.name} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-sage-200">
            <span aria-hidden="true" className={LETTER_CLASS}>
              {step.letter}
            </span>
            <h3 className="mt-4 font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.name}
            </h3>
            <p className="mt-2 text-sm text-ink-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </StaticHtml>
  );
}
