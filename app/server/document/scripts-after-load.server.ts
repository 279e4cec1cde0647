/**
 * A page's scripts start once the page has loaded (docs/decisions/032-scripts-after-load.md). Every page works without
 * JavaScript, so the first paint needs none of it; what the scripts do (hydrate, then reveal the script-only
 * controls) can wait until the document, its fonts and its icons are in. Until then Remix's module preloads and its
 * module script are inert: the browser downloads no script while it is still fetching and painting the page, and on
 * a slow phone network the hero no longer shares the line with 110 kB of JavaScript.
 *
 * The rewrite keeps every element where Remix rendered it, so hydration finds the document it expects: a preload's
 * `rel` and the module script's `type` change, nothing moves. The starter (an inline script at the end of the body,
 * allowed by the response's nonce, or by its hash in a page from the edge cache) puts both back after `load`, in the
 * browser's next idle moment.
 */

const INERT_PRELOAD = "lc-modulepreload";
// Not a script type the browser knows, so the element is a data block: kept, never run.
const INERT_MODULE = "lc-deferred-module";

/** ES5, so an old phone that cannot run the app at least does not stop on a syntax error. */
export const SCRIPT_STARTER = `(function () {
  function start() {
    var preloads = document.querySelectorAll('link[rel="${INERT_PRELOAD}"]');
    for (var i = 0; i < preloads.length; i++) preloads[i].rel = "modulepreload";
    var inert = document.querySelectorAll('script[type="${INERT_MODULE}"]');
    for (var j = 0; j < inert.length; j++) {
      var script = document.createElement("script");
      script.type = "module";
      script.async = true;
      script.nonce = inert[j].nonce;
      script.textContent = inert[j].textContent;
      inert[j].parentNode.replaceChild(script, inert[j]);
    }
  }
  function whenIdle() {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 1000 });
    else setTimeout(start, 0);
  }
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
})();`;

/** The HTML document with its module preloads and module script made inert, and the starter appended to the body. */
export function startScriptsAfterLoad(document: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", INERT_PRELOAD);
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", INERT_MODULE);
      },
    })
    .on("body", {
      element(body) {
        body.append(`<script nonce="${nonce}">${SCRIPT_STARTER}</script>`, { html: true });
      },
    })
    .transform(document);
}
