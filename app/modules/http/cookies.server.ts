import type { Cookie } from "@remix-run/cloudflare";
import { createCookieFactory } from "@remix-run/server-runtime";
import { parse } from "cookie";
import type { AppConfig } from "~/modules/config/config.server";
import { hmacKey } from "~/modules/security/signatures.server";

/**
 * The request's cookies by name, raw (still encoded and signed), as the parser Remix's cookies read them with (the
 * `cookie` package): names and values trimmed, the first of two same-named cookies wins. Whether a request carries a
 * cookie is asked of this parser only, never of a regex or a substring of the header: `lc_session =<token>` is a
 * session to Remix, and `x=lc_session=` is not (docs/decisions/022-edge-cache.md, "Which requests").
 */
function requestCookies(request: Request): Readonly<Record<string, string | undefined>> {
  return parse(request.headers.get("Cookie") ?? "", { decode: (value) => value });
}

/** Whether the request carries the cookie `name`, as the app's cookie reader would find it. */
export function carriesCookie(request: Request, name: string): boolean {
  return Object.hasOwn(requestCookies(request), name);
}

/** The raw value of the cookie `name` as the app's cookie reader would find it, or null. */
export function rawCookie(request: Request, name: string): string | null {
  return requestCookies(request)[name] ?? null;
}

/**
 * The same request carrying only the named cookies and no `Authorization`: what a render that anyone may be served
 * is allowed to see, so nothing else the browser sent can make its way into the page.
 */
export function withOnlyCookies(request: Request, names: readonly string[]): Request {
  const cookies = requestCookies(request);
  const headers = new Headers(request.headers);
  headers.delete("Authorization");
  const kept = names.flatMap((name) => (cookies[name] === undefined ? [] : [`${name}=${cookies[name]}`]));
  if (kept.length > 0) headers.set("Cookie", kept.join("; "));
  else headers.delete("Cookie");
  // A new request, not a copy of the old one: copying carries over its `cf` object, which costs more than all the
  // rest on a page answered from the cache, and nothing in the app reads it. The body of a form post goes along.
  return new Request(request.url, { method: request.method, headers, body: request.body, signal: request.signal });
}

/**
 * Remix's `createCookie` for Cloudflare, signing exactly as it does (`value.` + the HMAC-SHA256 in base64, without
 * padding), except that each secret's key is imported once per isolate instead of at every sign and verify: a
 * returning visitor's landing verifies its assignment cookie on every view (docs/decisions/037-fixed-cost-per-request.md).
 * The format is Remix's byte for byte, so a cookie signed by either verifies with the other
 * (tests/unit/signed-cookies.test.ts).
 */
export const createCookie = createCookieFactory({
  async sign(value, secret) {
    const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), utf8.encode(value));
    return `${value}.${btoa(String.fromCharCode(...new Uint8Array(signature))).replace(/=+$/, "")}`;
  },
  async unsign(signed, secret) {
    const index = signed.lastIndexOf(".");
    const value = signed.slice(0, index);
    // atob throws on a signature that is not base64: readsGarbledAsMissing reads that as no cookie.
    const signature = Uint8Array.from(atob(signed.slice(index + 1)), (char) => char.charCodeAt(0));
    return (await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, utf8.encode(value))) ? value : false;
  },
});

const utf8 = new TextEncoder();

/** Plain http on localhost is the one place cookies go without Secure (browsers would drop them). */
export function isPlainHttpLocalhost(request: Request) {
  const url = new URL(request.url);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * The app's cookies are all alike: httpOnly, SameSite=Lax (an emailed link or the OAuth provider's
 * redirect back is a top-level GET, which carries them), Secure except on plain-http localhost, and
 * signed with the session secrets (the first signs; the others still verify, for rotation).
 */
export function signedCookie(name: string, config: AppConfig, request: Request, options: { path?: string; maxAge?: number } = {}) {
  return readsGarbledAsMissing(
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: options.path ?? "/",
      maxAge: options.maxAge,
      secure: !isPlainHttpLocalhost(request),
      secrets: config.sessionSecrets,
    }),
  );
}

/**
 * The cookie, except that a value it cannot even read (a signature that is not base64, broken percent-encoding)
 * parses as no cookie, as a forged signature already does: Remix's unsign throws on those, which made any page that
 * reads the cookie answer 500 (tests/worker/attacks/garbled-cookies.test.ts).
 */
export function readsGarbledAsMissing(cookie: Cookie): Cookie {
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header, options) {
      try {
        return await cookie.parse(header, options);
      } catch {
        return null;
      }
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}
