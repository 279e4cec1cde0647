/**
 * The collection PDF (docs/decisions/018-collection-pdf.md) through the real Worker: who may download it, what is in
 * it (pages, metadata, embedded fonts, the bookmarks' text), the R2 cache and its ETag, and the pending page.
 */
import { env } from "cloudflare:workers";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/modules/config/config.server";
import { collectionPdfSource } from "~/modules/pdf/collection-pdf-store.server";
import { expectRedirect, fetchApp, visibleText } from "./helpers";
import { buyer, db, signedInUser } from "./library-support";

const FIVE_MB = 5 * 1024 * 1024;

async function contentCounts() {
  const cards = await env.DB.prepare("SELECT id, title FROM affirmation_cards").all<{ id: string; title: string }>();
  const categories = await env.DB.prepare("SELECT slug, label, tagline FROM categories").all<{
    slug: string;
    label: string;
    tagline: string;
  }>();
  return { cards: cards.results, categories: categories.results };
}

/** The R2 key of the current PDF, as the Worker computes it. */
async function currentKey(): Promise<string> {
  return (
    await collectionPdfSource({ db, config: readConfig({ ...env, ENVIRONMENT: "development", APP_ORIGIN: "http://localhost:8787" }) })
  ).key;
}

async function clearStoredPdfs() {
  const listed = await env.CARD_ASSETS.list({ prefix: "collection-pdf/" });
  if (listed.objects.length) await env.CARD_ASSETS.delete(listed.objects.map((object) => object.key));
}

/** Every outline (bookmark) title, depth first. */
function outlineTitles(pdf: PDFDocument): string[] {
  const titles: string[] = [];
  const visit = (ref: unknown) => {
    let current = ref ? pdf.context.lookup(ref as never, PDFDict) : undefined;
    while (current) {
      const title = current.lookup(PDFName.of("Title"));
      if (title instanceof PDFHexString || title instanceof PDFString) titles.push(title.decodeText());
      visit(current.get(PDFName.of("First")));
      const next = current.get(PDFName.of("Next"));
      current = next ? pdf.context.lookup(next, PDFDict) : undefined;
    }
  };
  const outlines = pdf.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  visit(outlines?.get(PDFName.of("First")));
  return titles;
}

/** The FontName of every embedded font descriptor. */
function embeddedFontNames(pdf: PDFDocument): string[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("FontDescriptor"))
    .map((descriptor) => String(descriptor.get(PDFName.of("FontName"))));
}

describe("GET /collection.pdf", () => {
  let cookie: string;
  beforeAll(async () => {
    await clearStoredPdfs();
    cookie = (await buyer("pdf-buyer")).cookie;
  });

  it("gives a buyer the whole collection as a PDF, built once, then served from R2", async () => {
    const started = Date.now();
    const first = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
    const firstMs = Date.now() - started;
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/pdf");
    expect(first.headers.get("Content-Disposition")).toBe('attachment; filename="light-cards-collection.pdf"');
    expect(first.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
    expect(first.headers.get("ETag")).toMatch(/^"v\d+-[0-9a-f]{16}"$/);
    expect(first.headers.get("X-PDF-Cache")).toBe("miss");
    const bytes = new Uint8Array(await first.arrayBuffer());
    console.log(`collection PDF: built in ${firstMs} ms (test Worker), ${(bytes.byteLength / 1024).toFixed(0)} KiB`);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.byteLength).toBeLessThan(FIVE_MB);
    expect(first.headers.get("Content-Length")).toBe(String(bytes.byteLength));

    // Stored under the content's key; the second request streams the same bytes from R2.
    const stored = await env.CARD_ASSETS.head(await currentKey());
    expect(stored?.size).toBe(bytes.byteLength);
    expect(stored?.httpMetadata?.contentType).toBe("application/pdf");
    const second = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
    expect(second.status).toBe(200);
    expect(second.headers.get("X-PDF-Cache")).toBe("hit");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
  });

  it("has a cover, the contents, a title page per category and a page per card, with metadata, fonts and bookmarks", async () => {
    const response = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()), { updateMetadata: false });
    const { cards, categories } = await contentCounts();
    expect(cards.length).toBeGreaterThan(0);

    // 1 cover + the contents (one page or more) + one per category + one per card.
    const contentsPages = pdf.getPageCount() - 1 - categories.length - cards.length;
    expect(contentsPages).toBeGreaterThanOrEqual(1);
    expect(contentsPages).toBeLessThanOrEqual(3);
    for (const page of pdf.getPages()) {
      expect(page.getWidth()).toBeCloseTo(419.53, 1);
      expect(page.getHeight()).toBeCloseTo(595.28, 1);
    }

    expect(pdf.getTitle()).toBe("LIGHT Cards: The Collection");
    expect(pdf.getAuthor()).toBe("LIGHT Cards");
    expect(pdf.getCreationDate()).toBeInstanceOf(Date);

    const fonts = embeddedFontNames(pdf);
    for (const name of ["Lora-Regular", "Lora-Italic", "Lora-Bold", "Inter-Regular", "Inter-SemiBold", "Inter-Bold"]) {
      // pdf-lib names a subset font after the font's PostScript name with a number: /Lora-Regular-153.
      expect(
        fonts.some((font) => new RegExp(`^/${name}(-\\d+)?$`).test(font)),
        `${name} in ${fonts.join(", ")}`,
      ).toBe(true);
    }

    // The bookmarks carry the contents' text: every category label and every card title.
    const titles = outlineTitles(pdf);
    expect(titles[0]).toBe("Contents");
    for (const category of categories) expect(titles).toContain(category.label);
    for (const card of cards) expect(titles).toContain(card.title);
    expect(titles).toHaveLength(1 + categories.length + cards.length);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
    await first.arrayBuffer();
    const etag = first.headers.get("ETag") ?? "";
    const again = await fetchApp("/collection.pdf", { headers: { Cookie: cookie, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
    const stale = await fetchApp("/collection.pdf", { headers: { Cookie: cookie, "If-None-Match": '"v0-0000000000000000"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("makes a new PDF when the content changes", async () => {
    const before = await currentKey();
    await env.DB.prepare("UPDATE categories SET tagline = tagline || '!' WHERE slug = (SELECT slug FROM categories LIMIT 1)").run();
    try {
      const after = await currentKey();
      expect(after).not.toBe(before);
      const response = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
      expect(response.headers.get("X-PDF-Cache")).toBe("miss");
      await response.arrayBuffer();
      expect(await env.CARD_ASSETS.head(after)).not.toBeNull();
    } finally {
      await env.DB.prepare("UPDATE categories SET tagline = substr(tagline, 1, length(tagline) - 1) WHERE tagline LIKE '%!'").run();
    }
    expect(await currentKey()).toBe(before);
  });

  it("keys the PDF by each card's badge label too, so a new label is never served from an old PDF", async () => {
    const before = await currentKey();
    await env.DB.prepare("UPDATE affirmation_cards SET theme_label = theme_label || '!' WHERE id = 'peace-not-as-the-world-gives'").run();
    try {
      expect(await currentKey()).not.toBe(before);
    } finally {
      await env.DB.prepare("UPDATE affirmation_cards SET theme_label = 'Christ’s Peace' WHERE id = 'peace-not-as-the-world-gives'").run();
    }
    expect(await currentKey()).toBe(before);
  });

  it("refuses a signed-in user without access with a plain 403", async () => {
    const member = await signedInUser("pdf-member");
    const response = await fetchApp("/collection.pdf", { headers: { Cookie: member.cookie } });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("The collection PDF is for buyers.");
    expect(text).not.toMatch(/https?:|<a /);
  });

  it("sends a visitor to sign in and come back", async () => {
    const response = await fetchApp("/collection.pdf");
    expectRedirect(response, "/login?redirectTo=%2Fcollection.pdf");
  });
});

describe("GET /collection (the pending page)", () => {
  it("shows a self-refreshing pending state, builds after the response, then offers the download", async () => {
    await clearStoredPdfs();
    const { cookie } = await buyer("pdf-page-buyer");
    const pending = await fetchApp("/collection", { headers: { Cookie: cookie } });
    expect(pending.status).toBe(200);
    expect(pending.headers.get("Refresh")).toBe("2");
    const pendingText = visibleText(await pending.text());
    expect(pendingText).toContain("Preparing your PDF...");
    expect(pendingText).toContain("try downloading the PDF directly");

    // fetchApp waited for the after-response build: the PDF is now in R2.
    const stored = await env.CARD_ASSETS.head(await currentKey());
    expect(stored).not.toBeNull();

    const ready = await fetchApp("/collection", { headers: { Cookie: cookie } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Refresh")).toBeNull();
    const html = await ready.text();
    expect(visibleText(html)).toContain("Your PDF is ready");
    expect(html).toContain('href="/collection.pdf"');
    expect(visibleText(html)).toMatch(/Download PDF.*PDF, \d+ KB/);

    const download = await fetchApp("/collection.pdf", { headers: { Cookie: cookie } });
    expect(download.headers.get("X-PDF-Cache")).toBe("hit");
    await download.arrayBuffer();
  });

  it("keeps visitors and users without access out", async () => {
    expectRedirect(await fetchApp("/collection"), "/login?redirectTo=%2Fcollection");
    const member = await signedInUser("pdf-page-member");
    const response = await fetchApp("/collection", { headers: { Cookie: member.cookie } });
    expect(response.status).toBe(403);
    await response.text();
  });
});
