/**
 * GET /collection: the collection PDF's page for buyers. When the current PDF is already stored it offers the
 * download; otherwise it starts the build after the response and shows a pending state that refreshes itself every
 * 2 seconds through a `Refresh` header (no JavaScript needed), so nobody waits on a request that might time out.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { Icon } from "~/components/ui/icon";
import { pageAudienceFor } from "~/modules/access/access.server";
import { requireUser } from "~/modules/auth/guards.server";
import { forwardHeaders } from "~/modules/http/forward-headers";
import { collectionPdfSource, prepareCollectionPdfAfterResponse, storedCollectionPdf } from "~/modules/pdf/collection-pdf-store.server";

export const headers = forwardHeaders;

export const meta: MetaFunction = () => [{ title: "The collection as a PDF | LIGHT Cards" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  if ((await pageAudienceFor(context.db, user.id)) !== "buyer") {
    throw new Response("The collection PDF is for buyers. Purchase LIGHT Cards to download the whole collection.", { status: 403 });
  }
  const source = await collectionPdfSource(context);
  const stored = await storedCollectionPdf(context, source);
  const summary = { cardCount: source.cards.length, categoryCount: source.categories.length };
  if (stored) return data({ ready: true as const, size: stored.size, ...summary });
  prepareCollectionPdfAfterResponse(context, source);
  return data({ ready: false as const, size: null, ...summary }, { headers: { Refresh: "2" } });
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function CollectionPdfPage() {
  const { ready, size, cardCount, categoryCount } = useLoaderData<typeof loader>();
  return (
    <AppShell>
      <main id="main" className="mx-auto w-full max-w-2xl space-y-8 px-4 pt-6 pb-12 sm:px-6">
        <Link to="/cards" className="inline-flex items-center gap-2 font-semibold text-ink hover:underline">
          <Icon name="arrow-left" className="h-5 w-5" /> Back to the cards
        </Link>
        <h1 className="font-serif text-3xl font-bold text-ink">The collection as a PDF</h1>
        <p className="text-lg text-ink">
          All {cardCount} cards in {categoryCount} categories, one card per A5 page with its front and back, ready to print or keep on your
          phone.
        </p>
        {ready ? (
          <section aria-live="polite" className="space-y-4">
            <h2 className="text-xl font-semibold text-ink">Your PDF is ready</h2>
            <a href="/collection.pdf" download className="btn-primary inline-flex items-center gap-2">
              <Icon name="download-simple" className="h-5 w-5" /> Download PDF
            </a>
            <p className="text-ink-muted">PDF, {formatSize(size ?? 0)}</p>
          </section>
        ) : (
          <section aria-live="polite" className="space-y-4" aria-busy="true">
            <h2 className="text-xl font-semibold text-ink">Preparing your PDF...</h2>
            <p className="text-ink">
              This takes a few seconds after the collection changes. This page refreshes by itself and offers the download when the file is
              ready.
            </p>
            <p className="text-ink-muted">
              You can also{" "}
              <a href="/collection.pdf" className="font-semibold underline">
                try downloading the PDF directly
              </a>
              .
            </p>
          </section>
        )}
      </main>
    </AppShell>
  );
}
