import { createContext, useContext } from "react";
import { type InlineStylesheet, STYLESHEET_HREFS } from "~/styles";

const InlineStylesheetsContext = createContext<InlineStylesheet[]>(STYLESHEET_HREFS.map((href) => ({ href, css: null })));
export const InlineStylesheetsProvider = InlineStylesheetsContext.Provider;

/**
 * The stylesheets as <style> elements in the head, so the first paint waits for no stylesheet request
 * (docs/decisions/031-first-paint-styles-fonts-icons.md), or as <link>s when the server could not read one.
 */
export function InlineStylesheets() {
  const sheets = useContext(InlineStylesheetsContext);
  return sheets.map(({ href, css }) =>
    css === null ? (
      <link key={href} rel="stylesheet" href={href} />
    ) : (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built CSS, read from its static assets
      <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />
    ),
  );
}

/**
 * What the server inlined, read back from the document before hydration, so the browser renders the very same
 * elements (and keeps the styles even if React ever renders the document afresh).
 */
export function inlinedStylesheetsInDocument(document: Document): InlineStylesheet[] {
  return STYLESHEET_HREFS.map((href) => {
    const style = [...document.querySelectorAll("style[data-href]")].find((element) => element.getAttribute("data-href") === href);
    return { href, css: style ? (style.textContent ?? "") : null };
  });
}
