import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { InlineStylesheetsProvider, inlinedStylesheetsInDocument } from "~/components/inline-stylesheets";

// Read before React takes the document over.
const stylesheets = inlinedStylesheetsInDocument(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesheetsProvider value={stylesheets}>
        <RemixBrowser />
      </InlineStylesheetsProvider>
    </StrictMode>,
  );
});
