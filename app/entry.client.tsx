import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { InlineStylesheetsProvider, inlinedStylesheetsInDocument } from "~/components/inline-stylesheets";
import { keyFragmentNavigations } from "~/hooks/fragment-navigations";
import { HydratedProvider, holdInputUntilHydrated } from "~/hooks/use-hydrated";
import { registerServiceWorker } from "~/modules/offline/register-service-worker";

// Read before React takes the document over.
const stylesheets = inlinedStylesheetsInDocument(document);
// Before the router listens for `popstate`, so this listener runs first.
keyFragmentNavigations();
// Before React listens: a tap while Remix reads the page's data must not make React hydrate mid-read.
holdInputUntilHydrated();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesheetsProvider value={stylesheets}>
        <HydratedProvider>
          <RemixBrowser />
        </HydratedProvider>
      </InlineStylesheetsProvider>
    </StrictMode>,
  );
});

// The scripts start after the page has loaded (docs/decisions/032-scripts-after-load.md), so the worker never competes with the first paint.
registerServiceWorker();
