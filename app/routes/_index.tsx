import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FaqSection } from "~/components/landing/faq";
import { FeaturesSection } from "~/components/landing/features";
import { FinalCtaSection } from "~/components/landing/final-cta";
import { HeroSection } from "~/components/landing/hero";
import { HowItWorksSection } from "~/components/landing/how-it-works";
import { PreviewSection } from "~/components/landing/preview-section";
import { PricingSection } from "~/components/landing/pricing";
import { SpeakingBenefitsSection } from "~/components/landing/speaking-benefits";
import { TestimonialsSection } from "~/components/landing/testimonials";
import { TryItNow } from "~/components/landing/try-it-now";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { buildFaqs, getLandingCopy } from "~/content/landing-copy";
import { useSiteSettings } from "~/hooks/use-site-settings";
import { chooseTryItNowCard } from "~/modules/cards/card";
import { categoryQuerySchema, resolveCategory } from "~/modules/cards/cards.schema";
import { SAMPLE_CARD_ID, VISITOR_PREVIEW_LIMIT } from "~/modules/cards/cards.server";
import { getPublicCollection, previewsOf } from "~/modules/cards/public-collection.server";
import { formatPrice, formatPriceShort } from "~/modules/config/money";
import { recordLandingView } from "~/modules/experiments/events.server";
import { LANDING_RETURN_PATH } from "~/modules/experiments/experiments";
import { abTestedPage } from "~/modules/http/page-policy";

/** The landing: the same for every visitor with the same A/B variants (docs/decisions/022, 020). */
export const handle = abTestedPage;

export const meta: MetaFunction = () => [
  { title: "LIGHT Cards: Speak God's Truth Over Your Day" },
  {
    name: "description",
    content: "Scripture-based affirmation cards to read, reflect on and speak aloud. One payment, lifetime access.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config } = context;
  const url = new URL(request.url);
  const query = categoryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // The public collection comes from the isolate's snapshot: a visitor's landing page makes no D1 round trip.
  const { categories, previewCards: previews, voices, cardCount } = await getPublicCollection(context);
  const selection = resolveCategory(query.success ? query.data.category : "", categories);
  const previewCards = previewsOf({ previewCards: previews }, selection.slug, VISITOR_PREVIEW_LIMIT);

  const sampleCard = previews.find((card) => card.id === SAMPLE_CARD_ID) ?? null;
  const tryItCard = chooseTryItNowCard(previews, [SAMPLE_CARD_ID, ...previewCards.map((card) => card.id)]);
  const price = { short: formatPriceShort(config.price), full: formatPrice(config.price) };
  // The variants are chosen before rendering: the page is a function of the URL and the variant set only.
  const experiments = await context.experiments.resolve();
  await recordLandingView(context, request.url);
  const copy = getLandingCopy(experiments.variants, { price: price.short, cardCount, categoryCount: categories.length });

  return data(
    {
      copy,
      price,
      cardCount,
      categories,
      selectedCategory: selection.slug,
      categoryError: selection.error,
      previewCards,
      previewCount: previews.length,
      sampleCard,
      tryItCard,
      voices,
      pageUrl: `${config.appOrigin}/`,
    },
    // An unknown category is bad input: say so (400) but still show the page with every card tab.
    { status: selection.error ? 400 : 200 },
  );
}

/** The landing page: the site chrome around the sections in app/components/landing, in page order. */
export default function LandingPage() {
  const page = useLoaderData<typeof loader>();
  const { copy, cardCount, pageUrl } = page;
  const site = useSiteSettings();
  const categoryCount = page.categories.length;
  const faqs = buildFaqs({ cardCount, categoryCount, price: page.price.short, supportEmail: site.supportEmail });

  return (
    <>
      <SiteHeader />
      <main id="main" className="landing-main">
        <HeroSection hero={copy.hero} ctaLabel={copy.ctaLabel} sampleCard={page.sampleCard} pageUrl={pageUrl} />
        <SpeakingBenefitsSection ctaLabel={copy.ctaLabel} aside={<TryItNow card={page.tryItCard} siteUrl={pageUrl} />} />
        <HowItWorksSection />
        <FeaturesSection />
        <PreviewSection
          cardCount={cardCount}
          previewCount={page.previewCount}
          categories={page.categories}
          selectedCategory={page.selectedCategory}
          categoryError={page.categoryError}
          previewCards={page.previewCards}
          pageUrl={pageUrl}
        />
        <TestimonialsSection voices={page.voices} />
        <PricingSection
          price={page.price.full}
          pricing={copy.pricing}
          ctaLabel={copy.ctaLabel}
          cardCount={cardCount}
          categoryCount={categoryCount}
        />
        <FaqSection faqs={faqs} />
        <FinalCtaSection ctaLabel={copy.ctaLabel} cardCount={cardCount} categoryCount={categoryCount} />
        {/* The browser's return with its cookies: counts a new visitor's first view (020), scripts or not. */}
        <img src={LANDING_RETURN_PATH} alt="" width={1} height={1} aria-hidden="true" className="absolute h-px w-px opacity-0" />
      </main>
      <SiteFooter />
    </>
  );
}
