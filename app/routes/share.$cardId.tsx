import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BuyLink } from "~/components/buy-link";
import { AffirmationCard, CardGrid } from "~/components/card/affirmation-card";
import { VersePanel } from "~/components/library/verse-panel";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { cardIdSchema } from "~/modules/cards/cards.schema";
import { countCards, getCardsFor, listCategories } from "~/modules/cards/cards.server";
import { formatPriceShort } from "~/modules/config/money";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { publicPage } from "~/modules/http/page-policy";
import { cardImagePath } from "~/modules/images/styles";
import { sharePath } from "~/modules/sharing/share-path";
import { findSharedCard } from "~/modules/sharing/shared-card.server";

export const headers = forwardHeaders;

/** The same for everyone; a paid card's link with `?t=` is never kept (docs/decisions/019). */
export const handle = publicPage;

/**
 * /share/{cardId}?t=…: the page a shared card opens, public and without JavaScript. A preview card needs no token;
 * a paid card needs its share token (an HMAC of the card id: app/modules/sharing/share-links.server.ts). With a
 * missing or wrong token the page shows the preview cards and the call to buy, never the paid text. The Open Graph
 * and Twitter tags carry the card's PNG (under the same token), so the link unfurls with the card.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { db, config } = context;
  const cardId = cardIdSchema.safeParse(params.cardId);
  if (!cardId.success) throw new Response("Card not found", { status: 404 });
  const token = new URL(request.url).searchParams.get("t");
  const found = await findSharedCard(context, cardId.data, token);
  if (!found.card && !found.exists) throw new Response("Card not found", { status: 404 });
  const shared = found.card;
  const preview = found.card && found.isPreview;

  const [cardCount, categories, previews] = await Promise.all([
    countCards(db),
    listCategories(db),
    shared ? null : getCardsFor(db, "visitor"),
  ]);
  const origin = config.appOrigin;
  return data(
    {
      card: shared,
      categoryLabel: shared ? (categories.find((category) => category.slug === shared.category)?.label ?? shared.category) : null,
      previews: previews?.cards ?? [],
      cardCount,
      categoryCount: categories.length,
      price: formatPriceShort(config.price),
      origin,
      pageUrl: shared ? `${origin}${sharePath(shared.id)}${preview ? "" : `?t=${token}`}` : `${origin}${sharePath(cardId.data)}`,
      imageUrl: shared ? `${origin}${cardImagePath(shared.id, { token: preview ? null : token })}` : null,
      imageToken: shared && !preview ? token : null,
    },
    // A paid card's page is for the people it was shared with, not for search engines. Without a valid token the
    // answer is a 403, but still a page a reader can use: the previews and the call to buy.
    preview ? undefined : { status: shared ? 200 : 403, headers: { "X-Robots-Tag": "noindex" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  if (!page?.card) return [{ title: "A LIGHT Card | LIGHT Cards" }, { name: "robots", content: "noindex" }];
  const { card, imageUrl, pageUrl } = page;
  const title = `${card.title} | LIGHT Cards`;
  const description = `${card.affirmation} (${card.scriptureReference})`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "LIGHT Cards" },
    { property: "og:title", content: card.title },
    { property: "og:description", content: description },
    { property: "og:url", content: pageUrl },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "800" },
    { property: "og:image:alt", content: `${card.title}: ${card.affirmation}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: card.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
};

export default function SharePage() {
  const { card, categoryLabel, previews, cardCount, categoryCount, price, origin, pageUrl, imageToken } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader anchorsBase="/" />
      <main id="main" className="section space-y-12">
        {card ? (
          <>
            <div className="space-y-2">
              <p className="font-semibold text-lavender-700">Someone shared a LIGHT Card with you</p>
              <h1 className="font-serif text-4xl font-bold">{card.title}</h1>
            </div>
            <div className="grid gap-8 lg:grid-cols-2">
              <AffirmationCard
                card={card}
                shareUrl={pageUrl}
                categoryLabel={categoryLabel ?? undefined}
                imageToken={imageToken}
                headingLevel="h2"
              />
              <VersePanel card={card} />
            </div>
          </>
        ) : (
          <>
            <div className="space-y-2">
              <h1 className="font-serif text-4xl font-bold">This share link has expired or is incomplete</h1>
              <p className="text-lg text-ink-muted">
                Ask the person who sent it for a new link. Meanwhile, here are a few cards anyone can read.
              </p>
            </div>
            <CardGrid>
              {previews.map((preview) => (
                <AffirmationCard key={preview.id} card={preview} shareUrl={`${origin}${sharePath(preview.id)}`} />
              ))}
            </CardGrid>
          </>
        )}

        <section aria-labelledby="for-whom" className="rounded-3xl bg-white p-8 ring-1 ring-sage-200">
          <h2 id="for-whom" className="section-title">
            Who LIGHT Cards is for
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-ink-muted">
            For anyone who wants to begin and end the day with God's word: {cardCount} affirmation cards in {categoryCount} categories, each
            grounded in a King James Version verse, with a reflection prompt and a small action for today, written to be spoken aloud.
          </p>
          <p className="mt-6 flex flex-wrap gap-4">
            <BuyLink to="/checkout" className="btn-primary">
              Get the whole collection - {price}
            </BuyLink>
            <Link to="/sample-card" className="btn-secondary">
              Try a sample card
            </Link>
          </p>
          <p className="mt-3 text-sm text-ink-muted">One payment, lifetime access, 30-day guarantee.</p>
        </section>
      </main>
      <SiteFooter anchorsBase="/" />
    </>
  );
}
