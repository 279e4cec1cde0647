import { Check } from "@phosphor-icons/react/dist/ssr";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AffirmationCard, CardGrid } from "~/components/affirmation-card";
import { CheckList } from "~/components/check-list";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { buildFaqs, DEFAULT_VARIANTS, FEATURES, getLandingCopy, LIGHT_STEPS, SPEAKING_BENEFITS } from "~/content/landing-copy";
import { chooseTryItNowCard } from "~/modules/cards/card";
import { countCards, getCardsFor, listCategories, listPreviewCards, SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { formatPrice, formatPriceShort } from "~/modules/config/money";
import { getLandingVoices } from "~/modules/testimonials/testimonials.server";
import { categoryQuerySchema, resolveCategory } from "~/validation/cards";

export const meta: MetaFunction = () => [
  { title: "LIGHT Cards: Speak God's Truth Over Your Day" },
  {
    name: "description",
    content: "Scripture-based affirmation cards to read, reflect on and speak aloud. One payment, lifetime access.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, config } = context;
  const url = new URL(request.url);
  const query = categoryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const categories = await listCategories(db);
  const selection = resolveCategory(query.success ? query.data.category : "", categories);

  const [preview, previews, voices, cardCount] = await Promise.all([
    getCardsFor(db, "visitor", { category: selection.slug }),
    listPreviewCards(db),
    getLandingVoices(db),
    countCards(db),
  ]);
  const sampleCard = previews.find((card) => card.id === SAMPLE_CARD_ID) ?? null;
  const tryItCard = chooseTryItNowCard(previews, [SAMPLE_CARD_ID, ...preview.cards.map((card) => card.id)]);
  const price = { short: formatPriceShort(config.price), full: formatPrice(config.price) };
  const copy = getLandingCopy(DEFAULT_VARIANTS, {
    price: price.short,
    cardCount,
    categoryCount: categories.length,
  });

  return data(
    {
      copy,
      price,
      cardCount,
      categories,
      selectedCategory: selection.slug,
      categoryError: selection.error,
      previewCards: preview.cards,
      sampleCard,
      tryItCard,
      voices,
      pageUrl: `${config.appOrigin}/`,
      site: { socialUrl: config.socialUrl, supportEmail: config.supportEmail },
    },
    // An unknown category is bad input: say so (400) but still show the page with every card tab.
    { status: selection.error ? 400 : 200 },
  );
}

export default function LandingPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { copy, price, cardCount, categories, selectedCategory, previewCards, sampleCard, tryItCard, voices, pageUrl, site } =
    loaderData;
  const categoryCount = categories.length;
  const faqs = buildFaqs({ cardCount, categoryCount, price: price.short, supportEmail: site.supportEmail });

  return (
    <>
      <SiteHeader socialUrl={site.socialUrl} />
      <main id="main">
        {/* Hero */}
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-white to-sage-50">
          <div className="section grid items-center gap-10 lg:grid-cols-2">
            <div className="space-y-6 text-center lg:text-left">
              <p className="text-sm font-semibold uppercase tracking-widest text-sage-700">Scripture-based affirmation cards</p>
              <h1 id="hero-title" className="font-serif text-4xl font-bold leading-tight text-ink sm:text-5xl">
                {copy.hero.headline}
              </h1>
              <p className="text-lg text-ink-muted">{copy.hero.subheadline}</p>
              <div className="flex flex-col gap-3 sm:flex-row sm:justify-center lg:justify-start">
                <Link to="/checkout" className="btn-primary" data-cta="hero">
                  {copy.ctaLabel}
                </Link>
                <Link to="/sample-card" className="btn-secondary">
                  See a Sample Card
                </Link>
              </div>
              <p className="text-sm text-ink-muted">One payment · Lifetime access · 30-day guarantee</p>
            </div>
            {sampleCard ? (
              <div className="mx-auto w-full max-w-md">
                <AffirmationCard card={sampleCard} shareUrl={`${pageUrl}sample-card`} headingLevel="h2" />
              </div>
            ) : null}
          </div>
        </section>

        {/* Speaking aloud */}
        <section aria-labelledby="speak-title" className="bg-white">
          <div className="section grid items-center gap-10 lg:grid-cols-2">
            <div className="space-y-6">
              <h2 id="speak-title" className="font-serif text-3xl font-bold sm:text-4xl">
                Why Speak Your Affirmations Aloud?
              </h2>
              <ul className="space-y-4">
                {SPEAKING_BENEFITS.map((benefit) => (
                  <li key={benefit.title} className="flex gap-3">
                    <Check className="mt-1 h-5 w-5 flex-none text-sage-700" weight="bold" aria-hidden="true" />
                    <div>
                      <h3 className="font-semibold">{benefit.title}</h3>
                      <p className="text-ink-muted">{benefit.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <Link to="/checkout" className="btn-primary">
                {copy.ctaLabel}
              </Link>
            </div>
            {tryItCard ? (
              <div className="mx-auto w-full max-w-md space-y-3">
                <h3 className="text-center font-serif text-2xl font-bold text-lavender-700">Try It Now</h3>
                <p className="text-center text-ink-muted">Read it, flip it, then say it out loud.</p>
                <AffirmationCard card={tryItCard} shareUrl={pageUrl} />
              </div>
            ) : null}
          </div>
        </section>

        {/* The LIGHT method */}
        <section aria-labelledby="method-title" className="section">
          <h2 id="method-title" className="section-title">
            The LIGHT Method in Five Steps
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {LIGHT_STEPS.map((step, index) => (
              <li key={step.name} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-sage-200">
                <span aria-hidden="true" className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-lavender-700 font-serif text-2xl font-bold text-white">
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
        </section>

        {/* Features */}
        <section aria-labelledby="features-title" className="bg-white">
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
        </section>

        {/* Card preview */}
        <section id="preview" aria-labelledby="preview-title" className="section scroll-mt-20">
          <h2 id="preview-title" className="section-title">
            Preview the Cards
          </h2>
          <p className="mt-3 text-center text-ink-muted">
            A few of the {cardCount} cards in {categoryCount} categories. Tap a card to see its verse.
          </p>
          {loaderData.categoryError ? (
            <p role="alert" className="mx-auto mt-4 max-w-xl rounded-xl bg-red-50 p-3 text-center text-red-800">
              {loaderData.categoryError}
            </p>
          ) : null}
          <nav aria-label="Card categories" className="mt-8">
            <ul className="flex flex-wrap justify-center gap-2">
              {[{ slug: "all", label: "All", tagline: "Every category" }, ...categories].map((category) => {
                const current = category.slug === selectedCategory;
                return (
                  <li key={category.slug}>
                    <Link
                      to={category.slug === "all" ? "/#preview" : `/?category=${category.slug}#preview`}
                      preventScrollReset
                      aria-current={current ? "page" : undefined}
                      className={`inline-flex min-h-[44px] flex-col items-center justify-center rounded-full px-4 py-1 text-sm font-semibold ring-1 ${
                        current ? "bg-sage-800 text-white ring-sage-800" : "bg-white text-ink ring-sage-300 hover:bg-sage-100"
                      }`}
                    >
                      <span>{category.label}</span>
                      {category.slug !== "all" ? (
                        <span className={`text-xs font-normal ${current ? "text-sage-100" : "text-ink-muted"}`}>{category.tagline}</span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="mt-10" data-testid="preview-cards">
            <CardGrid>
              {previewCards.map((card) => (
                <AffirmationCard key={card.id} card={card} shareUrl={pageUrl} />
              ))}
            </CardGrid>
          </div>
          <p className="mt-8 text-center">
            <Link to="/checkout" className="btn-primary" data-cta="preview">
              Unlock All {cardCount} Cards
            </Link>
          </p>
        </section>

        {/* Testimonials, or Scripture until real customers agree to be quoted */}
        <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 bg-white">
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
                        <blockquote className="font-serif italic">“{testimonial.quote}”</blockquote>
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
                  We are a new collection and will share our customers' words once they have agreed to be quoted. Until then, we let
                  Scripture speak.
                </p>
                <ul className="mt-10 grid gap-6 md:grid-cols-3">
                  {voices.passages.map((passage) => (
                    <li key={passage.reference}>
                      <figure className="h-full rounded-2xl bg-sage-50 p-6 ring-1 ring-sage-200">
                        <blockquote className="font-serif italic">“{passage.text}”</blockquote>
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
        </section>

        {/* Pricing */}
        <section id="pricing" aria-labelledby="pricing-title" className="section scroll-mt-20">
          <h2 id="pricing-title" className="section-title">
            Simple, One-Time Pricing
          </h2>
          <div className="mx-auto mt-10 max-w-lg rounded-3xl bg-white p-8 text-center shadow-xl ring-2 ring-lavender-300">
            <h3 className="font-serif text-2xl font-bold">The Complete LIGHT Cards Collection</h3>
            <p className="mt-4">
              <span className="font-serif text-5xl font-bold text-lavender-700" data-testid="price">
                {price.full}
              </span>{" "}
              <span className="text-ink-muted">one time</span>
            </p>
            <p className="mt-2 font-semibold">{copy.pricing.headline}</p>
            <p className="mt-1 text-sm text-ink-muted">{copy.pricing.note}</p>
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
            <Link to="/checkout" className="btn-primary mt-8 w-full" data-cta="pricing">
              {copy.ctaLabel}
            </Link>
          </div>
        </section>

        {/* FAQ: an exclusive <details> group, one open at a time with or without JavaScript */}
        <section aria-labelledby="faq-title" className="bg-white">
          <div className="section max-w-3xl">
            <h2 id="faq-title" className="section-title">
              Frequently Asked Questions
            </h2>
            <div className="mt-10 divide-y divide-sage-200 rounded-2xl ring-1 ring-sage-200">
              {faqs.map((faq) => (
                <details key={faq.question} name="faq" className="group p-5">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
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
        </section>

        {/* Final call to action */}
        <section aria-labelledby="final-cta-title" className="bg-gradient-to-br from-sage-800 to-lavender-900 text-white">
          <div className="section text-center">
            <h2 id="final-cta-title" className="font-serif text-3xl font-bold sm:text-4xl">
              Start Speaking Truth Over Your Life Today
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-sage-100">
              {cardCount} cards, {categoryCount} categories, one verse at a time. Pay once, keep it for life, with a 30-day guarantee.
            </p>
            <Link to="/checkout" className="btn mt-8 bg-white text-lavender-900 hover:bg-lavender-100" data-cta="final_cta">
              {copy.ctaLabel}
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter socialUrl={site.socialUrl} supportEmail={site.supportEmail} />
    </>
  );
}
