import { StaticHtml } from "~/components/static-html";
import { FEATURES } from "~/content/landing-copy";

/** The feature tiles: everything the collection offers for a daily practice. */
export function FeaturesSection() {
  return (
    <StaticHtml as="section" aria-labelledby="features-title" className="bg-white">
      <div className="section">
        <h2 id="features-title" className="section-title">
          Everything You Need for a Daily Practice
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl bg-sage-50 p-6 ring-1 ring-sage-200">
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm text-ink-muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </StaticHtml>
  );
}
