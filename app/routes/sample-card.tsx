import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BuyLink } from "~/components/buy-link";
import { AffirmationCard } from "~/components/card/affirmation-card";
import { CheckList } from "~/components/check-list";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { Icon } from "~/components/ui/icon";
import { useToast } from "~/components/ui/toaster";
import { cardAudienceFor } from "~/modules/access/access.server";
import { getUser } from "~/modules/auth/guards.server";
import { countCards, getPreviewCard, getVisibleCard, listCategories, SAMPLE_CARD_ID } from "~/modules/cards/cards.server";
import { formatPriceShort } from "~/modules/config/money";
import { listFavoriteCardIds } from "~/modules/favorites/favorites.server";
import { publicPage } from "~/modules/http/page-policy";
import { sharePath } from "~/modules/sharing/share-path";

export const handle = publicPage;

export const meta: MetaFunction = () => [
  { title: "Sample Card: The Lord Is My Shepherd | LIGHT Cards" },
  { name: "description", content: "Try a LIGHT Card: read the affirmation, flip it for the Scripture, and speak it aloud." },
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
              Tap the card to flip it and read the Scripture behind the affirmation. Every card in the collection works like this one.
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

        <section aria-labelledby="how-to-use" className="rounded-3xl bg-white p-8 ring-1 ring-sage-200">
          <h2 id="how-to-use" className="section-title">
            How to Use Your Cards
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {[
              { title: "Read and flip", text: "Read the affirmation, then flip the card and read the verse that grounds it." },
              { title: "Speak it aloud", text: "Say the affirmation out loud, slowly, two or three times. Let yourself hear it." },
              { title: "Reflect and act", text: "Answer the reflection question and take the anchor action sometime today." },
            ].map((step, index) => (
              <li key={step.title} className="text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto flex h-10 w-10 items-center justify-center rounded-full bg-sage-800 font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-ink-muted">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-10 text-center">
            <BuyLink to="/checkout" className="btn-primary">
              Get Instant Access - {price}
            </BuyLink>
          </p>
        </section>
      </main>
      <SiteFooter anchorsBase="/" />
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
