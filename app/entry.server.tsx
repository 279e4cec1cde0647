import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { InlineStylesheetsProvider } from "~/components/inline-stylesheets";
import { NonceProvider } from "~/components/nonce";
import { RequestReferenceProvider } from "~/components/request-reference";
import { isCrawler } from "~/modules/http/crawlers";
import { readInlineStylesheets } from "~/server/document/inline-stylesheets.server";
import { startScriptsAfterLoad } from "~/server/document/scripts-after-load.server";

/** The Worker's handlers, reached by worker/index.ts through `build.entry.module` (docs/decisions/030-one-module-graph.md). */
export { createWorker } from "~/server/worker.server";

// With single fetch, Remix reads this to bound streaming of deferred data.
export const streamTimeout = 5_000;

/**
 * Remix reports every error a request meets. A 4xx it raises itself (a POST to a page that has no form,
 * an unknown route's data) is the client's mistake and answers as one; only faults are kept, for the request's one
 * log line (app/modules/observability/log.server.ts).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.requestLog.recordError(error);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), streamTimeout + 1_000);

  const stylesheets = await readInlineStylesheets(loadContext.cloudflare.env.ASSETS, request.url);
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.cspNonce}>
      <InlineStylesheetsProvider value={stylesheets}>
        {/* Only an error page carries the request's reference (docs/decisions/029). */}
        <RequestReferenceProvider value={responseStatusCode >= 500 ? loadContext.requestLog.requestId : null}>
          <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />
        </RequestReferenceProvider>
      </InlineStylesheetsProvider>
    </NonceProvider>,
    {
      nonce: loadContext.cspNonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) loadContext.requestLog.recordError(error);
        responseStatusCode = 500;
      },
    },
  );
  void body.allReady.then(() => clearTimeout(timeoutId));

  // Crawlers and clients without JavaScript get the whole document at once.
  if (isCrawler(request.headers.get("user-agent"))) await body.allReady;

  // The page paints before any script downloads (docs/decisions/032-scripts-after-load.md).
  return startScriptsAfterLoad(new Response(body, { headers: responseHeaders, status: responseStatusCode }), loadContext.cspNonce);
}
