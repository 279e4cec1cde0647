/**
 * The page the service worker answers with when a page needs the network and none is reachable: plain HTML with its
 * style inline and no script, so it works whichever URL it stands in for (docs/decisions/025-installable-offline.md).
 */
import tailwindConfig from "../tailwind.config";

const colors = tailwindConfig.theme.extend.colors;

const OFFLINE_HEADING = "You're offline";

/** A policy of its own: the page runs nothing and loads only the app's icon and the heading's font, from the cache. */
export const OFFLINE_PAGE_POLICY =
  "default-src 'none'; img-src 'self'; font-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/**
 * `hasCollection`: this browser keeps the buyer's cards, so the page says they still open and links the library.
 * `headingFont`: the URL of the build's core Lora file (both weights; in the shell cache), if the build has one.
 */
export function offlinePageHtml({ hasCollection, headingFont }: { hasCollection: boolean; headingFont: string | undefined }): string {
  const help = hasCollection
    ? "Your library and every card in it still open: they were saved when you last visited online."
    : "Check your connection, then try again.";
  const cardsLink = hasCollection ? `<a class="secondary" href="/cards">Open my cards</a>` : "";
  const fontFace = headingFont
    ? `@font-face { font-family: Lora; font-style: normal; font-weight: 400 700; font-display: swap; src: url(${headingFont}) format("woff2"); }`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${colors.sage[700]}" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="${colors.sage[900]}" media="(prefers-color-scheme: dark)">
<title>${OFFLINE_HEADING} | LIGHT Cards</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  ${fontFace}
  :root { color-scheme: light dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif;
    background: ${colors.sage[50]}; color: ${colors.ink.DEFAULT}; }
  main { max-width: 28rem; padding: 2rem 1.5rem; text-align: center; }
  img { border-radius: 1rem; }
  h1 { font-family: Lora, ui-serif, Georgia, serif; font-size: 1.875rem; margin: 1.25rem 0 0.75rem; }
  p { color: ${colors.ink.muted}; line-height: 1.6; margin: 0 0 1.75rem; }
  a { display: block; padding: 0.875rem 1.5rem; border-radius: 9999px; font-weight: 600; text-decoration: none; }
  a.primary { background: ${colors.sage[700]}; color: #fff; }
  a.secondary { margin-top: 0.75rem; color: ${colors.sage[800]}; text-decoration: underline; }
  a:focus-visible { outline: 2px solid ${colors.lavender[500]}; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: ${colors.sage[900]}; color: ${colors.sage[50]}; }
    p { color: ${colors.sage[200]}; }
    a.primary { background: ${colors.sage[200]}; color: ${colors.sage[900]}; }
    a.secondary { color: ${colors.sage[100]}; }
  }
</style>
</head>
<body>
<main id="main">
<img src="/icons/icon-192.png" alt="" width="72" height="72">
<h1>${OFFLINE_HEADING}</h1>
<p>This page needs the network, and you are not connected right now. ${help}</p>
<a class="primary" href="">Try again</a>
${cardsLink}
</main>
</body>
</html>
`;
}
