/**
 * GET /collection.pdf: the whole collection as a PDF, for buyers (docs/decisions/018-collection-pdf.md).
 * Visitors go to /login and come back; a signed-in user without access gets a plain 403.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cardAudienceFor } from "~/modules/access/access.server";
import { requireUser } from "~/modules/auth/guards.server";
import { collectionPdfSource, getCollectionPdf, PDF_FILENAME } from "~/modules/pdf/collection-pdf-store.server";

const COLLECTION_PDF_FORBIDDEN = "The collection PDF is for buyers. Purchase LIGHT Cards to download the whole collection.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  if ((await cardAudienceFor(context.db, user)) !== "buyer") {
    return new Response(COLLECTION_PDF_FORBIDDEN, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const source = await collectionPdfSource(context);
  const cacheHeaders = { ETag: source.etag, "Cache-Control": "private, max-age=0, must-revalidate" };
  if (ifNoneMatch(request.headers.get("If-None-Match"), source.etag)) {
    return new Response(null, { status: 304, headers: cacheHeaders });
  }
  const pdf = await getCollectionPdf(context, source);
  return new Response(pdf.body, {
    headers: {
      ...cacheHeaders,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.size),
      "Content-Disposition": `attachment; filename="${PDF_FILENAME}"`,
      "X-PDF-Cache": pdf.fromCache ? "hit" : "miss",
    },
  });
}

/** If-None-Match: a list of entity tags or `*` (weak ones match too, as RFC 9110 says for this header). */
function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
