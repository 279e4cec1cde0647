import { Link } from "@remix-run/react";
import { memo } from "react";
import { BuyLink } from "~/components/buy-link";
import { AffirmationCard, CardGrid } from "~/components/card/affirmation-card";
import type { Card, CategorySummary } from "~/modules/cards/card";
import { reportPreviewClick } from "~/modules/experiments/preview-click";
import { sharePath } from "~/modules/sharing/share-path";

/**
 * "Preview the Cards": the category tabs (plain links to ?category=, so they work without JavaScript),
 * the message for an unknown category, the preview cards and a CTA. A click on a tab or a card counts as the A/B
 * tests' preview_click (with JavaScript).
 */
/** Memoised: its props come from the loader's data, unchanged by the router updates that follow hydration. */
export const PreviewSection = memo(function PreviewSection({
  cardCount,
  previewCount,
  categories,
  selectedCategory,
  categoryError,
  previewCards,
  pageUrl,
}: {
  cardCount: number;
  previewCount: number;
  categories: CategorySummary[];
  selectedCategory: string;
  categoryError: string | null;
  previewCards: Card[];
  pageUrl: string;
}) {
  return (
    <section id="preview" aria-labelledby="preview-title" className="section scroll-mt-20">
      <h2 id="preview-title" className="section-title">
        Preview the Cards
      </h2>
      <p className="mt-3 text-center text-ink-muted">
        {previewCount} of the {cardCount} cards are free to read here, in {categories.length} categories: pick a category to see its
        previews, and tap a card to see its verse. The whole collection opens with one payment.
      </p>
      {categoryError ? (
        <p role="alert" className="mx-auto mt-4 max-w-xl rounded-xl bg-red-50 p-3 text-center text-red-800">
          {categoryError}
        </p>
      ) : null}
      <CategoryTabs categories={categories} selectedCategory={selectedCategory} />
      <div className="mt-10" data-testid="preview-cards">
        <CardGrid>
          {previewCards.map((card) => (
            <AffirmationCard key={card.id} card={card} shareUrl={new URL(sharePath(card.id), pageUrl).href} onFlip={reportCardFlip} />
          ))}
        </CardGrid>
      </div>
      <p className="mt-8 text-center">
        <BuyLink to="/checkout" className="btn-primary" cta="preview">
          Unlock All {cardCount} Cards
        </BuyLink>
      </p>
    </section>
  );
});

// One function for every card, so the memoised cards see the same props on each render.
const reportCardFlip = () => reportPreviewClick("card");

const TAB_CLASS = "inline-flex min-h-[44px] flex-col items-center justify-center rounded-full px-4 py-1 text-sm font-semibold ring-1";

/** One tab per category after "All"; the selected one is aria-current. */
function CategoryTabs({ categories, selectedCategory }: { categories: CategorySummary[]; selectedCategory: string }) {
  return (
    <nav aria-label="Card categories" className="mt-8">
      <ul className="flex flex-wrap justify-center gap-2">
        {[{ slug: "all", label: "All", tagline: "Every category" }, ...categories].map((category) => {
          const current = category.slug === selectedCategory;
          return (
            <li key={category.slug}>
              <Link
                to={category.slug === "all" ? "/#preview" : `/?category=${category.slug}#preview`}
                preventScrollReset
                onClick={() => reportPreviewClick("tab")}
                aria-current={current ? "page" : undefined}
                className={`${TAB_CLASS} ${
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
  );
}
