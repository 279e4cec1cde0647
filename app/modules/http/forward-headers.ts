import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * Remix forwards Set-Cookie from loaders and actions by itself; other headers a document response
 * must carry (the 3-second `Refresh` after a verified link, `Retry-After` on a 429, `X-Robots-Tag` on a share page
 * that search engines should not list) go through this.
 */
const FORWARDED = ["Refresh", "Retry-After", "X-Robots-Tag"];

export const forwardHeaders: HeadersFunction = ({ actionHeaders, errorHeaders, loaderHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of FORWARDED) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
