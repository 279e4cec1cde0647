import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { SiteFooter, SiteHeader } from "~/components/site-chrome";
import { LEGAL_PAGES, type LegalPage, legalPage } from "~/content/legal";

/** The <title> and description of a policy page. */
export function legalMeta(path: LegalPage["path"]): MetaFunction {
  const page = legalPage(path);
  return () => [{ title: `${page.title} | LIGHT Cards` }, { name: "description", content: page.summary }];
}

/** Terms, Privacy or Refund policy: the owner's words (app/content/legal.ts), headed and dated, with the other two a tap away. */
export function LegalPageView({ page }: { page: LegalPage }) {
  return (
    <>
      <SiteHeader anchorsBase="/" />
      <main id="main" className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <article className="space-y-6">
          <header className="space-y-2">
            <h1 className="font-serif text-3xl font-bold text-ink">{page.title}</h1>
            <p className="text-lg text-ink">{page.summary}</p>
            <p className="text-sm text-ink-muted">
              Last updated <time dateTime={page.updated}>{formatUpdated(page.updated)}</time>
            </p>
          </header>
          {page.sections.map((section) => (
            <section key={section.heading} className="space-y-3">
              <h2 className="font-serif text-xl font-semibold text-ink">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-ink">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
        <nav aria-label="Policies" className="mt-10 border-t border-sage-200 pt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {LEGAL_PAGES.filter((other) => other.path !== page.path).map((other) => (
              <li key={other.path}>
                <Link to={other.path} className="font-semibold text-lavender-700 underline underline-offset-4">
                  {other.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </main>
      <SiteFooter anchorsBase="/" />
    </>
  );
}

/** "27 November 2026": the same on the server and in the browser (no time zone is involved). */
function formatUpdated(isoDay: string): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}
