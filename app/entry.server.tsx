import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { InlineStylesheetsProvider } from "~/components/inline-stylesheets";
import { NonceProvider } from "~/components/nonce";
import { RequestReferenceProvider } from "~/components/request-reference";
import { isCrawler } from "~/modules/http/crawlers";
import { readInlineStylesheets } from "~/server/document/inline-stylesheets.server";
import { documentMemo } from "~/server/document/render-memo.server";
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
  // A buyer's library page already drawn from the very same data is not drawn again (render-memo.server.ts).
  const memo = documentMemo(request, responseStatusCode, remixContext, loadContext);
  const kept = memo?.read();
  // Says whether a memoised page was drawn now or kept (Server-Timing, beside the Worker's edge and app timings).
  if (memo) responseHeaders.append("Server-Timing", `render;desc="${kept ? "kept" : "drawn"}"`);
  // A kept page is kept as it was sent, its scripts already made to wait for the load: nothing to rewrite again.
  if (kept) return new Response(kept, { headers: responseHeaders, status: responseStatusCode });

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

  if (memo) {
    await body.allReady;
    const html = await startScriptsAfterLoad(new Response(body), loadContext.cspNonce).text();
    // A render that failed part-way (an error boundary's 500) is never kept.
    if (responseStatusCode === 200) memo.keep(html);
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }

  // The page paints before any script downloads (docs/decisions/032-scripts-after-load.md).
  return startScriptsAfterLoad(new Response(body, { headers: responseHeaders, status: responseStatusCode }), loadContext.cspNonce);
}
