import { StaticHtml } from "~/components/static-html";
/** The voices the landing page quotes: consented customer testimonials, or Scripture until there are enough. */
export type LandingVoices =
  | { kind: "customers"; testimonials: { id: string; displayName: string; location: string | null; quote: string }[] }
  | { kind: "scripture"; passages: { reference: string; text: string; note: string }[] };

/** Testimonials, or what Scripture says about spoken words until real customers agree to be quoted. */
export function TestimonialsSection({ voices }: { voices: LandingVoices }) {
  return (
    <StaticHtml as="section" id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-white">
      <div className="section">
        {voices.kind === "customers" ? (
          <>
            <h2 id="testimonials-title" className="section-title">
              What Our Community Says
            </h2>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {voices.testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <figure className="h-full rounded-2xl bg-sage-50 p-6 ring-1 ring-sage-200">
                    <blockquote className="font-serif">“{testimonial.quote}”</blockquote>
                    <figcaption className="mt-4 text-sm font-semibold">
                      {testimonial.displayName}
                      {testimonial.location ? <span className="font-normal text-ink-muted">, {testimonial.location}</span> : null}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <h2 id="testimonials-title" className="section-title">
              What Scripture Says About Spoken Words
            </h2>
            <p className="mt-3 text-center text-ink-muted">
              We are a new collection and will share our customers' words once they have agreed to be quoted. Until then, we let Scripture
              speak.
            </p>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {voices.passages.map((passage) => (
                <li key={passage.reference}>
                  <figure className="h-full rounded-2xl bg-sage-50 p-6 ring-1 ring-sage-200">
                    <blockquote className="font-serif">“{passage.text}”</blockquote>
                    <figcaption className="mt-4 text-sm">
                      <cite className="font-semibold not-italic">{passage.reference}</cite>
                      <span className="mt-2 block text-ink-muted">{passage.note}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </StaticHtml>
  );
}
