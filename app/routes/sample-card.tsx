import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BuyLink } from "~/components/buy-link";
import { AffirmationCard } from "~/components/card/affirmation-card";
import { SpeakButton } from "~/components/card/card-controls";
import { CardReflection } from "~/components/card/card-reflection";
import { CheckList } from "~/components/check-list";
import { WordNotes } from "~/components/library/word-notes";
import { NeedsScript, PracticeStep, PracticeStepsNav } from "~/components/practice/practice-step";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import { LIGHT_STEP_NAMES } from "~/content/light-steps";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import { type Card, versesOf } from "~/modules/cards/card";
import { countCards, getPreviewCard, getVisibleCard, listCategories, SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { publicPage } from "~/modules/http/page-policy";
import { sharePath } from "~/modules/sharing/share-path";

export const handle = publicPage;

export const meta: MetaFunction = () => [
  { title: "Sample Card: The Lord Is My Shepherd | LIGHT Cards" },
  { name: "description", content: `Try a LIGHT Card and walk it through the five steps: ${LIGHT_STEP_NAMES}.` },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const { db, config } = context;
  const [card, cardCount, categories, user] = await Promise.all([
    getPreviewCard(db, SAMPLE_CARD_ID),
    countCards(db),
    listCategories(db),
    getUser(context),
  ]);
  if (!card) throw new Response("Not Found", { status: 404 });
  // A signed-in user who may see this card keeps it as a real favourite; a visitor's favourite stays in the browser.
  const saved =
    user && (await getVisibleCard(db, await cardAudienceFor(db, user), card.id))
      ? { isFavorite: (await listFavoriteCardIds(db, user.id)).includes(card.id), redirectTo: "/sample-card" }
      : null;
  const categoryLabel = categories.find((category) => category.slug === card.category)?.label ?? card.category;
  return {
    card,
    categoryLabel,
    cardCount,
    categoryCount: categories.length,
    price: formatPriceShort(config.price),
    pageUrl: `${config.appOrigin}${sharePath(card.id)}`,
    saved,
  };
}

export default function SampleCardPage() {
  const { card, categoryLabel, cardCount, categoryCount, price, pageUrl, saved } = useLoaderData<typeof loader>();
  const { showToast } = useToast();
  const [isFavorite, setIsFavorite] = useState(false);
  // On the public sample the favourite is the browser's own (the spec): kept in localStorage, so it survives a reload.
  useEffect(() => setIsFavorite(readSampleFavorite()), []);

  const favorite = saved
    ? undefined
    : {
        isFavorite,
        onToggle: () => {
          writeSampleFavorite(!isFavorite);
          setIsFavorite(!isFavorite);
          showToast({ type: "success", title: isFavorite ? "Removed from Favorites" : "Added to Favorites" });
        },
      };

  return (
    <>
      <SiteHeader anchorsBase="/" />
      <main id="main" className="section space-y-12">
        <Link to="/" className="inline-flex items-center gap-2 font-semibold text-sage-800 hover:underline">
          <Icon name="arrow-left" className="h-5 w-5" /> Back to Home
        </Link>
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <div className="mx-auto w-full max-w-md">
            <AffirmationCard
              card={card}
              shareUrl={pageUrl}
              categoryLabel={categoryLabel}
              favorite={favorite}
              favoriteForm={saved ?? undefined}
              headingLevel="h2"
            />
          </div>
          <div className="space-y-6">
            <h1 className="font-serif text-4xl font-bold">Try a Sample Card</h1>
            <p className="text-lg text-ink-muted">
              Tap the card to flip it and read the Scripture behind the affirmation. Every card in the collection works like this one.{" "}
              <a href="#walk-title" className="font-semibold underline">
                Then walk it through the five steps.
              </a>
            </p>
            <section aria-labelledby="in-every-card">
              <h2 id="in-every-card" className="text-xl font-semibold">
                In every card
              </h2>
              <CheckList
                className="mt-3 space-y-2"
                items={[
                  "A first-person affirmation written to be spoken aloud",
                  "The Bible verse behind it, quoted from the King James Version",
                  "A reflection question and an anchor action for today",
                  "Listen to it read aloud, share it, or copy it as text",
                ]}
              />
            </section>
            <section aria-labelledby="in-collection">
              <h2 id="in-collection" className="text-xl font-semibold">
                In the full collection
              </h2>
              <CheckList
                className="mt-3 space-y-2"
                items={[
                  `${cardCount} cards in ${categoryCount} categories`,
                  "A featured card for each day, favorites and search",
                  "Downloadable card images and a high-resolution PDF",
                  "Lifetime access for one payment, with a 30-day guarantee",
                ]}
              />
            </section>
          </div>
        </div>

        <section aria-labelledby="walk-title" className="mx-auto max-w-2xl space-y-5">
          <div className="space-y-3">
            <h2 id="walk-title" className="section-title">
              Walk the Five Steps
            </h2>
            <p className="text-ink-muted">
              The LIGHT method with this card, as the collection leads you through it each morning: about two minutes. No account, and
              nothing here is saved.
            </p>
            <PracticeStepsNav />
          </div>
          <SampleSteps card={card} />
          <div className="rounded-3xl bg-accent-soft p-5 text-center">
            <p>
              That is one morning. The collection has {cardCount} cards, a card for each day, and keeps your reflections in a private
              journal.
            </p>
            <p className="mt-4">
              <BuyLink to="/checkout" className="btn-primary">
                Get Instant Access - {price}
              </BuyLink>
            </p>
          </div>
        </section>
      </main>
      <SiteFooter anchorsBase="/" />
    </>
  );
}

/**
 * The five LIGHT steps on the sample card, with the same names, words and order as /today (PracticeStep): read aloud
 * with JavaScript, the verse, the prompt and the action, said aloud. A visitor's walk saves nothing.
 */
function SampleSteps({ card }: { card: Card }) {
  const verses = versesOf(card);
  return (
    <>
      <PracticeStep index={0} heading="h3" next>
        <blockquote className="font-serif text-2xl leading-snug">{card.affirmation}</blockquote>
        <SpeakButton text={card.affirmation} dark={false} />
        <NeedsScript>Reading aloud needs JavaScript: read it slowly to yourself instead.</NeedsScript>
      </PracticeStep>
      <PracticeStep index={1} heading="h3" next>
        {verses.map((verse) => (
          <figure key={verse.reference}>
            <blockquote className="font-serif text-lg leading-relaxed">“{verse.text}”</blockquote>
            <figcaption className="text-sm font-semibold text-ink-muted">
              — {verse.reference} ({card.translation})
            </figcaption>
          </figure>
        ))}
        <WordNotes notes={card.wordNotes} />
        <SpeakButton text={verses.map((verse) => verse.text).join(" ")} dark={false} />
      </PracticeStep>
      <PracticeStep index={2} heading="h3" next>
        <CardReflection card={card} />
        <p className="text-sm text-ink-muted">
          Answer it on paper or in your heart. In the collection, your line is kept in a private journal.
        </p>
      </PracticeStep>
      <PracticeStep index={3} heading="h3" next>
        <blockquote className="font-serif text-xl leading-snug">{card.affirmation}</blockquote>
        <p className="text-sm text-ink-muted">In the collection you can record your own voice, hear it back, and mark the morning done.</p>
      </PracticeStep>
      <PracticeStep index={4} heading="h3">
        <p className="font-semibold">Today's action:</p>
        <p>{card.anchor ?? card.prompt}</p>
        <p className="text-sm text-ink-muted">In the collection, an evening check asks whether you lived it.</p>
      </PracticeStep>
    </>
  );
}

const SAMPLE_FAVORITE_KEY = "lc-sample-favorite";

function readSampleFavorite(): boolean {
  try {
    return window.localStorage.getItem(SAMPLE_FAVORITE_KEY) === "1";
  } catch {
    return false; // storage blocked: the favourite lasts as long as the page
  }
}

function writeSampleFavorite(isFavorite: boolean) {
  try {
    if (isFavorite) window.localStorage.setItem(SAMPLE_FAVORITE_KEY, "1");
    else window.localStorage.removeItem(SAMPLE_FAVORITE_KEY);
  } catch {
    // storage blocked: nothing to keep
  }
}
