import { Link } from "@remix-run/react";

/** The category buttons ('All' first, each with its count from the data): links, so they work without JavaScript. */
export function CategoryFilter({
  categories,
  allCount,
  selected,
  hrefFor,
}: {
  categories: readonly { slug: string; label: string; visibleCount: number }[];
  allCount: number;
  selected: string;
  hrefFor: (slug: string) => string;
}) {
  return (
    <nav aria-label="Categories" className="flex flex-wrap gap-2">
      {[{ slug: "all", label: "All", visibleCount: allCount }, ...categories].map((category) => (
        <Link
          key={category.slug}
          to={hrefFor(category.slug)}
          preventScrollReset
          aria-current={selected === category.slug ? "true" : undefined}
          className={`inline-flex min-h-[44px] items-center rounded-full px-4 text-sm font-semibold ring-1 ${
            selected === category.slug ? "bg-lavender-700 text-white ring-lavender-700" : "bg-surface text-ink ring-line"
          }`}
        >
          {category.label} ({category.visibleCount})
        </Link>
      ))}
    </nav>
  );
}
