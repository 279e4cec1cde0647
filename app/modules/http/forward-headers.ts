import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * Remix forwards Set-Cookie from loaders and actions by itself; other headers a document response
 * must carry (the 3-second `Refresh` after a verified link, `Retry-After` on a 429) go through this.
 */
const FORWARDED = ["Refresh", "Retry-After"];

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
