import { type InlineStylesheet, STYLESHEET_HREFS } from "~/styles";

/** The text of each stylesheet, kept for the isolate's life: a built stylesheet's URL changes with its content. */
const stylesheetText = new Map<string, string>();

/**
 * The app's stylesheets with their text, read from the Worker's static assets (once per isolate), for the document
 * to inline. One that cannot be read stays a <link>: the page is then slower to paint, never unstyled.
 */
export async function readInlineStylesheets(assets: Fetcher, requestUrl: string): Promise<InlineStylesheet[]> {
  return Promise.all(
    STYLESHEET_HREFS.map(async (href) => {
      const known = stylesheetText.get(href);
      if (known !== undefined) return { href, css: known };
      try {
        const response = await assets.fetch(new URL(href, requestUrl));
        if (!response.ok) return { href, css: null };
        const css = await response.text();
        stylesheetText.set(href, css);
        return { href, css };
      } catch {
        return { href, css: null };
      }
    }),
  );
}
