/** The collection PDF's outline: the bookmarks pane of a PDF viewer, written into the document's catalog. */
import { type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFRef } from "pdf-lib";

export type OutlineEntry = { title: string; page: number; children: OutlineEntry[] };

/** The PDF outline (the viewer's bookmarks pane): contents, each category, its cards under it. */
export function addOutline(pdf: PDFDocument, entries: readonly OutlineEntry[]) {
  const { context } = pdf;
  const pages = pdf.getPages();
  const rootRef = context.nextRef();

  const addLevel = (items: readonly OutlineEntry[], parent: PDFRef): { first: PDFRef; last: PDFRef; count: number } | null => {
    const refs = items.map(() => context.nextRef());
    let count = 0;
    items.forEach((item, index) => {
      const ref = refs[index] as PDFRef;
      const page = pages[item.page];
      const dict = context.obj({});
      dict.set(PDFName.of("Title"), PDFHexString.fromText(item.title));
      dict.set(PDFName.of("Parent"), parent);
      if (page) dict.set(PDFName.of("Dest"), context.obj([page.ref, PDFName.of("Fit")]));
      const previous = refs[index - 1];
      const next = refs[index + 1];
      if (previous) dict.set(PDFName.of("Prev"), previous);
      if (next) dict.set(PDFName.of("Next"), next);
      const children = addLevel(item.children, ref);
      if (children) {
        dict.set(PDFName.of("First"), children.first);
        dict.set(PDFName.of("Last"), children.last);
        // Negative: the category starts closed in the bookmarks pane.
        dict.set(PDFName.of("Count"), PDFNumber.of(-children.count));
      }
      context.assign(ref, dict);
      count += 1;
    });
    const first = refs[0];
    const last = refs[refs.length - 1];
    return first && last ? { first, last, count } : null;
  };

  const top = addLevel(entries, rootRef);
  const root = context.obj({ Type: "Outlines" });
  if (top) {
    root.set(PDFName.of("First"), top.first);
    root.set(PDFName.of("Last"), top.last);
    root.set(PDFName.of("Count"), PDFNumber.of(top.count));
  }
  context.assign(rootRef, root);
  pdf.catalog.set(PDFName.of("Outlines"), rootRef);
  pdf.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}
