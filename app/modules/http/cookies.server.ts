import { createCookie, type Cookie } from "@remix-run/cloudflare";
import type { AppConfig } from "~/modules/config/config.server";

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
