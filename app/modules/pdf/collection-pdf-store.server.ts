/**
 * The collection PDF, built once per content and kept in R2 (docs/decisions/018-collection-pdf.md).
 *
 * The key is `collection-pdf/v<PDF_VERSION>/<contentHash>.pdf`: the hash covers every field the PDF draws, of every
 * card and category, so any content change (a reseed, an edited verse) makes a new key and the next request builds a
 * new file; PDF_VERSION changes when the layout does. Old objects are left behind (a few hundred KiB each).
 *
 * The builder (pdf-lib and fontkit, about 1.4 MB of the server build, whose evaluation took 220 ms) is imported on the
 * first build only, so an isolate that never builds a PDF never evaluates it (docs/decisions/035-cold-start.md).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { runAfterResponse } from "~/modules/background/after-response.server";
import { getCardsFor, listCategories } from "~/modules/cards/cards.server";
import type { PdfCard, PdfCategory } from "~/modules/pdf/pages";

/** Bump when the layout changes, so every stored PDF is rebuilt. */
const PDF_VERSION = 1;
const PRODUCT_NAME = "LIGHT Cards";
export const PDF_FILENAME = "light-cards-collection.pdf";

type PdfContext = Pick<AppLoadContext, "db" | "config" | "cloudflare" | "fonts">;

/** What the current PDF is built from, and where it is (or will be) stored. */
type CollectionPdfSource = { key: string; etag: string; cards: PdfCard[]; categories: PdfCategory[] };

type CollectionPdf = { body: ReadableStream | Uint8Array<ArrayBuffer>; size: number; etag: string; fromCache: boolean };

export async function collectionPdfSource(context: Pick<AppLoadContext, "db" | "config">): Promise<CollectionPdfSource> {
  const [{ cards: allCards }, allCategories] = await Promise.all([getCardsFor(context.db, "buyer"), listCategories(context.db)]);
  const cards: PdfCard[] = allCards.map((card) => ({
    id: card.id,
    category: card.category,
    title: card.title,
    affirmation: card.affirmation,
    scriptureReference: card.scriptureReference,
    scripture: card.scripture,
    scriptureReferences: card.scriptureReferences,
    translation: card.translation,
    wordNotes: card.wordNotes,
    prompt: card.prompt,
    anchor: card.anchor,
    theme: card.theme,
    themeLabel: card.themeLabel,
    orderIndex: card.orderIndex,
  }));
  const categories: PdfCategory[] = allCategories.map(({ slug, label, tagline }) => ({ slug, label, tagline }));
  const hash = await contentHash({ productName: PRODUCT_NAME, appOrigin: context.config.appOrigin, cards, categories });
  return { key: `collection-pdf/v${PDF_VERSION}/${hash}.pdf`, etag: `"v${PDF_VERSION}-${hash}"`, cards, categories };
}

/** SHA-256 of the content as JSON, first 16 hex characters. */
async function contentHash(content: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(content)));
  return [...new Uint8Array(digest)]
    .slice(0, 8)
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

/** The current PDF: streamed from R2 when it is there, otherwise built, stored and returned. */
export async function getCollectionPdf(context: PdfContext, source?: CollectionPdfSource): Promise<CollectionPdf> {
  const current = source ?? (await collectionPdfSource(context));
  const bucket = context.cloudflare.env.CARD_ASSETS;
  const stored = await bucket.get(current.key);
  if (stored) return { body: stored.body, size: stored.size, etag: current.etag, fromCache: true };
  const bytes = await buildAndStore(context, current);
  return { body: bytes, size: bytes.byteLength, etag: current.etag, fromCache: false };
}

/** Whether the current PDF is already stored, and its size. */
export async function storedCollectionPdf(context: PdfContext, source: CollectionPdfSource): Promise<{ size: number } | null> {
  const head = await context.cloudflare.env.CARD_ASSETS.head(source.key);
  return head ? { size: head.size } : null;
}

/** Builds and stores the current PDF after the response (the pending page), so no request waits for it. */
export function prepareCollectionPdfAfterResponse(context: PdfContext, source: CollectionPdfSource): void {
  runAfterResponse(context, "Collection PDF build", async () => {
    if (await storedCollectionPdf(context, source)) return;
    await buildAndStore(context, source);
  });
}

/**
 * Builds the PDF and puts it in R2. Concurrent first requests may each build (the same bytes under the same key):
 * sharing one build between requests would await I/O started by another request, which Workers do not allow.
 */
async function buildAndStore(context: PdfContext, source: CollectionPdfSource): Promise<Uint8Array<ArrayBuffer>> {
  const { buildCollectionPdf } = await import("~/modules/pdf/collection-pdf.server");
  const built = await buildCollectionPdf(source.cards, source.categories, context.fonts, {
    productName: PRODUCT_NAME,
    appOrigin: context.config.appOrigin,
    generatedAt: new Date(),
  });
  const bytes = new Uint8Array(built);
  await context.cloudflare.env.CARD_ASSETS.put(source.key, bytes, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { pdfVersion: String(PDF_VERSION) },
  });
  return bytes;
}
